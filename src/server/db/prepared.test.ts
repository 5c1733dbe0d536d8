import { sql } from 'kysely';
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

  it.runIf(dialect === 'postgres')('is prepared once per PostgreSQL connection and reused', async () => {
    const fx = catalogueFixtures(t.database.db);
    await fx.artist('ناز', 'Oman');
    await t.database.db.connection().execute(async (connection) => {
      const build = (country: string) =>
        connection.selectFrom('artists').select(['name', 'country']).where('country', '=', country);
      const named = prepared(connection, build);
      const text = build('x').compile().sql;
      const statements = async () =>
        (
          await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(connection)
        ).rows.filter((r) => r.statement === text);
      expect(await named('Oman')).toEqual([{ name: 'ناز', country: 'Oman' }]);
      expect(await named('Iraq')).toEqual([]);
      expect(await statements()).toHaveLength(1);
    });
  });
});
