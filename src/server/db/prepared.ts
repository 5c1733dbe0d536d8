import type { Compilable, CompiledQuery, Kysely } from 'kysely';
import { nameStatement } from './named-statements';
import type { DB } from './schema';

/**
 * A hot query built and compiled once, its arguments bound at call time. `build` receives stand-ins for
 * the arguments and must pass each one to the query unchanged (as a value, not inside an expression);
 * each call then runs the same SQL text with the real values: SQLite reuses its prepared statement, and
 * PostgreSQL connections prepare it once as a named statement (db/named-statements.ts), so it is not
 * planned again on every call.
 * Kysely would otherwise build, transform (plugins) and compile the query again on every call.
 */
export function prepared<Args extends ReadonlyArray<string | number>, Row>(
  db: Kysely<DB>,
  build: (...args: Args) => Compilable<Row>,
): (...args: Args) => Promise<Row[]> {
  let compiled: { query: CompiledQuery<Row>; slots: number[] } | undefined;
  return async (...args: Args) => {
    if (!compiled) compiled = compile(build, args.length);
    const { query, slots } = compiled;
    const parameters = query.parameters.map((p, i) => {
      const slot = slots[i] ?? -1;
      return slot >= 0 ? args[slot] : p;
    });
    return (await db.executeQuery<Row>({ ...query, parameters })).rows;
  };
}

function compile<Args extends ReadonlyArray<string | number>, Row>(
  build: (...args: Args) => Compilable<Row>,
  arity: number,
) {
  const standIns = Array.from({ length: arity }, (_, i) => `\u0000prepared-argument-${i}\u0000`);
  const query = build(...(standIns as unknown as Args)).compile();
  nameStatement(query.sql);
  const slots = query.parameters.map((p) => standIns.indexOf(p as string));
  standIns.forEach((_, i) => {
    if (!slots.includes(i)) throw new Error(`prepared: argument ${i} is not bound as a value`);
  });
  return { query, slots };
}
