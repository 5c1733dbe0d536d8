import type { Kysely } from 'kysely';
import type { Artist } from '../../../contract/artists';
import { bool, num } from '../../db/mappers';
import type { DB } from '../../db/schema';

/**
 * The artists `ids` with their computed figures, aggregated for those ids only: albums they are credited
 * on (primary or collaborator), the songs of those albums and their streams, distinct signed-in listeners
 * of those songs since `since`, and followers.
 */
export function artistStats(db: Kysely<DB>, ids: readonly number[], since: string) {
  return db
    .with('credited', (qc) =>
      qc
        .selectFrom('albums')
        .select(['primaryArtistId as artistId', 'id as albumId'])
        .where('primaryArtistId', 'in', ids)
        .union(qc.selectFrom('albumArtists').select(['artistId', 'albumId']).where('artistId', 'in', ids)),
    )
    .with('albumStats', (qc) =>
      qc
        .selectFrom('credited')
        .select((eb) => ['credited.artistId', eb.fn.countAll<number>().as('albums')])
        .groupBy('credited.artistId'),
    )
    .with('songStats', (qc) =>
      qc
        .selectFrom('credited')
        .innerJoin('songs', 'songs.albumId', 'credited.albumId')
        .select((eb) => [
          'credited.artistId',
          eb.fn.countAll<number>().as('songs'),
          eb.fn.sum<number>('songs.totalStreams').as('streams'),
        ])
        .groupBy('credited.artistId'),
    )
    .with('listenerStats', (qc) =>
      qc
        .selectFrom('credited')
        .innerJoin('songs', 'songs.albumId', 'credited.albumId')
        .innerJoin('streamEvents', 'streamEvents.songId', 'songs.id')
        .where('streamEvents.createdAt', '>=', since)
        .select((eb) => [
          'credited.artistId',
          eb.fn.count<number>('streamEvents.userId').distinct().as('listeners'),
        ])
        .groupBy('credited.artistId'),
    )
    .with('followStats', (qc) =>
      qc
        .selectFrom('artistFollows')
        .select((eb) => ['artistId', eb.fn.countAll<number>().as('followers')])
        .where('artistId', 'in', ids)
        .groupBy('artistId'),
    )
    .selectFrom('artists as a')
    .leftJoin('albumStats', 'albumStats.artistId', 'a.id')
    .leftJoin('songStats', 'songStats.artistId', 'a.id')
    .leftJoin('listenerStats', 'listenerStats.artistId', 'a.id')
    .leftJoin('followStats', 'followStats.artistId', 'a.id')
    .select([
      'a.id',
      'a.name',
      'a.country',
      'a.bio',
      'a.avatar',
      'a.verified',
      'a.createdAt',
      'albumStats.albums',
      'songStats.songs',
      'songStats.streams',
      'listenerStats.listeners',
      'followStats.followers',
    ])
    .where('a.id', 'in', ids)
    .execute();
}

type Row = Awaited<ReturnType<typeof artistStats>>[number];

export const toArtist = (r: Row): Artist => ({
  id: r.id,
  name: r.name,
  country: r.country,
  bio: r.bio,
  avatar: r.avatar,
  verified: bool(r.verified),
  albumCount: num(r.albums),
  songCount: num(r.songs),
  followersCount: num(r.followers),
  monthlyListeners: num(r.listeners),
  totalStreams: num(r.streams),
  createdAt: r.createdAt,
});
