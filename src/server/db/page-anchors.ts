import { type RawBuilder, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import type { ListCache } from './count-cache';
import type { ReadName } from './reads';

/** Deep pages start from the nearest anchor at a multiple of this many rows. */
export const ANCHOR_STEP = 500;

/** The sort key of one row: its sort column's value and its id (the tie-breaker). */
export type Anchor = readonly [value: string | number, id: number];

export interface Seek {
  /** Rows strictly after this key (in the list's order) are the ones left after skipping; null: none skipped. */
  after: Anchor | null;
  /** The offset still to apply after `after`. */
  offset: number;
  /** The list has fewer rows than the requested offset: the page is empty. */
  beyondEnd: boolean;
}

/**
 * Turns a deep OFFSET into a keyset seek. OFFSET n makes the database walk n index entries on every
 * request; instead, the sort key of the row just before each multiple of ANCHOR_STEP is remembered in the
 * list cache (per table, filter and sort; dropped on writes and after the cache TTL), so a deep page
 * walks at most ANCHOR_STEP + limit entries. A missing anchor is found from the nearest cached one below
 * it. `fetchAnchor(after, skip)` must return the sort key of the row at position `skip` after `after`
 * (from the start when null) in the list's order, or undefined when there is none.
 *
 * The sort column must be NOT NULL and the order must be (column, id) in one direction.
 */
export async function seekOffset(
  cache: ListCache,
  table: ReadName,
  listKey: string,
  offset: number,
  fetchAnchor: (after: Anchor | null, skip: number) => Promise<Anchor | undefined>,
): Promise<Seek> {
  if (offset < ANCHOR_STEP) return { after: null, offset, beyondEnd: false };
  const at = offset - (offset % ANCHOR_STEP);
  const keyAt = (position: number) => `anchor:${listKey}@${position}`;
  const anchor = await cache.memo(table, keyAt(at), async (): Promise<Anchor | null> => {
    for (let below = at - ANCHOR_STEP; below >= ANCHOR_STEP; below -= ANCHOR_STEP) {
      const cached = cache.peek<Anchor | null>(table, keyAt(below));
      if (cached?.value === null) return null;
      if (cached) return (await fetchAnchor(cached.value, at - below - 1)) ?? null;
    }
    return (await fetchAnchor(null, at - 1)) ?? null;
  });
  if (anchor === null) return { after: null, offset, beyondEnd: true };
  return { after: anchor, offset: offset - at, beyondEnd: false };
}

/**
 * The keyset condition "(column, id) comes after `anchor`" for a list ordered by (column, id) in
 * `direction`; `column` and `id` are references such as 's.createdAt' and 's.id'.
 */
export function afterAnchor(
  column: string,
  id: string,
  direction: 'asc' | 'desc',
  anchor: Anchor,
): RawBuilder<SqlBool> {
  const op = sql.raw(direction === 'desc' ? '<' : '>');
  return sql<SqlBool>`(${sql.ref(column)}, ${sql.ref(id)}) ${op} (${anchor[0]}, ${anchor[1]})`;
}

/**
 * A list ordered by (column, id) in `direction`, from just after `after` when given: the order
 * seekOffset's anchors are read in and the condition that resumes it, kept in one place so they agree.
 */
export function keysetOrder<DB, TB extends keyof DB, O>(
  qb: SelectQueryBuilder<DB, TB, O>,
  column: string,
  id: string,
  direction: 'asc' | 'desc',
  after: Anchor | null,
): SelectQueryBuilder<DB, TB, O> {
  return (after ? qb.where(afterAnchor(column, id, direction, after)) : qb)
    .orderBy(sql.ref(column), direction)
    .orderBy(sql.ref(id), direction);
}
