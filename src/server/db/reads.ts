import type { CachedRead } from '../http/response-cache';
import { countersOf } from './counters';

/** A song's streams, likes and downloads: songs' counter columns, as reported by counter-only updates. */
const SONG_COUNTERS = countersOf('songs');

/**
 * What each catalogue read shows, as the SQL names of the tables it selects, joins, counts or filters
 * by: a committed write to any of them drops the read's cached answers (http/response-cache.ts) and
 * totals (db/count-cache.ts). Deletes cascading into a listed table are followed automatically.
 * Counters (db/counters.ts: `songs.counters`, `banners.counters` and the event tables) are listed like
 * tables; their changes arrive at most every COUNTER_REFRESH_MS instead of at once.
 */
export const READS = {
  songs: ['songs', SONG_COUNTERS, 'albums', 'artists', 'album_artists', 'genres'],
  albums: ['albums', 'artists', 'album_artists', 'genres', 'songs', SONG_COUNTERS],
  artists: ['artists', 'albums', 'album_artists', 'songs', SONG_COUNTERS, 'artist_follows', 'stream_events'],
  genres: ['genres', 'songs', 'albums'],
  playlists: ['playlists', 'playlist_songs', 'app_users', 'songs', SONG_COUNTERS],
  banners: ['banners', countersOf('banners')],
  appUsers: ['app_users', 'song_likes', 'playlists'],
  settings: ['settings'],
  search: [
    'songs',
    SONG_COUNTERS,
    'albums',
    'artists',
    'album_artists',
    'genres',
    'artist_follows',
    'stream_events',
  ],
  featured: [
    'playlists',
    'playlist_songs',
    'app_users',
    'songs',
    SONG_COUNTERS,
    'albums',
    'artists',
    'album_artists',
    'genres',
  ],
  dashboard: ['songs', SONG_COUNTERS, 'albums', 'artists', 'genres', 'app_users', 'banners', 'stream_events'],
  /** An admin's session check (modules/auth/sessions-repo.ts): sign-out, expiry and admin changes. */
  adminSessions: ['admin_sessions', 'admins'],
} as const satisfies Record<string, readonly string[]>;

export type ReadName = keyof typeof READS;

/** Every table (and counter name) some cached read shows: writes to no other table concern a cache. */
export const WATCHED_TABLES: ReadonlySet<string> = new Set(Object.values(READS).flat());

/** A route's `config.cache` for the read `name`. */
export const cachedRead = (name: ReadName): CachedRead => ({ reads: READS[name] });
