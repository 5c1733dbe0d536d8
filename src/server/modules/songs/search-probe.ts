import { type RawBuilder, type SqlBool, sql } from 'kysely';
import { foldForSearch } from '../../../contract/search-fold';

/** How many rows of the list's order the probe may read before giving the search to the index. */
export const PROBE_ROWS = 2_000;
/** Pages ending deeper than this many rows always go to the index. */
export const PROBE_MAX_WANTED = PROBE_ROWS / 4;

/**
 * SQLite has no statistics to choose between its two ways of answering a search: the FTS5 trigram index
 * is fast for rare words but slow for common ones (it lists every matching row, then sorts them), while
 * walking the sort index and testing each row is fast for common words (a page fills within a few
 * hundred rows) but slow for rare ones. The probe walks at most PROBE_ROWS rows in list order; when the
 * page fills there (or the list is shorter), that is the answer, otherwise the caller uses the index.
 *
 * `rowsUpTo(bound, condition, count)` must return the ids of the first `count` rows of the list (in its
 * order, search left out) that satisfy `condition` and do not come after `bound`; `bound(skip)` the sort
 * key of the row at position `skip` of the list, if there is one.
 */
export async function probeSearch<Key>(options: {
  q: string;
  offset: number;
  limit: number;
  column: string;
  bound: (skip: number) => Promise<Key | undefined>;
  rowsUpTo: (bound: Key | undefined, condition: RawBuilder<SqlBool>, count: number) => Promise<number[]>;
}): Promise<number[] | undefined> {
  const wanted = options.offset + options.limit;
  if (wanted > PROBE_MAX_WANTED) return undefined;
  const terms = foldForSearch(options.q).split(' ').filter(Boolean).slice(0, 8);
  if (terms.length === 0) return undefined;
  const column = sql.ref(options.column);
  const condition = sql<SqlBool>`(${sql.join(
    terms.map((t) => sql`${column} like ${`%${t.replace(/[\\%_]/g, (c) => `\\${c}`)}%`} escape '\\'`),
    sql` and `,
  )})`;
  const bound = await options.bound(PROBE_ROWS - 1);
  const ids = await options.rowsUpTo(bound, condition, wanted);
  if (ids.length < wanted && bound !== undefined) return undefined;
  return ids.slice(options.offset);
}
