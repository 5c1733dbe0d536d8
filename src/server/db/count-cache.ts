import type { Kysely } from 'kysely';
import { foldForSearch } from '../../contract/search-fold';
import type { DB } from './schema';

/** How long a list total (or a page anchor) may be reused; see docs/decisions/0003-list-totals.md. */
export const LIST_CACHE_TTL_MS = 2_000;
const MAX_ENTRIES = 2_000;

interface Entry {
  table: string;
  expires: number;
  promise: Promise<unknown>;
  settled?: { value: unknown };
}

/**
 * A small in-process cache for values derived from whole tables: list totals (X-Total-Count) and page
 * anchors. Entries live LIST_CACHE_TTL_MS at most and are dropped at once when this process writes to
 * their table (call `invalidate` after the write commits). Concurrent misses share one computation.
 */
export class ListCache {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly ttlMs = LIST_CACHE_TTL_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /** The cached value of `key` for `table`, computing it when missing or expired. */
  memo<T>(table: string, key: string, compute: () => Promise<T>): Promise<T> {
    const id = `${table}\u0000${key}`;
    const hit = this.entries.get(id);
    if (hit && hit.expires > this.now()) return hit.promise as Promise<T>;
    const entry: Entry = { table, expires: this.now() + this.ttlMs, promise: compute() };
    entry.promise.then(
      (value) => {
        entry.settled = { value };
      },
      () => {
        if (this.entries.get(id) === entry) this.entries.delete(id);
      },
    );
    this.entries.delete(id);
    this.entries.set(id, entry);
    this.evict();
    return entry.promise as Promise<T>;
  }

  /** The value of `key` if it is cached, fresh and already computed; never computes. */
  peek<T>(table: string, key: string): { value: T } | undefined {
    const hit = this.entries.get(`${table}\u0000${key}`);
    if (!hit?.settled || hit.expires <= this.now()) return undefined;
    return { value: hit.settled.value as T };
  }

  /** The total of `table` rows matching `filter` (a plain object of the list's filters, q included). */
  count(table: string, filter: Record<string, unknown>, compute: () => Promise<number>): Promise<number> {
    return this.memo(table, `count:${filterKey(filter)}`, compute);
  }

  /** Forgets everything derived from these tables; call it after every committed write to them. */
  invalidate(...tables: string[]): void {
    for (const [id, entry] of this.entries) if (tables.includes(entry.table)) this.entries.delete(id);
  }

  private evict() {
    if (this.entries.size <= MAX_ENTRIES) return;
    const now = this.now();
    for (const [id, entry] of this.entries) if (entry.expires <= now) this.entries.delete(id);
    for (const id of this.entries.keys()) {
      if (this.entries.size <= MAX_ENTRIES) break;
      this.entries.delete(id);
    }
  }
}

/**
 * A stable key for a list's filters: keys sorted, undefined dropped, `q` folded like the search
 * itself so that spelling variants share an entry. Paging (limit, offset) must not be passed in.
 */
export function filterKey(filter: Record<string, unknown>): string {
  const entries = Object.entries(filter)
    .filter(([, v]) => v !== undefined && v !== null && v !== '')
    .map(([k, v]) => [k, k === 'q' && typeof v === 'string' ? foldForSearch(v) : v] as const)
    .filter(([, v]) => v !== '')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify(entries);
}

const caches = new WeakMap<object, ListCache>();

/** The cache of one database (tests run several databases in one process, so it is never global). */
export function listCache(db: Kysely<DB>): ListCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new ListCache();
    caches.set(db, cache);
  }
  return cache;
}

/** For code that writes a table outside its repo (e.g. inside another module's transaction). */
export const invalidateCounts = (db: Kysely<DB>, ...tables: string[]): void =>
  listCache(db).invalidate(...tables);
