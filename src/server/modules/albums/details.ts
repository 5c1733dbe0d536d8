import type { Kysely } from 'kysely';
import type { Album } from '../../../contract/albums';
import { albumCredit } from '../../../contract/artist-label';
import { num } from '../../db/mappers';
import type { DB } from '../../db/schema';

/**
 * The albums `ids` as the API answers them: primary artist and genre names, collaborators in position
 * order, and track count and streams aggregated over those albums' songs only. `publishedOnly` (the app's
 * audience) counts only the published tracks and their streams.
 */
export async function albumDetails(
  db: Kysely<DB>,
  ids: readonly number[],
  publishedOnly = false,
): Promise<Map<number, Album>> {
  if (ids.length === 0) return new Map();
  const [rows, collaborators] = await Promise.all([
    db
      .with('songStats', (qc) =>
        qc
          .selectFrom('songs')
          .select((eb) => [
            'albumId',
            (publishedOnly
              ? eb.fn.countAll<number>().filterWhere('status', '=', 'published')
              : eb.fn.countAll<number>()
            ).as('tracks'),
            (publishedOnly
              ? eb.fn.sum<number>('totalStreams').filterWhere('status', '=', 'published')
              : eb.fn.sum<number>('totalStreams')
            ).as('streams'),
          ])
          .where('albumId', 'in', ids)
          .groupBy('albumId'),
      )
      .selectFrom('albums as al')
      .leftJoin('artists as pa', 'pa.id', 'al.primaryArtistId')
      .leftJoin('genres as g', 'g.id', 'al.genreId')
      .leftJoin('songStats', 'songStats.albumId', 'al.id')
      .select([
        'al.id',
        'al.title',
        'al.albumType',
        'al.primaryArtistId',
        'pa.name as primaryArtistName',
        'al.genreId',
        'g.name as genreName',
        'al.releaseDate',
        'al.description',
        'al.coverArt',
        'al.createdAt',
        'songStats.tracks',
        'songStats.streams',
      ])
      .where('al.id', 'in', ids)
      .execute(),
    collaboratorsOf(db, ids),
  ]);
  return new Map(
    rows.map((r) => {
      const collab = collaborators.get(r.id) ?? [];
      const collaboratingArtists = collab.map((c) => c.name);
      const album: Album = {
        id: r.id,
        title: r.title,
        albumType: r.albumType,
        primaryArtistId: r.primaryArtistId,
        primaryArtistName: r.primaryArtistName,
        artistName: albumCredit({
          albumType: r.albumType,
          primaryArtistName: r.primaryArtistName,
          collaboratingArtists,
        }),
        collaboratingArtists,
        collaboratingArtistIds: collab.map((c) => c.id),
        genreId: r.genreId,
        genreName: r.genreName,
        releaseDate: r.releaseDate,
        description: r.description,
        coverArt: r.coverArt,
        totalTracks: num(r.tracks),
        totalStreams: num(r.streams),
        createdAt: r.createdAt,
      };
      return [r.id, album];
    }),
  );
}

/** Collaborating artists (id and name) of these albums, in position order. */
export async function collaboratorsOf(db: Kysely<DB>, albumIds: readonly number[]) {
  const byAlbum = new Map<number, Array<{ id: number; name: string }>>();
  if (albumIds.length === 0) return byAlbum;
  const rows = await db
    .selectFrom('albumArtists as aa')
    .innerJoin('artists as ar', 'ar.id', 'aa.artistId')
    .select(['aa.albumId', 'ar.id', 'ar.name'])
    .where('aa.albumId', 'in', albumIds)
    .orderBy('aa.albumId')
    .orderBy('aa.position')
    .orderBy('ar.id')
    .execute();
  for (const r of rows) {
    const list = byAlbum.get(r.albumId) ?? [];
    list.push({ id: r.id, name: r.name });
    byAlbum.set(r.albumId, list);
  }
  return byAlbum;
}
