import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_COUNTER_REFRESH_MS } from '../db/counters';
import { listener } from '../mobile/testing';
import { catalogueFixtures } from '../testing/catalogue-fixtures';
import { testDialects } from '../testing/databases';
import { createTestApp, type TestApp } from '../testing/test-app';

const N = DEFAULT_COUNTER_REFRESH_MS;
const newTag = () => [...randomBytes(8)].map((b) => String.fromCharCode(97 + (b % 26))).join('');

// Decision 0018: streams, likes, follows and banner counters reach cached answers within
// COUNTER_REFRESH_MS (by the injected clock here); every other write still drops them at once.
describe.each(testDialects())('counters in cached reads on %s', (dialect) => {
  let t: TestApp;
  let cookie: string;
  let now = Date.now();
  beforeAll(async () => {
    t = await createTestApp(dialect, { counters: { now: () => now } });
    cookie = await t.signIn();
  });
  afterAll(async () => t.close());

  const get = (url: string, etag?: string) =>
    t.app.inject({ url, headers: { cookie, ...(etag ? { 'if-none-match': etag } : {}) } });

  async function catalogue() {
    const fx = catalogueFixtures(t.database.db);
    const tag = newTag();
    const artist = await fx.artist(`کریم ${tag}`);
    const album = await fx.album(`Sepad ${tag}`, { primary: artist });
    const song = await fx.song(album, `Zeba ${tag}`, { audioFileUrl: '/media/audio/aa/x.mp3' });
    return { tag, artist, album, song };
  }

  /** The cached reads showing the song's or the artist's counters, with the figure each one shows. */
  const reads = (c: Awaited<ReturnType<typeof catalogue>>) => ({
    [`/api/songs/${c.song}`]: (b: { totalStreams: number; likesCount: number }) => [
      b.totalStreams,
      b.likesCount,
    ],
    [`/api/songs?albumId=${c.album}`]: (b: Array<{ totalStreams: number; likesCount: number }>) => [
      b[0]?.totalStreams,
      b[0]?.likesCount,
    ],
    [`/api/artists/${c.artist}`]: (b: { totalStreams: number; followersCount: number }) => [
      b.totalStreams,
      b.followersCount,
    ],
  });

  /** Reads every URL once (caching it) and answers its figures and ETag. */
  async function snapshot(urls: Record<string, (body: never) => unknown>) {
    const seen: Record<string, { figures: unknown; etag: string }> = {};
    for (const [url, figures] of Object.entries(urls)) {
      const res = await get(url);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      seen[url] = { figures: figures(res.json() as never), etag: String(res.headers.etag) };
    }
    return seen;
  }

  async function reactAsApp(c: Awaited<ReturnType<typeof catalogue>>) {
    const user = await listener(t.database.db);
    const headers = { authorization: user.authorization };
    for (const url of [
      `/api/songs/${c.song}/stream`,
      `/api/songs/${c.song}/like`,
      `/api/artists/${c.artist}/follow`,
    ]) {
      const res = await t.app.inject({ method: 'POST', url, headers });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    }
  }

  it('a stream, a like and a follow reach every cached read after COUNTER_REFRESH_MS and not before', async () => {
    const c = await catalogue();
    const urls = reads(c);
    const before = await snapshot(urls);
    expect(Object.values(before).map((s) => s.figures)).toEqual([
      [0, 0],
      [0, 0],
      [0, 0],
    ]);

    await reactAsApp(c);
    now += N - 1;
    for (const [url, { etag }] of Object.entries(before))
      expect((await get(url, etag)).statusCode, url).toBe(304);

    now += 1;
    const after = await snapshot(urls);
    expect(Object.values(after).map((s) => s.figures)).toEqual([
      [1, 1],
      [1, 1],
      [1, 1],
    ]);
  });

  it('a rename drops the cached reads at once, counters held back included', async () => {
    const c = await catalogue();
    const before = await snapshot(reads(c));
    await reactAsApp(c);
    const renamed = await t.app.inject({
      method: 'PUT',
      url: `/api/artists/${c.artist}`,
      headers: { cookie },
      payload: { name: `بلوچ ${c.tag}` },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);

    for (const url of Object.keys(before)) {
      const res = await get(url, before[url]?.etag);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain(`بلوچ ${c.tag}`);
    }
    const artist = (await get(`/api/artists/${c.artist}`)).json() as { followersCount: number };
    expect(artist.followersCount).toBe(1);
  });

  it('counts 50 parallel streams exactly and shows them once due', async () => {
    const c = await catalogue();
    const url = `/api/songs/${c.song}`;
    const before = await snapshot({ [url]: (b: { totalStreams: number }) => b.totalStreams });
    const users = await Promise.all(Array.from({ length: 50 }, () => listener(t.database.db)));
    const answers = await Promise.all(
      users.map((u) =>
        t.app.inject({
          method: 'POST',
          url: `${url}/stream`,
          headers: { authorization: u.authorization },
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 200));
    const row = await t.database.db
      .selectFrom('songs')
      .select('totalStreams')
      .where('id', '=', c.song)
      .executeTakeFirstOrThrow();
    expect(Number(row.totalStreams)).toBe(50);
    expect((await get(url, before[url]?.etag)).statusCode).toBe(304);
    now += N;
    expect(((await get(url)).json() as { totalStreams: number }).totalStreams).toBe(50);
  });
});
