import type { Kysely } from 'kysely';
import type { UserStats } from '../../../contract/user-playlists';
import { num } from '../../db/mappers';
import type { DB } from '../../db/schema';
import { notFound } from '../../http/errors';

/** One user's activity; each count reads an index on user_id. */
export async function userStats(db: Kysely<DB>, userId: number): Promise<UserStats> {
  const user = await db.selectFrom('appUsers').select('id').where('id', '=', userId).executeTakeFirst();
  if (!user) throw notFound('User');
  const count = (table: 'songLikes' | 'artistFollows' | 'playlists' | 'downloadEvents') =>
    db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('userId', '=', userId)
      .executeTakeFirstOrThrow();
  const [likes, follows, playlists, downloads, streams] = await Promise.all([
    count('songLikes'),
    count('artistFollows'),
    count('playlists'),
    count('downloadEvents'),
    db
      .selectFrom('streamEvents as e')
      .innerJoin('songs as s', 's.id', 'e.songId')
      .select((eb) => [
        eb.fn.countAll<number>().as('n'),
        eb.fn.coalesce(eb.fn.sum<number>('s.duration'), eb.lit(0)).as('seconds'),
        eb.fn.max('e.createdAt').as('last'),
      ])
      .where('e.userId', '=', userId)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    userId,
    likedSongs: num(likes.n),
    followedArtists: num(follows.n),
    playlists: num(playlists.n),
    totalStreams: num(streams.n),
    totalDownloads: num(downloads.n),
    listeningSeconds: num(streams.seconds),
    lastStreamAt: streams.last ?? null,
  };
}
