import type { FastifyInstance } from 'fastify';
import { albumListQuerySchema } from '../../../contract/albums';
import { artistListQuerySchema } from '../../../contract/artists';
import { bannerListQuerySchema } from '../../../contract/banners';
import { genreListQuerySchema } from '../../../contract/genres';
import { playlistListQuerySchema } from '../../../contract/playlists';
import { songListQuerySchema } from '../../../contract/songs';
import { userListQuerySchema } from '../../../contract/users';
import { type Clock, systemClock, utcDay } from '../../clock';
import type { Database } from '../../db/database';
import { csvExportRoute } from '../../http/csv-export';
import { ALBUM_CSV_COLUMNS } from '../albums/csv-columns';
import { albumsRepo } from '../albums/repo';
import { ARTIST_CSV_COLUMNS } from '../artists/csv-columns';
import { artistsRepo } from '../artists/repo';
import { BANNER_CSV_COLUMNS } from '../banners/csv-columns';
import { bannersRepo } from '../banners/repo';
import { GENRE_CSV_COLUMNS } from '../genres/csv-columns';
import { genresRepo } from '../genres/repo';
import { PLAYLIST_CSV_COLUMNS } from '../playlists/csv-columns';
import { playlistsRepo } from '../playlists/repo';
import { SONG_CSV_COLUMNS, withGenreNames } from '../songs/csv-columns';
import { songsRepo } from '../songs/repo';
import { USER_CSV_COLUMNS } from '../users/csv-columns';
import { usersRepo } from '../users/repo';

/** GET /api/<list>/export.csv for every admin list screen, each read through the list's own repo call. */
export function exportRoutes(database: Database, clock: Clock = systemClock) {
  const { db, dialect } = database;
  const songs = songsRepo(db, dialect);
  const artists = artistsRepo(db, dialect);
  const albums = albumsRepo(db, dialect);
  const genres = genresRepo(db, dialect);
  const playlists = playlistsRepo(db, dialect);
  const banners = bannersRepo(db, dialect);
  const users = usersRepo(db, dialect);
  return async (app: FastifyInstance) => {
    const common = { clock };
    csvExportRoute(app, {
      ...common,
      path: '/api/artists/export.csv',
      name: 'artists',
      tags: ['artists'],
      query: artistListQuerySchema,
      list: (q) => artists.list(q),
      columns: ARTIST_CSV_COLUMNS,
    });
    csvExportRoute(app, {
      ...common,
      path: '/api/albums/export.csv',
      name: 'albums',
      tags: ['albums'],
      query: albumListQuerySchema,
      list: (q) => albums.list(q),
      columns: ALBUM_CSV_COLUMNS,
    });
    csvExportRoute(app, {
      ...common,
      path: '/api/songs/export.csv',
      name: 'songs',
      tags: ['songs'],
      query: songListQuerySchema,
      list: async (q) => ({ rows: await withGenreNames(db, (await songs.list(q)).rows) }),
      columns: SONG_CSV_COLUMNS,
    });
    csvExportRoute(app, {
      ...common,
      path: '/api/genres/export.csv',
      name: 'categories',
      tags: ['genres'],
      query: genreListQuerySchema,
      list: (q) => genres.list(q),
      columns: GENRE_CSV_COLUMNS,
    });
    csvExportRoute(app, {
      ...common,
      path: '/api/playlists/export.csv',
      name: 'playlists',
      tags: ['playlists'],
      query: playlistListQuerySchema,
      list: (q) => playlists.list(q),
      columns: PLAYLIST_CSV_COLUMNS,
    });
    csvExportRoute(app, {
      ...common,
      path: '/api/banners/export.csv',
      name: 'banners',
      tags: ['banners'],
      query: bannerListQuerySchema,
      list: (q) => banners.list(q, utcDay(clock)),
      columns: BANNER_CSV_COLUMNS,
    });
    csvExportRoute(app, {
      ...common,
      path: '/api/users/export.csv',
      name: 'users',
      tags: ['users'],
      query: userListQuerySchema,
      list: (q) => users.list(q),
      columns: USER_CSV_COLUMNS,
    });
  };
}
