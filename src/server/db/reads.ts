import type { CachedRead } from '../http/response-cache';

/**
 * What each catalogue read shows, as the SQL names of the tables it selects, joins, counts or filters
 * by: a committed write to any of them drops the read's cached answers (http/response-cache.ts) and
 * totals (db/count-cache.ts). Deletes cascading into a listed table are followed automatically.
 */
export const READS = {
  songs: ['songs', 'albums', 'artists', 'album_artists', 'genres'],
  albums: ['albums', 'artists', 'album_artists', 'genres', 'songs'],
  artists: ['artists', 'albums', 'album_artists', 'songs', 'artist_follows', 'stream_events'],
  genres: ['genres', 'songs', 'albums'],
  playlists: ['playlists', 'playlist_songs', 'app_users', 'songs'],
  banners: ['banners'],
  appUsers: ['app_users', 'song_likes', 'playlists'],
  settings: ['settings'],
  search: ['songs', 'albums', 'artists', 'album_artists', 'genres', 'artist_follows', 'stream_events'],
  featured: [
    'playlists',
    'playlist_songs',
    'app_users',
    'songs',
    'albums',
    'artists',
    'album_artists',
    'genres',
  ],
  dashboard: ['songs', 'albums', 'artists', 'genres', 'app_users', 'banners', 'stream_events'],
  /** An admin's session check (modules/auth/sessions-repo.ts): sign-out, expiry and admin changes. */
  adminSessions: ['admin_sessions', 'admins'],
} as const satisfies Record<string, readonly string[]>;

export type ReadName = keyof typeof READS;

/** A route's `config.cache` for the read `name`. */
export const cachedRead = (name: ReadName): CachedRead => ({ reads: READS[name] });
