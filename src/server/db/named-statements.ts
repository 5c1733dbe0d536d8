import type pg from 'pg';

/** SQL text of the hot queries (db/prepared.ts) → the name PostgreSQL keeps their prepared plan under. */
const names = new Map<string, string>();

/** Asks every PostgreSQL connection to prepare `sql` once and reuse its plan (planning can outcost running it). */
export function nameStatement(sql: string): void {
  if (!names.has(sql)) names.set(sql, `nazenk_${names.size}`);
}

/**
 * Makes a pooled client run named statements for the SQL registered above: node-postgres prepares a
 * named statement once per connection and then only binds and executes it. Other SQL runs unnamed.
 */
export function useNamedStatements(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as { query: unknown }).query = (...args: unknown[]) => {
    const [text, values] = args;
    const name = args.length === 2 && typeof text === 'string' ? names.get(text) : undefined;
    return name ? query({ name, text, values }) : query(...args);
  };
}
