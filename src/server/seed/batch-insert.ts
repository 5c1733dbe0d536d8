import { CompiledQuery, type Insertable, type Kysely } from 'kysely';
import type { Dialect } from '../db/database';
import type { DB } from '../db/schema';

/** SQLite allows 32,766 bound parameters per statement, PostgreSQL 65,535. */
const MAX_PARAMETERS = 30_000;
const MAX_ROWS = 2_000;

const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * Inserts rows with multi-row INSERT statements, built directly (the seed writes hundreds of
 * thousands of rows; going through the query builder per value costs more than the database does).
 * Every row must have the same keys as the first. Run it inside a transaction.
 */
export async function batchInsert<T extends keyof DB & string>(
  db: Kysely<DB>,
  dialect: Dialect,
  table: T,
  rows: readonly Insertable<DB[T]>[],
): Promise<void> {
  const first = rows[0];
  if (!first) return;
  const keys = Object.keys(first);
  const columns = keys.map((k) => `"${snake(k)}"`).join(', ');
  const perStatement = Math.max(1, Math.min(MAX_ROWS, Math.floor(MAX_PARAMETERS / keys.length)));
  for (let start = 0; start < rows.length; start += perStatement) {
    const chunk = rows.slice(start, start + perStatement);
    const parameters: unknown[] = [];
    const tuples: string[] = [];
    for (const row of chunk) {
      const record = row as Record<string, unknown>;
      const placeholders: string[] = [];
      for (const key of keys) {
        const value = record[key];
        parameters.push(dialect === 'sqlite' && typeof value === 'boolean' ? Number(value) : value);
        placeholders.push(dialect === 'postgres' ? `$${parameters.length}` : '?');
      }
      tuples.push(`(${placeholders.join(', ')})`);
    }
    const text = `insert into "${snake(table)}" (${columns}) values ${tuples.join(', ')}`;
    await db.executeQuery(CompiledQuery.raw(text, parameters));
  }
}

/** After rows were inserted with explicit ids, PostgreSQL's id sequence must move past them. */
export async function syncIdSequence(db: Kysely<DB>, dialect: Dialect, table: keyof DB & string) {
  if (dialect !== 'postgres') return;
  const name = snake(table);
  await db.executeQuery(
    CompiledQuery.raw(
      `select setval(pg_get_serial_sequence('${name}', 'id'), coalesce((select max(id) from "${name}"), 0) + 1, false)`,
    ),
  );
}
