import type { Kysely } from 'kysely';
import { foldForSearch } from '../../contract/search-fold';
import { READS, type ReadName } from './reads';
import type { DB } from './schema';
import { type TableChanges, touches } from './table-changes';

/**
 * Backstop life of a list total or page anchor: entries are dropped by the writes `TableChanges`
 * reports, this only bounds the damage of a lost cross-process notification (docs/decisions/0003).
 */
export const LIST_CACHE_TTL_MS = 60_000;
const MAX_ENTRIES = 2_000;

interface Entry {
  list: ReadName;
  expires: number;
  promise: Promise<unknown>;
  settled?: { value: unknown };
}

/**
 * A small in-process cache for values derived from whole lists: totals (X-Total-Count) and page anchors.
 * An entry of list `list` is dropped when a committed write touches a table of READS[list]; a value whose
 * computation overlapped such a write is not kept. Concurrent misses share one computation.
 */
export class ListCache {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly changes: TableChanges,
    private readonly ttlMs = LIST_CACHE_TTL_MS,
    private readonly now: () => number = Date.now,
  ) {
    changes.subscribe((tables) => {
      for (const [id, entry] of this.entries) if (touches(tables, READS[entry.list])) this.entries.delete(id);
    });
  }

  /**
   * The cached value of `key` for `list`, computing it when missing or expired; a computed value that
   * `keep` refuses (e.g. "not found") is shared with concurrent callers but not kept.
   */
  memo<T>(list: ReadName, key: string, compute: () => Promise<T>, keep?: (value: T) => boolean): Promise<T> {
    if (!this.changes.trustworthy) return compute();
    const id = `${list}\u0000${key}`;
    const hit = this.entries.get(id);
    if (hit && hit.expires > this.now()) return hit.promise as Promise<T>;
    const mark = this.changes.mark();
    const entry: Entry = { list, expires: this.now() + this.ttlMs, promise: compute() };
    const forget = () => {
      if (this.entries.get(id) === entry) this.entries.delete(id);
    };
    entry.promise.then((value) => {
      if (this.changes.changedSince(mark, READS[list]) || (keep && !keep(value as T))) forget();
      else entry.settled = { value };
    }, forget);
    this.entries.delete(id);
    this.entries.set(id, entry);
    this.evict();
    return entry.promise as Promise<T>;
  }

  /** The value of `key` if it is cached, fresh and already computed; never computes. */
  peek<T>(list: ReadName, key: string): { value: T } | undefined {
    const hit = this.entries.get(`${list}\u0000${key}`);
    if (!hit?.settled || hit.expires <= this.now()) return undefined;
    return { value: hit.settled.value as T };
  }

  /** The total of `list` rows matching `filter` (a plain object of the list's filters, q included). */
  count(list: ReadName, filter: Record<string, unknown>, compute: () => Promise<number>): Promise<number> {
    return this.memo(list, `count:${filterKey(filter)}`, compute);
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

/** Called by openDatabase: the list cache of `db`, fed by its changes. */
export function attachListCache(db: Kysely<DB>, changes: TableChanges): void {
  caches.set(db, new ListCache(changes));
}

/** The cache of one database (tests run several databases in one process, so it is never global). */
export function listCache(db: Kysely<DB>): ListCache {
  const cache = caches.get(db);
  if (!cache) throw new Error('listCache: this Kysely instance was not opened by openDatabase');
  return cache;
}
