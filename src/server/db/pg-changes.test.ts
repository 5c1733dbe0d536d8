import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { catalogueFixtures } from '../testing/catalogue-fixtures';
import { createTestDatabase, type TestDatabase } from '../testing/databases';
import { CHANGES_CHANNEL } from './pg-changes';

describe.runIf(process.env.TEST_DATABASE_URL)('PostgreSQL change notifications', () => {
  let t: TestDatabase | undefined;
  let listener: pg.Client | undefined;
  afterEach(async () => {
    await listener?.end();
    await t?.cleanup();
    listener = undefined;
    t = undefined;
  });

  it('are sent for writes a cache reads, not for rate-limit counters', async () => {
    t = await createTestDatabase('postgres');
    listener = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await listener.connect();
    await listener.query(`listen ${CHANGES_CHANNEL}`);
    const heard: string[][] = [];
    const schema = t.database.schema;
    const artistNotified = new Promise<void>((resolve) => {
      listener?.on('notification', ({ payload }) => {
        const change = JSON.parse(payload ?? '{}') as { s: string; t: string[] };
        if (change.s !== schema) return;
        heard.push(change.t);
        if (change.t.includes('artists')) resolve();
      });
    });

    await t.database.db
      .insertInto('rateLimits')
      .values({ key: 'app-address:203.0.113.9', hits: 1, resetAt: 1 })
      .execute();
    await catalogueFixtures(t.database.db).artist('جمیله');
    await artistNotified;
    // Notifications arrive in commit order: one for the rate limit would have come first.
    expect(heard).toEqual([['artists']]);
  });
});
