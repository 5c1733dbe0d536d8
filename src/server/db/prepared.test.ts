import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueFixtures } from '../testing/catalogue-fixtures';
import { createTestDatabase, type TestDatabase, testDialects } from '../testing/databases';
import { prepared } from './prepared';

describe.each(testDialects())('prepared queries on %s', (dialect) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(dialect);
  });
  afterAll(async () => t.cleanup());

  it('compiles once and binds each call’s arguments, plugins applied to the rows', async () => {
    const fx = catalogueFixtures(t.database.db);
    const karim = await fx.artist('کریم', 'Pakistan');
    const shay = await fx.artist('Shay', 'Iran');
    let builds = 0;
    const byCountry = prepared(t.database.db, (country: string, id: number) => {
      builds += 1;
      return t.database.db
        .selectFrom('artists')
        .select(['id', 'name', 'createdAt'])
        .where('country', '=', country)
        .where('id', '>=', id)
        .orderBy('id');
    });
    expect(await byCountry('Pakistan', karim)).toEqual([
      { id: karim, name: 'کریم', createdAt: expect.any(String) },
    ]);
    expect((await byCountry('Iran', 0)).map((r) => r.name)).toEqual(['Shay']);
    expect(await byCountry('Iran', shay + 1)).toEqual([]);
    expect(builds).toBe(1);
  });

  it('refuses a builder that does not pass an argument through as a value', async () => {
    const broken = prepared(t.database.db, (name: string) =>
      t.database.db.selectFrom('artists').select('id').where('name', 'like', `${name}%`),
    );
    await expect(broken('K')).rejects.toThrow('argument 0 is not bound');
  });
});
