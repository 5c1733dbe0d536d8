import type { Kysely } from 'kysely';
import type { Clock } from '../clock';
import type { DB } from '../db/schema';

/**
 * Likes of songs and follows of artists. Each change of a like row and of the song's likesCount runs
 * in one transaction, and only a row actually inserted or deleted moves the count, so repeated and
 * concurrent calls leave the count equal to the number of likes.
 */
export function reactionsRepo(db: Kysely<DB>, clock: Clock) {
  const likesCount = async (trx: Kysely<DB>, songId: number) =>
    Number(
      (await trx.selectFrom('songs').select('likesCount').where('id', '=', songId).executeTakeFirstOrThrow())
        .likesCount,
    );
  const followersCount = async (trx: Kysely<DB>, artistId: number) =>
    Number(
      (
        await trx
          .selectFrom('artistFollows')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('artistId', '=', artistId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  return {
    /** Undefined when the song is missing or not published. */
    like(userId: number, songId: number): Promise<number | undefined> {
      return db.transaction().execute(async (trx) => {
        const song = await trx
          .selectFrom('songs')
          .select('id')
          .where('id', '=', songId)
          .where('status', '=', 'published')
          .executeTakeFirst();
        if (!song) return undefined;
        const inserted = await trx
          .insertInto('songLikes')
          .values({ userId, songId, createdAt: clock().toISOString() })
          .onConflict((oc) => oc.columns(['userId', 'songId']).doNothing())
          .executeTakeFirst();
        if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) {
          await trx
            .updateTable('songs')
            .set((eb) => ({ likesCount: eb('likesCount', '+', 1) }))
            .where('id', '=', songId)
            .execute();
        }
        return likesCount(trx, songId);
      });
    },

    /** Undefined when the song is missing; a like kept on a song since unpublished can still be removed. */
    unlike(userId: number, songId: number): Promise<number | undefined> {
      return db.transaction().execute(async (trx) => {
        const song = await trx.selectFrom('songs').select('id').where('id', '=', songId).executeTakeFirst();
        if (!song) return undefined;
        const deleted = await trx
          .deleteFrom('songLikes')
          .where('userId', '=', userId)
          .where('songId', '=', songId)
          .executeTakeFirst();
        if (Number(deleted.numDeletedRows) > 0) {
          await trx
            .updateTable('songs')
            .set((eb) => ({ likesCount: eb('likesCount', '-', 1) }))
            .where('id', '=', songId)
            .where('likesCount', '>', 0)
            .execute();
        }
        return likesCount(trx, songId);
      });
    },

    /** Undefined when the artist is missing. */
    follow(userId: number, artistId: number, following: boolean): Promise<number | undefined> {
      return db.transaction().execute(async (trx) => {
        const artist = await trx
          .selectFrom('artists')
          .select('id')
          .where('id', '=', artistId)
          .executeTakeFirst();
        if (!artist) return undefined;
        if (following) {
          await trx
            .insertInto('artistFollows')
            .values({ userId, artistId, createdAt: clock().toISOString() })
            .onConflict((oc) => oc.columns(['userId', 'artistId']).doNothing())
            .execute();
        } else {
          await trx
            .deleteFrom('artistFollows')
            .where('userId', '=', userId)
            .where('artistId', '=', artistId)
            .execute();
        }
        return followersCount(trx, artistId);
      });
    },
  };
}
