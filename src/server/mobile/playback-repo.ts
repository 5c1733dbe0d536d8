import type { Kysely } from 'kysely';
import type { Clock } from '../clock';
import type { Dialect } from '../db/database';
import type { DB } from '../db/schema';

/** Calls by one user for one song within this window count as one stream. */
export const STREAM_REPEAT_WINDOW_MS = 30_000;

export interface StreamContext {
  deviceType: string | null;
  platform: string | null;
  location: string | null;
}

export interface PlayableSong {
  id: number;
  title: string;
  audioFileUrl: string;
}

/**
 * Stream and download events. Each event and the song's counter change in one commit; a stream counts
 * once per user, song and window (see recordStream).
 */
export type PlaybackRepo = ReturnType<typeof playbackRepo>;

export function playbackRepo(db: Kysely<DB>, dialect: Dialect, clock: Clock) {
  return {
    /** A published song with audio, or undefined (missing, unpublished and silent songs look alike). */
    async playable(id: number): Promise<PlayableSong | undefined> {
      const row = await db
        .selectFrom('songs')
        .select(['id', 'title', 'audioFileUrl'])
        .where('id', '=', id)
        .where('status', '=', 'published')
        .executeTakeFirst();
      return row?.audioFileUrl ? { ...row, audioFileUrl: row.audioFileUrl } : undefined;
    },

    /**
     * Records a stream unless one by this user of this song counted within the window; true when it
     * counted. The claim (stream_claims, migration 010) is an upsert that moves only past the window, so
     * of concurrent calls exactly one counts. On PostgreSQL the claim, the event and the counter are one
     * statement (one round trip, atomic on its own); SQLite runs the same three in a transaction.
     */
    async recordStream(songId: number, userId: number, context: StreamContext): Promise<boolean> {
      const now = clock();
      const claim = (q: Kysely<DB>) =>
        q
          .insertInto('streamClaims')
          .values({ userId, songId, countedAt: now.getTime() })
          .onConflict((oc) =>
            oc
              .columns(['userId', 'songId'])
              .doUpdateSet({ countedAt: (eb) => eb.ref('excluded.countedAt') })
              .where('streamClaims.countedAt', '<=', now.getTime() - STREAM_REPEAT_WINDOW_MS),
          );
      const event = { songId, userId, ...context, createdAt: now.toISOString() };
      if (dialect === 'postgres') {
        const counted = await db
          .with('claim', () => claim(db).returning(['songId', 'userId']))
          .with('event', (w) =>
            w
              .insertInto('streamEvents')
              .columns(['songId', 'userId', 'deviceType', 'platform', 'location', 'createdAt'])
              .expression((eb) =>
                eb
                  .selectFrom('claim')
                  .select((s) => [
                    'claim.songId',
                    'claim.userId',
                    s.val(event.deviceType).as('deviceType'),
                    s.val(event.platform).as('platform'),
                    s.val(event.location).as('location'),
                    s.val(event.createdAt).as('createdAt'),
                  ]),
              )
              .returning('songId'),
          )
          .updateTable('songs')
          .set((eb) => ({ totalStreams: eb('totalStreams', '+', 1) }))
          .where('id', 'in', (eb) => eb.selectFrom('event').select('songId'))
          .executeTakeFirst();
        return Number(counted.numUpdatedRows) > 0;
      }
      return db.transaction().execute(async (trx) => {
        const claimed = await claim(trx).executeTakeFirst();
        if (Number(claimed.numInsertedOrUpdatedRows ?? 0) === 0) return false;
        await trx.insertInto('streamEvents').values(event).execute();
        await trx
          .updateTable('songs')
          .set((eb) => ({ totalStreams: eb('totalStreams', '+', 1) }))
          .where('id', '=', songId)
          .execute();
        return true;
      });
    },

    /** Removes the claims whose window is over (they hold nothing back any more); answers how many. */
    async pruneClaims(): Promise<number> {
      const removed = await db
        .deleteFrom('streamClaims')
        .where('countedAt', '<=', clock().getTime() - STREAM_REPEAT_WINDOW_MS)
        .executeTakeFirst();
      return Number(removed.numDeletedRows);
    },

    recordDownload(songId: number, userId: number): Promise<void> {
      return db.transaction().execute(async (trx) => {
        await trx
          .insertInto('downloadEvents')
          .values({ songId, userId, createdAt: clock().toISOString() })
          .execute();
        await trx
          .updateTable('songs')
          .set((eb) => ({ downloadsCount: eb('downloadsCount', '+', 1) }))
          .where('id', '=', songId)
          .execute();
      });
    },
  };
}
