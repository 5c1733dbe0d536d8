import { type Kysely, sql } from 'kysely';
import { SEARCHABLE_TABLES } from './002-search';

/**
 * Search folding now maps the Urdu heh goal (ہ, and ۂ, which folding already reduced to ہ) and heh
 * doachashmee (ھ) to the Arabic heh (ه). Stored search text is folded text, so replacing those two
 * letters gives exactly what folding the row's fields again would; SQLite's FTS triggers follow the
 * update.
 */
export function hehFoldingMigration() {
  return {
    async up(db: Kysely<unknown>) {
      for (const table of SEARCHABLE_TABLES) {
        await sql`
          update ${sql.table(table)}
          set search_text = replace(replace(search_text, ${'\u06C1'}, ${'\u0647'}), ${'\u06BE'}, ${'\u0647'})
          where search_text like ${'%\u06C1%'} or search_text like ${'%\u06BE%'}`.execute(db);
      }
    },
  };
}
