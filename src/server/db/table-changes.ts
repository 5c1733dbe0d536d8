import { COUNTER_TABLES, type CounterRefresh, DEFAULT_COUNTER_REFRESH_MS } from './counters';

/** Every table, for a change whose tables are unknown (DDL, raw SQL, a lost notification channel). */
export const ALL_TABLES = '*';

/** A point in a database's change history, taken before reading; see `TableChanges.changedSince`. */
export type ChangeMark = number;

/**
 * The committed writes of one database, by table, as the write tracker (db/write-tracker.ts) and the
 * other processes' notifications (db/pg-changes.ts) report them. Caches of anything read from the
 * database subscribe here instead of being invalidated by hand, so no write can forget them.
 *
 * A reader takes a `mark()` before it reads and, before storing what it read, asks
 * `changedSince(mark, tables)`: a write committed meanwhile makes it drop its result instead of caching
 * a page that may predate the write.
 *
 * Changes to counters (db/counters.ts), whether written or reached by a cascade, are held back and
 * delivered together `refreshMs` after the first of them (checked on the next `trustworthy` or `mark`):
 * a counter reaches cached answers within `refreshMs`, while every other table's change is delivered at
 * once. Reads showing counters also read the tables they count for (a song's streams: songs), so a
 * deleted row still leaves them at once.
 */
export class TableChanges {
  private readonly counters: CounterRefresh;
  /** Counter tables changed and not yet delivered, and when the first of them was. */
  private heldBack = new Set<string>();
  private heldSince: number | undefined;

  private seq = 0;
  private readonly lastChange = new Map<string, number>();
  private everything = 0;
  private readonly listeners = new Set<(tables: ReadonlySet<string>) => void>();
  /** Tables whose rows change with a parent's delete (ON DELETE CASCADE / SET NULL), transitively. */
  private cascades: Map<string, string[]> | undefined;
  /** False while changes made elsewhere may go unseen (e.g. the PostgreSQL listener is not connected). */
  private live = true;
  /** A cheap probe for changes committed by other connections (SQLite's data_version); true: changed. */
  externalProbe: (() => boolean) | undefined;

  /**
   * `watched`: the tables any cache reads (db/reads.ts); a write reaching none of them (a rate-limit
   * counter, a sign-in throttle) is not delivered, so it costs no cache a scan. Undefined: every table.
   */
  constructor(
    counters: Partial<CounterRefresh> = {},
    private readonly watched?: ReadonlySet<string>,
  ) {
    this.counters = { refreshMs: DEFAULT_COUNTER_REFRESH_MS, now: Date.now, ...counters };
  }

  /** Whether a write to `tables` (or a cascade from it) reaches a watched table: whether anyone must hear of it. */
  watches(tables: Iterable<string>): boolean {
    return this.reachesWatched(this.withCascades(tables));
  }

  private reachesWatched(affected: ReadonlySet<string>): boolean {
    if (!this.watched || affected.has(ALL_TABLES)) return true;
    for (const t of affected) if (this.watched.has(t)) return true;
    return false;
  }

  /** Whether caches may serve and store now; runs the external probe, delivers counter changes due. */
  get trustworthy(): boolean {
    if (this.externalProbe?.()) this.reset();
    this.deliverDueCounters();
    return this.live;
  }

  setLive(live: boolean): void {
    if (this.live && !live) this.reset();
    this.live = live;
  }

  /** Foreign-key actions, child tables by parent, read from the database after migrating. */
  setCascades(edges: ReadonlyArray<{ parent: string; child: string }>): void {
    const cascades = new Map<string, string[]>();
    for (const { parent, child } of edges) cascades.set(parent, [...(cascades.get(parent) ?? []), child]);
    this.cascades = cascades;
  }

  mark(): ChangeMark {
    this.deliverDueCounters();
    return this.seq;
  }

  /** Whether any of `tables` (or everything) changed after `mark` was taken. */
  changedSince(mark: ChangeMark, tables: readonly string[]): boolean {
    if (this.everything > mark) return true;
    return tables.some((t) => (this.lastChange.get(t) ?? 0) > mark);
  }

  /** Records committed writes to `tables` (SQL names, or ALL_TABLES) and tells the subscribers. */
  changed(tables: Iterable<string>): void {
    const affected = this.withCascades(tables);
    if (!this.reachesWatched(affected)) return;
    if (affected.has(ALL_TABLES)) {
      this.reset();
      return;
    }
    const now = new Set<string>();
    for (const t of affected) {
      if (this.counters.refreshMs > 0 && COUNTER_TABLES.has(t)) {
        this.heldBack.add(t);
        this.heldSince ??= this.counters.now();
      } else now.add(t);
    }
    if (now.size > 0) this.deliver(now);
  }

  private deliver(affected: ReadonlySet<string>): void {
    this.seq += 1;
    for (const t of affected) this.lastChange.set(t, this.seq);
    for (const listener of this.listeners) listener(affected);
  }

  private deliverDueCounters(): void {
    if (this.heldSince === undefined || this.counters.now() - this.heldSince < this.counters.refreshMs)
      return;
    const tables = this.heldBack;
    this.heldBack = new Set();
    this.heldSince = undefined;
    this.deliver(tables);
  }

  /** Forgets every cached read: writes may have been missed. */
  reset(): void {
    this.heldBack = new Set();
    this.heldSince = undefined;
    this.seq += 1;
    this.everything = this.seq;
    const all = new Set([ALL_TABLES]);
    for (const listener of this.listeners) listener(all);
  }

  /** `listener` hears the tables of every committed change (a set holding ALL_TABLES: everything). */
  subscribe(listener: (tables: ReadonlySet<string>) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private withCascades(tables: Iterable<string>): Set<string> {
    const affected = new Set<string>();
    const pending = [...tables];
    for (let table = pending.pop(); table !== undefined; table = pending.pop()) {
      if (affected.has(table)) continue;
      affected.add(table);
      // Until the foreign keys are known, a change could reach any table.
      if (!this.cascades) affected.add(ALL_TABLES);
      else pending.push(...(this.cascades.get(table) ?? []));
    }
    return affected;
  }
}

/** Whether a listener's change set touches any of `tables`. */
export const touches = (changed: ReadonlySet<string>, tables: readonly string[]): boolean =>
  changed.has(ALL_TABLES) || tables.some((t) => changed.has(t));
