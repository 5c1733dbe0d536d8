import { albumListQuerySchema } from '../../contract/albums';
import { FEATURED_LIMIT, type Featured, type PublicPlaylist, toPublicSong } from '../../contract/mobile';
import { songListQuerySchema } from '../../contract/songs';
import { userDisplayName } from '../../contract/users';
import type { Database } from '../db/database';
import { num } from '../db/mappers';
import { albumsRepo } from '../modules/albums/repo';
import { songsRepo } from '../modules/songs/repo';

/**
 * GET /api/featured: featured playlists that are public and not hidden (newest first), albums by
 * release date (newest first, undated last) and the most played published songs.
 */
export function featuredReads(database: Database) {
  const { db } = database;
  const songs = songsRepo(db, database.dialect);
  const albums = albumsRepo(db, database.dialect);

  const featuredPlaylists = async (): Promise<PublicPlaylist[]> => {
    const rows = await db
      .selectFrom('playlists as p')
      .leftJoin('appUsers as u', 'u.id', 'p.userId')
      .where('p.isFeatured', '=', true)
      .where('p.isPublic', '=', true)
      .where('p.isHidden', '=', false)
      .select(['p.id', 'p.name', 'p.description', 'p.createdAt', 'u.firstName', 'u.lastName', 'u.username'])
      .select((eb) =>
        eb
          .selectFrom('playlistSongs as ps')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('ps.playlistId', '=', 'p.id')
          .as('songCount'),
      )
      .orderBy('p.createdAt', 'desc')
      .orderBy('p.id', 'desc')
      .limit(FEATURED_LIMIT)
      .execute();
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      description: r.description,
      createdBy: r.username === null ? null : userDisplayName({ ...r, username: r.username }),
      songCount: num(r.songCount),
      createdAt: r.createdAt,
    }));
  };

  return async (): Promise<Featured> => {
    const [playlists, newReleases, topSongs] = await Promise.all([
      featuredPlaylists(),
      albums.list(albumListQuerySchema.parse({ sort: 'release', limit: FEATURED_LIMIT }), true),
      songs.list(
        songListQuerySchema.parse({ status: 'published', sort: 'most_played', limit: FEATURED_LIMIT }),
      ),
    ]);
    return { playlists, newReleases: newReleases.rows, topSongs: topSongs.rows.map(toPublicSong) };
  };
}
