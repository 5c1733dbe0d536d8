import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foldForSearch } from '../../../contract/search-fold';
import { testDialects } from '../../testing/databases';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { typedClient } from '../../testing/typed-client';
import { hehFoldingMigration } from './009-heh-folding';

describe.each(testDialects())('Urdu and Arabic heh meet in search (%s)', (dialect) => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    cookie = await t.signIn();
  });
  afterAll(() => t?.close());

  const found = async (q: string) => {
    const res = await typedClient(t.app, { cookie }).GET('/api/artists', { params: { query: { q } } });
    return (res.data ?? []).map((a) => a.name);
  };

  it('finds a name written with ہ, ۂ or ھ by any spelling of heh', async () => {
    for (const name of ['استاد نغمہ', 'شاعرِ نغمۂ دل', 'بھیرو خان'])
      await typedClient(t.app, { cookie }).POST('/api/artists', { body: { name } });
    for (const q of ['نغمه', 'نغمہ', 'نغمۂ', 'نغمة']) expect(await found(q)).toHaveLength(2);
    expect(await found('بهیرو')).toEqual(['بھیرو خان']);
  });

  it('rewrites search text stored before the change so those rows are found too', async () => {
    // As the previous folding stored them: ہ and ھ kept, ۂ already reduced to ہ.
    const before = (name: string) => foldForSearch(name).replaceAll('ه', 'ہ');
    const now = new Date().toISOString();
    const names = ['نغمہ پرانا', 'ھالو قدیم'];
    const inserted = await t.database.db
      .insertInto('artists')
      .values(
        names.map((name) => ({
          name,
          verified: false,
          searchText: before(name),
          createdAt: now,
          updatedAt: now,
        })),
      )
      .returning(['id'])
      .execute();
    expect(await found('نغمه پرانا')).toEqual([]);

    await hehFoldingMigration().up(t.database.db as unknown as Kysely<unknown>);

    const stored = await t.database.db
      .selectFrom('artists')
      .select(['name', 'searchText'])
      .where(
        'id',
        'in',
        inserted.map((r) => r.id),
      )
      .execute();
    for (const row of stored) expect(row.searchText).toBe(foldForSearch(row.name));
    expect(await found('نغمه پرانا')).toEqual(['نغمہ پرانا']);
    expect(await found('هالو')).toEqual(['ھالو قدیم']);
  });
});
