import type { Kysely } from 'kysely';
import type { Artist } from '../../../contract/artists';
import { bool, num } from '../../db/mappers';
import type { DB } from '../../db/schema';

/**
 * The artists `ids` with their computed figures, aggregated for those ids only: albums they are credited
 * on (primary or collaborator), the songs of those albums and their streams, distinct signed-in listeners
 * of those songs since `since`, and followers. `publishedOnly` (the app's audience) counts only published
 * songs, their streams and their listeners.
 */
export function artistStats(db: Kysely<DB>, ids: readonly number[], since: string, publishedOnly = false) {
  return (
    db
      .with('credited', (qc) =>
        qc
          .selectFrom('albums')
          .select(['primaryArtistId as artistId', 'id as albumId'])
          .where('primaryArtistId', 'in', ids)
          .union(qc.selectFrom('albumArtists').select(['artistId', 'albumId']).where('artistId', 'in', ids)),
      )
      // Credited albums drive a left join into songs through the (album_id, total_streams, id) index: a
      // page of artists reaches a large share of all songs, and this never reads the song rows.
      .with('totals', (qc) =>
        qc
          .selectFrom('credited')
          .leftJoin('songs', 'songs.albumId', 'credited.albumId')
          .select((eb) => [
            'credited.artistId',
            eb.fn.count<number>('credited.albumId').distinct().as('albums'),
            (publishedOnly
              ? eb.fn.count<number>('songs.id').filterWhere('songs.status', '=', 'published')
              : eb.fn.count<number>('songs.id')
            ).as('songs'),
            (publishedOnly
              ? eb.fn.sum<number>('songs.totalStreams').filterWhere('songs.status', '=', 'published')
              : eb.fn.sum<number>('songs.totalStreams')
            ).as('streams'),
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
      .leftJoin('totals', 'totals.artistId', 'a.id')
      .leftJoin('followStats', 'followStats.artistId', 'a.id')
      .select([
        'a.id',
        'a.name',
        'a.country',
        'a.bio',
        'a.avatar',
        'a.verified',
        'a.createdAt',
        'totals.albums',
        'totals.songs',
        'totals.streams',
        // Distinct listeners over all the artist's songs cannot be summed per album: probe the events of
        // their songs (by song and time) from the artist's albums.
        (eb) =>
          eb
            .selectFrom('streamEvents as se')
            .select((e) => e.fn.count<number>('se.userId').distinct().as('n'))
            .where('se.createdAt', '>=', since)
            .where(
              'se.songId',
              'in',
              eb
                .selectFrom('songs as ls')
                .select('ls.id')
                .$if(publishedOnly, (qb) => qb.where('ls.status', '=', 'published'))
                .where(
                  'ls.albumId',
                  'in',
                  eb
                    .selectFrom('albums as lal')
                    .select('lal.id')
                    .whereRef('lal.primaryArtistId', '=', 'a.id')
                    .union(
                      eb
                        .selectFrom('albumArtists as lx')
                        .select('lx.albumId as id')
                        .whereRef('lx.artistId', '=', 'a.id'),
                    ),
                ),
            )
            .as('listeners'),
        'followStats.followers',
      ])
      .where('a.id', 'in', ids)
      .execute()
  );
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
