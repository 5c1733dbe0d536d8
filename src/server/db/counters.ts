/**
 * Counters the app moves at its own pace: streams, likes, downloads, follows, banner impressions and
 * clicks. Their writes are reported (db/write-tracker.ts) like any other, but under names of their own
 * (COUNTER_TABLES), and TableChanges delivers those to the caches at most every `refreshMs`
 * (COUNTER_REFRESH_MS): cached answers show counters at most that old, while every other write still
 * drops them at once (docs/decisions/0018-counters-and-dashboard.md).
 */

/** Columns that only count events, by table (SQL names): an UPDATE setting nothing else is a counter write. */
export const COUNTER_COLUMNS: Readonly<Record<string, readonly string[]>> = {
  songs: ['total_streams', 'likes_count', 'downloads_count'],
  banners: ['impression_count', 'click_count'],
};

/** The name a counter-only UPDATE of `table` is reported under, and that reads showing them declare. */
export const countersOf = (table: string): string => `${table}.counters`;

/** Tables holding counted events only; their inserts and deletes are counter writes. */
const EVENT_TABLES = ['stream_events', 'download_events', 'song_likes', 'artist_follows'];

/** Every name whose changes reach the caches at most every `refreshMs`. */
export const COUNTER_TABLES: ReadonlySet<string> = new Set([
  ...EVENT_TABLES,
  ...Object.keys(COUNTER_COLUMNS).map(countersOf),
]);

/** Default of COUNTER_REFRESH_MS: how old a counter shown by a cached answer may be. */
export const DEFAULT_COUNTER_REFRESH_MS = 5_000;

export interface CounterRefresh {
  /** Counter changes reach the caches at most this many milliseconds after they commit. */
  refreshMs: number;
  /** Milliseconds clock; tests inject their own. */
  now: () => number;
}
