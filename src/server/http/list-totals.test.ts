import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOTAL_COUNT_CAP } from '../db/list-page';
import { catalogueFixtures } from '../testing/catalogue-fixtures';
import { testDialects } from '../testing/databases';
import { createTestApp, type TestApp } from '../testing/test-app';
import { typedClient } from '../testing/typed-client';

describe.each(testDialects())('list totals capped on %s', (dialect) => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    cookie = await t.signIn();
  });
  afterAll(async () => t.close());

  /** An album of its own holding `count` published songs titled "<word> <n>" (Arabic script in the album title). */
  async function albumOf(count: number, word: string): Promise<number> {
    const fx = catalogueFixtures(t.database.db);
    const album = await fx.album(`البوم ${word}`, { primary: await fx.artist(`هنرمند ${word}`) });
    const now = new Date().toISOString();
    await sql`with recursive n(i) as (select 1 union all select i + 1 from n where i < ${count})
      insert into songs (title, album_id, status, search_text, created_at, updated_at)
      select ${`${word} `} || cast(i as text), cast(${album} as integer), 'published', ${`${word} `} || cast(i as text), ${now}, ${now}
      from n`.execute(t.database.db);
    return album;
  }

  const songs = async (query: { albumId: number; q?: string; offset?: number; limit?: number }) => {
    const { data, response } = await typedClient(t.app, { cookie }).GET('/api/songs', {
      params: { query: { limit: 5, ...query } },
    });
    return {
      ids: (data ?? []).map((s) => s.id),
      total: Number(response.headers.get('x-total-count')),
      exact: response.headers.get('x-total-count-exact'),
    };
  };

  it('counts exactly up to the cap, then answers a lower bound flagged as such, dropped by the write', async () => {
    const album = await albumOf(TOTAL_COUNT_CAP, 'zarina');
    expect(await songs({ albumId: album })).toMatchObject({ total: TOTAL_COUNT_CAP, exact: 'true' });
    expect(await songs({ albumId: album, q: 'zarina' })).toMatchObject({
      total: TOTAL_COUNT_CAP,
      exact: 'true',
    });
    const fx = catalogueFixtures(t.database.db);
    const extra = await fx.song(album, 'zarina extra');
    const above = await songs({ albumId: album });
    expect(above).toMatchObject({ total: TOTAL_COUNT_CAP, exact: 'false' });
    expect(above.ids).toContain(extra);
    expect(await songs({ albumId: album, q: 'zarina' })).toMatchObject({
      total: TOTAL_COUNT_CAP,
      exact: 'false',
    });
  });

  it('beyond the cap the bound reaches the end of the page asked for; pages there are served', async () => {
    const album = await albumOf(TOTAL_COUNT_CAP + 3, 'shirin');
    const deep = await songs({ albumId: album, offset: TOTAL_COUNT_CAP, limit: 50 });
    expect(deep).toMatchObject({ total: TOTAL_COUNT_CAP + 3, exact: 'false' });
    expect(deep.ids).toHaveLength(3);
    const before = await songs({ albumId: album, offset: TOTAL_COUNT_CAP - 5, limit: 5 });
    expect(before).toMatchObject({ total: TOTAL_COUNT_CAP, exact: 'false' });
    expect(before.ids).toHaveLength(5);
    expect(before.ids.some((id) => deep.ids.includes(id))).toBe(false);
  });

  it('small and searched lists stay exact', async () => {
    const album = await albumOf(12, 'gulnaz');
    expect(await songs({ albumId: album })).toMatchObject({ total: 12, exact: 'true' });
    expect(await songs({ albumId: album, q: 'gulnaz 1' })).toMatchObject({ total: 4, exact: 'true' });
    expect(await songs({ albumId: album, q: 'نیست' })).toMatchObject({ ids: [], total: 0, exact: 'true' });
  });

  it('the app search answers the same totals with totalExact', async () => {
    await albumOf(TOTAL_COUNT_CAP + 1, 'mahtab');
    const { data } = await typedClient(t.app).GET('/api/search', {
      params: { query: { q: 'mahtab', type: 'songs', limit: 2 } },
    });
    expect(data?.data.songs).toMatchObject({ total: TOTAL_COUNT_CAP, totalExact: false });
    const few = await typedClient(t.app).GET('/api/search', {
      params: { query: { q: 'mahtab 1000', type: 'songs', limit: 2 } },
    });
    // "mahtab 1000", "mahtab 10000" and "mahtab 10001" match.
    expect(few.data?.data.songs).toMatchObject({ total: 3, totalExact: true });
  });
});
