import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database';

/** Tables whose `search_text` (folded in the application) is indexed for substring search. */
export const SEARCHABLE_TABLES = [
  'genres',
  'artists',
  'albums',
  'songs',
  'app_users',
  'playlists',
  'banners',
] as const;

/**
 * SQLite: an external-content FTS5 table with the trigram tokenizer per searchable table, kept in step
 * by triggers. PostgreSQL: pg_trgm GIN indexes, which serve LIKE '%…%' directly.
 */
export function searchMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect === 'postgres') {
        await createTrigramExtension(db);
        for (const table of SEARCHABLE_TABLES) {
          await sql`create index ${sql.id(`${table}_search_trgm_idx`)} on ${sql.table(table)} using gin (search_text public.gin_trgm_ops)`.execute(
            db,
          );
        }
        return;
      }
      for (const table of SEARCHABLE_TABLES) {
        const fts = `${table}_fts`;
        await sql
          .raw(
            `create virtual table ${fts} using fts5(search_text, content='${table}', content_rowid='id', tokenize='trigram')`,
          )
          .execute(db);
        await sql
          .raw(
            `create trigger ${table}_fts_insert after insert on ${table} begin
               insert into ${fts}(rowid, search_text) values (new.id, new.search_text);
             end`,
          )
          .execute(db);
        await sql
          .raw(
            `create trigger ${table}_fts_delete after delete on ${table} begin
               insert into ${fts}(${fts}, rowid, search_text) values ('delete', old.id, old.search_text);
             end`,
          )
          .execute(db);
        await sql
          .raw(
            `create trigger ${table}_fts_update after update of search_text on ${table} begin
               insert into ${fts}(${fts}, rowid, search_text) values ('delete', old.id, old.search_text);
               insert into ${fts}(rowid, search_text) values (new.id, new.search_text);
             end`,
          )
          .execute(db);
        await sql.raw(`insert into ${fts}(${fts}) values ('rebuild')`).execute(db);
      }
    },
  };
}

/** Parallel test workers may race to create the extension; the loser finds it there. */
async function createTrigramExtension(db: Kysely<unknown>) {
  try {
    await sql`create extension if not exists pg_trgm with schema public`.execute(db);
  } catch (err) {
    const exists = await sql<{
      n: number;
    }>`select count(*)::int as n from pg_extension where extname = 'pg_trgm'`.execute(db);
    if (exists.rows[0]?.n !== 1) throw err;
  }
}
