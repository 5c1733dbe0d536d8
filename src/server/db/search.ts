import { type RawBuilder, type SqlBool, sql } from 'kysely';
import { foldForSearch } from '../../contract/search-fold';
import type { Dialect } from './database';

type SearchableTable = 'genres' | 'artists' | 'albums' | 'songs' | 'appUsers' | 'playlists' | 'banners';
const SQL_TABLE: Record<SearchableTable, string> = {
  genres: 'genres',
  artists: 'artists',
  albums: 'albums',
  songs: 'songs',
  appUsers: 'app_users',
  playlists: 'playlists',
  banners: 'banners',
};

/** FTS5's trigram index needs at least three characters per term. */
const MIN_INDEXED_TERM = 3;

const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * A WHERE condition matching rows whose folded search text contains every word of `q` (folded the
 * same way). Indexed on both dialects: FTS5 trigram MATCH on SQLite, pg_trgm GIN with LIKE on
 * PostgreSQL. Returns null when `q` has nothing to search for.
 *
 * `alias` is how the table is named in the query (e.g. 's' for `songs as s`).
 */
export function searchCondition(
  dialect: Dialect,
  table: SearchableTable,
  alias: string,
  q: string | undefined,
): RawBuilder<SqlBool> | null {
  const terms = foldForSearch(q ?? '')
    .split(' ')
    .filter(Boolean)
    .slice(0, 8);
  if (terms.length === 0) return null;
  const column = sql.ref(`${alias}.search_text`);
  const id = sql.ref(`${alias}.id`);

  if (dialect === 'postgres') {
    return allOf(terms.map((t) => sql<SqlBool>`${column} like ${likePattern(t)} escape '\\'`));
  }
  const fts = sql.table(`${SQL_TABLE[table]}_fts`);
  const indexed = terms.filter((t) => [...t].length >= MIN_INDEXED_TERM);
  const short = terms.filter((t) => [...t].length < MIN_INDEXED_TERM);
  const conditions: RawBuilder<SqlBool>[] = short.map(
    (t) => sql<SqlBool>`${column} like ${likePattern(t)} escape '\\'`,
  );
  if (indexed.length > 0) {
    const match = indexed.map((t) => `"${t.replaceAll('"', '""')}"`).join(' ');
    conditions.unshift(sql<SqlBool>`${id} in (select rowid from ${fts} where ${fts} match ${match})`);
  }
  return allOf(conditions);
}

const allOf = (conditions: RawBuilder<SqlBool>[]) => sql<SqlBool>`(${sql.join(conditions, sql` and `)})`;
