import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { CamelCasePlugin, Kysely, PostgresDialect, type SqliteDatabase, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { DatabaseConfig } from '../config';
import type { DB } from './schema';
import { SqliteBooleanPlugin } from './sqlite-boolean-plugin';

export type Dialect = DatabaseConfig['dialect'];

export interface Database {
  db: Kysely<DB>;
  dialect: Dialect;
  /** PostgreSQL: the schema tables live in. */
  schema?: string;
  close(): Promise<void>;
}

// COUNT(*) and SUM() come back from pg as strings (int8/numeric); the values here stay far below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number.parseInt(v, 10));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number.parseFloat(v));

export interface OpenOptions {
  /** PostgreSQL only: the schema to work in (tests use one fresh schema each). */
  schema?: string;
  poolSize?: number;
}

export function openDatabase(config: DatabaseConfig, options: OpenOptions = {}): Database {
  if (config.dialect === 'sqlite') {
    if (config.path !== ':memory:') mkdirSync(path.dirname(config.path), { recursive: true });
    const sqlite = new SQLite(config.path);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = NORMAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    const db = new Kysely<DB>({
      dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
      plugins: [new CamelCasePlugin(), new SqliteBooleanPlugin()],
    });
    return { db, dialect: 'sqlite', close: () => db.destroy() };
  }
  const pool = new pg.Pool({
    connectionString: config.url,
    max: options.poolSize ?? 10,
    ...(options.schema ? { options: `-c search_path=${options.schema},public` } : {}),
  });
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }), plugins: [new CamelCasePlugin()] });
  return { db, dialect: 'postgres', schema: options.schema ?? 'public', close: () => db.destroy() };
}

const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares a new better-sqlite3 statement for every query, which costs about as much as running a
 * list query. Statements are reusable, and Kysely runs one query at a time per connection, so the same
 * SQL text gets the same statement (least recently used ones are dropped past STATEMENT_CACHE_SIZE).
 */
function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      let statement = statements.get(sql);
      if (statement) statements.delete(sql);
      else statement = sqlite.prepare(sql);
      statements.set(sql, statement);
      if (statements.size > STATEMENT_CACHE_SIZE) {
        const oldest = statements.keys().next().value;
        if (oldest !== undefined) statements.delete(oldest);
      }
      return statement;
    },
  };
}
