import type { z } from 'zod';
import { albumListQuerySchema } from '../../contract/albums';
import { artistListQuerySchema } from '../../contract/artists';
import { type SearchResult, type searchQuerySchema, toPublicSong } from '../../contract/mobile';
import { songListQuerySchema } from '../../contract/songs';
import type { Database } from '../db/database';
import { listTotal } from '../db/list-page';
import { albumsRepo } from '../modules/albums/repo';
import { artistsRepo } from '../modules/artists/repo';
import { songsRepo } from '../modules/songs/repo';

type SearchParams = z.output<typeof searchQuerySchema>;

/**
 * GET /api/search through the catalogue lists' own indexed, Arabic-folded search (db/search.ts):
 * published songs by most played, artists by name, albums newest release first, each paged on its own.
 */
export function catalogueSearch(database: Database) {
  const songs = songsRepo(database.db, database.dialect);
  const artists = artistsRepo(database.db, database.dialect);
  const albums = albumsRepo(database.db, database.dialect);

  return async (params: SearchParams): Promise<SearchResult> => {
    const { q, type, limit, offset } = params;
    const wants = (t: SearchResult['type']) => type === 'all' || type === t;
    const paging = { q, limit, offset };
    const [songPage, artistPage, albumPage] = await Promise.all([
      wants('songs')
        ? songs.list(songListQuerySchema.parse({ ...paging, status: 'published', sort: 'most_played' }))
        : undefined,
      wants('artists')
        ? artists.list(artistListQuerySchema.parse({ ...paging, sort: 'name' }), true)
        : undefined,
      wants('albums')
        ? albums.list(albumListQuerySchema.parse({ ...paging, sort: 'release' }), true)
        : undefined,
    ]);
    const totals = (page: { rows: unknown[]; total: number }) => {
      const { total, exact } = listTotal(page.total, offset, page.rows.length);
      return { total, totalExact: exact };
    };
    return {
      q,
      type,
      ...(songPage && { songs: { items: songPage.rows.map(toPublicSong), ...totals(songPage) } }),
      ...(artistPage && { artists: { items: artistPage.rows, ...totals(artistPage) } }),
      ...(albumPage && { albums: { items: albumPage.rows, ...totals(albumPage) } }),
    };
  };
}
