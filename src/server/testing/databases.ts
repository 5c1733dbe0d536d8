import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type Database, type Dialect, type OpenOptions, openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';

export interface TestDatabase {
  database: Database;
  /** A folder of its own for media and keys. */
  dataDir: string;
  cleanup(): Promise<void>;
}

/** SQLite always; PostgreSQL too whenever TEST_DATABASE_URL is set. */
export function testDialects(): Dialect[] {
  return process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];
}

/**
 * Kysely's migrator looks up tables in every schema it may use (`has_schema_privilege` by name), which
 * fails with "schema … does not exist" when another test process drops its schema meanwhile. Migrations
 * hold this advisory lock shared and drops hold it alone (the session's end releases it).
 */
const SCHEMA_DROP_LOCK = 0x6e617a;

/** migrateToLatest for a test database, on PostgreSQL while holding SCHEMA_DROP_LOCK shared. */
export async function migrateTestDatabase(database: Database): Promise<void> {
  if (database.dialect !== 'postgres') return migrateToLatest(database);
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock_shared($1)', [SCHEMA_DROP_LOCK]);
    await migrateToLatest(database);
  } finally {
    await client.end();
  }
}

/** A fresh, migrated database: a new SQLite file, or a new PostgreSQL schema dropped afterwards. */
export async function createTestDatabase(
  dialect: Dialect,
  options: Pick<OpenOptions, 'counters'> = {},
): Promise<TestDatabase> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'nazenk-test-'));
  const removeDir = () => rmSync(dataDir, { recursive: true, force: true });
  if (dialect === 'sqlite') {
    const database = openDatabase({ dialect: 'sqlite', path: path.join(dataDir, 'test.db') }, options);
    await migrateTestDatabase(database);
    return {
      database,
      dataDir,
      cleanup: async () => {
        await database.close();
        removeDir();
      },
    };
  }
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const database = openDatabase({ dialect: 'postgres', url }, { ...options, schema, poolSize: 4 });
  await migrateTestDatabase(database);
  return {
    database,
    dataDir,
    cleanup: async () => {
      await database.close();
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query('select pg_advisory_lock($1)', [SCHEMA_DROP_LOCK]);
      await client.query(`drop schema ${schema} cascade`);
      await client.end();
      removeDir();
    },
  };
}
