import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import { filterKey, type ListCache } from './count-cache';
import { num } from './mappers';
import { type Anchor, seekOffset } from './page-anchors';
import type { ReadName } from './reads';
import type { DB } from './schema';

export interface ListPageQuery<Row> {
  cache: ListCache;
  /** The list (READS names the tables whose writes drop its totals and anchors). */
  table: ReadName;
  /** The list's filters, q included, paging and sort left out: the key of its cached total. */
  filter: Record<string, unknown>;
  sort: string;
  offset: number;
  /**
   * The sort key of the row `skip` rows after `after` (see seekOffset); leave it out when the sort cannot
   * seek (a computed or nullable sort key): deep pages then use a plain OFFSET.
   */
  anchor?: (after: Anchor | null, skip: number) => Promise<Anchor | undefined>;
  /** The page: rows after `after` (from the start when null), skipping `offset` more. */
  rows: (after: Anchor | null, offset: number) => Promise<Row[]>;
  /** Counts every row matching the filter; cached per filter. */
  count: () => Promise<number>;
}

/** One page of a list and the list's total, computed concurrently; deep offsets seek from cached anchors. */
export async function listPage<Row>(q: ListPageQuery<Row>): Promise<{ rows: Row[]; total: number }> {
  const seek = q.anchor
    ? await seekOffset(q.cache, q.table, filterKey({ ...q.filter, sort: q.sort }), q.offset, q.anchor)
    : { after: null, offset: q.offset, beyondEnd: false };
  const [rows, total] = await Promise.all([
    seek.beyondEnd ? [] : q.rows(seek.after, seek.offset),
    q.cache.count(q.table, q.filter, q.count),
  ]);
  return { rows, total };
}

/** The anchor of the row `skip` rows into a query selecting the sort key `as value` and the id. */
export async function anchorAt<DB, TB extends keyof DB>(
  query: SelectQueryBuilder<DB, TB, { value: string | number; id: number }>,
  skip: number,
): Promise<Anchor | undefined> {
  const row = await query.limit(1).offset(skip).executeTakeFirst();
  return row && ([row.value, row.id] as const);
}

/**
 * Totals are counted up to this many rows: beyond it, a list's total is a lower bound (X-Total-Count-Exact:
 * false), so no count walks a whole large table or every match of a common word (decision 0003).
 */
export const TOTAL_COUNT_CAP = 10_000;

/**
 * The number of rows a (filtered, unselected) query matches, counting at most `upTo` (by default one past
 * TOTAL_COUNT_CAP, enough to tell that the cap is exceeded); `upTo: null` counts them all.
 */
export async function countRows<QDB, TB extends keyof QDB>(
  db: Kysely<DB>,
  query: SelectQueryBuilder<QDB, TB, object>,
  upTo: number | null = TOTAL_COUNT_CAP + 1,
): Promise<number> {
  if (upTo === null) {
    const row = await query
      .select(sql<number>`count(*)`.as('n'))
      .$castTo<{ n: number }>()
      .executeTakeFirstOrThrow();
    return num(row.n);
  }
  const limited = query.select(sql<number>`1`.as('one')).limit(upTo);
  const { rows } = await sql<{ n: number }>`select count(*) as n from (${limited}) as counted`.execute(db);
  return num(rows[0]?.n ?? 0);
}

/**
 * What a list answers as its total, from a count capped by `countRows`: exact up to TOTAL_COUNT_CAP;
 * beyond it a lower bound, at least the cap and at least the rows up to the end of this page.
 */
export function listTotal(
  counted: number,
  offset: number,
  rowsOnPage: number,
): { total: number; exact: boolean } {
  if (counted <= TOTAL_COUNT_CAP) return { total: counted, exact: true };
  return { total: Math.max(TOTAL_COUNT_CAP, offset + rowsOnPage), exact: false };
}
