import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { nowIso } from '../clock';
import { artistRow } from '../modules/catalogue-rows';
import { catalogueFixtures } from '../testing/catalogue-fixtures';
import { createTestDatabase, type TestDatabase } from '../testing/databases';
import { type Database, openDatabase } from './database';
import { migrateToLatest } from './migrate';

const artistNames = (database: Database) =>
  database.db
    .selectFrom('artists')
    .select('name')
    .orderBy('id')
    .execute()
    .then((rows) => rows.map((r) => r.name));

describe('the SQLite driver: reads on a reader thread, the rest on the main connection', () => {
  let t: TestDatabase | undefined;
  afterEach(async () => {
    await t?.cleanup();
    t = undefined;
  });

  it('reads outside a transaction while one is open, seeing only what was committed', async () => {
    t = await createTestDatabase('sqlite');
    const { database } = t;
    await catalogueFixtures(database.db).artist('کریم');
    let inside: string[] = [];
    let outside: string[] = [];
    await database.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('artists')
        .values(artistRow({ name: 'Shay', country: null, verified: false, createdAt: nowIso() }))
        .execute();
      inside = (await trx.selectFrom('artists').select('name').orderBy('id').execute()).map((r) => r.name);
      // On one connection this read would wait for the transaction, which waits for it.
      outside = await artistNames(database);
    });
    expect(inside).toEqual(['کریم', 'Shay']);
    expect(outside).toEqual(['کریم']);
    expect(await artistNames(database)).toEqual(['کریم', 'Shay']);
  });

  it('runs a long read without holding the event loop', async () => {
    t = await createTestDatabase('sqlite');
    const order: string[] = [];
    setTimeout(() => order.push('timer'), 1);
    const { rows } = await sql<{ n: number }>`select (
      with recursive c(x) as (select 1 union all select x + 1 from c where x < 3000000) select count(*) from c
    ) as n`.execute(t.database.db);
    order.push('read');
    expect(rows).toEqual([{ n: 3_000_000 }]);
    // On the main thread the read would have finished before the timer could fire.
    expect(order).toEqual(['timer', 'read']);
  });

  it('answers a failing read with the SQLite error and its code', async () => {
    t = await createTestDatabase('sqlite');
    const failing = sql`select * from no_such_table`.execute(t.database.db);
    await expect(failing).rejects.toBeInstanceOf(SQLite.SqliteError);
    await expect(failing).rejects.toMatchObject({
      code: 'SQLITE_ERROR',
      message: 'no such table: no_such_table',
    });
  });

  it('keeps an in-memory database on its one connection', async () => {
    const memory = openDatabase({ dialect: 'sqlite', path: ':memory:' });
    try {
      await migrateToLatest(memory);
      await catalogueFixtures(memory.db).artist('Zahirok');
      expect(await artistNames(memory)).toEqual(['Zahirok']);
    } finally {
      await memory.close();
    }
  });
});
