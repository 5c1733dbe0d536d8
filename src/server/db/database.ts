import { mkdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { CamelCasePlugin, Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { refuseUnauditedWrite } from '../audit/guard';
import type { DatabaseConfig } from '../config';
import { answersTakeTurns } from './answer-turns';
import { attachListCache } from './count-cache';
import type { CounterRefresh } from './counters';
import { useNamedStatements } from './named-statements';
import { pgChanges } from './pg-changes';
import { createPrivately, keepPrivate } from './private-files';
import { WATCHED_TABLES } from './reads';
import type { DB } from './schema';
import { SqliteBooleanPlugin } from './sqlite-boolean-plugin';
import { sqliteDialect } from './sqlite-driver';
import { TableChanges } from './table-changes';
import { trackWrites } from './write-tracker';

export type Dialect = DatabaseConfig['dialect'];

export interface Database {
  db: Kysely<DB>;
  dialect: Dialect;
  /** PostgreSQL: the schema tables live in. */
  schema?: string;
  /** Every committed write, by table, from this process and (PostgreSQL) the others: caches subscribe. */
  changes: TableChanges;
  /** Resolves when changes made by other processes are being received (migrateToLatest awaits it). */
  changesReady: Promise<void>;
  close(): Promise<void>;
}

// COUNT(*) and SUM() come back from pg as strings (int8/numeric); the values here stay far below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number.parseInt(v, 10));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number.parseFloat(v));

export interface OpenOptions {
  /** PostgreSQL only: the schema to work in (tests use one fresh schema each). */
  schema?: string;
  poolSize?: number;
  /** How often counter changes reach the caches (db/counters.ts); tests inject a clock. */
  counters?: Partial<CounterRefresh>;
}

/**
 * PostgreSQL runs on the same few cores here: more connections than a couple per core only queue
 * inside the server, while too few leave the event loop waiting on the pool.
 */
const DEFAULT_POOL_SIZE = Math.max(4, availableParallelism() * 3);

export function openDatabase(config: DatabaseConfig, options: OpenOptions = {}): Database {
  if (config.dialect === 'sqlite') {
    const onDisk = config.path !== ':memory:';
    if (onDisk) {
      mkdirSync(path.dirname(config.path), { recursive: true });
      createPrivately(config.path);
    }
    const sqlite = new SQLite(config.path);
    sqlite.pragma('journal_mode = WAL');
    if (onDisk) keepPrivate(config.path);
    sqlite.pragma('synchronous = NORMAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    const changes = new TableChanges(options.counters, WATCHED_TABLES);
    changes.externalProbe = otherConnectionsWrote(sqlite);
    const db = new Kysely<DB>({
      dialect: trackWrites(sqliteDialect(sqlite, onDisk ? config.path : undefined), {
        beforeWrite: refuseUnauditedWrite,
        committed: (tables) => changes.changed(tables),
      }),
      plugins: [new CamelCasePlugin(), new SqliteBooleanPlugin()],
    });
    attachListCache(db, changes);
    return { db, dialect: 'sqlite', changes, changesReady: Promise.resolve(), close: () => db.destroy() };
  }
  const pool = new pg.Pool({
    connectionString: config.url,
    max: options.poolSize ?? DEFAULT_POOL_SIZE,
    ...(options.schema ? { options: `-c search_path=${options.schema},public` } : {}),
  });
  pool.on('connect', useNamedStatements);
  const schema = options.schema ?? 'public';
  const changes = new TableChanges(options.counters, WATCHED_TABLES);
  const notifier = pgChanges({ url: config.url, schema, changes });
  const db = new Kysely<DB>({
    dialect: trackWrites(answersTakeTurns(new PostgresDialect({ pool })), {
      beforeWrite: refuseUnauditedWrite,
      beforeCommit: notifier.publish,
      committed: (tables) => changes.changed(tables),
    }),
    plugins: [new CamelCasePlugin()],
  });
  attachListCache(db, changes);
  return {
    db,
    dialect: 'postgres',
    schema,
    changes,
    changesReady: notifier.ready,
    close: async () => {
      await notifier.close();
      await db.destroy();
    },
  };
}

/**
 * SQLite's data_version changes when another connection (another process) commits to the file; this
 * process's own writes are seen by the write tracker. Checking it costs about a microsecond.
 */
function otherConnectionsWrote(sqlite: SQLite.Database): () => boolean {
  const version = sqlite.prepare('pragma data_version').pluck();
  let last: unknown;
  return () => {
    let current: unknown;
    try {
      current = version.get();
    } catch {
      // The connection is busy (an open streamed read): assume the worst.
      return true;
    }
    const changed = last !== undefined && current !== last;
    last = current;
    return changed;
  };
}
