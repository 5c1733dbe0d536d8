import { randomBytes } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { type Database, type Dialect, openDatabase } from '../db/database';

export interface ScratchDatabase {
  /** A DATABASE_URL for a server process. */
  url: string;
  /** Opens it from the test process, e.g. to check what the server stored. */
  open(): Database;
  drop(): Promise<void>;
}

/**
 * A whole database of its own for a server process: a SQLite file in `dataDir`, or a new PostgreSQL
 * database beside TEST_DATABASE_URL's, dropped afterwards (a server process cannot be given a schema).
 */
export async function scratchDatabase(dialect: Dialect, dataDir: string): Promise<ScratchDatabase> {
  if (dialect === 'sqlite') {
    const file = path.join(dataDir, 'catalogue.db');
    return {
      url: `sqlite:${file}`,
      open: () => openDatabase({ dialect: 'sqlite', path: file }),
      drop: async () => {},
    };
  }
  const base = process.env.TEST_DATABASE_URL ?? '';
  const name = `nazenk_scratch_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    open: () => openDatabase({ dialect: 'postgres', url: url.toString() }),
    drop: async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}
