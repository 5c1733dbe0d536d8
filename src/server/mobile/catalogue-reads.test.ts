import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueFixtures } from '../testing/catalogue-fixtures';
import { testDialects } from '../testing/databases';
import { createTestApp, type TestApp } from '../testing/test-app';
import { listener } from './testing';

const PUBLIC_SONG_KEYS = [
  'albumId',
  'albumTitle',
  'artistName',
  'coverArt',
  'createdAt',
  'downloadsCount',
  'duration',
  'genreId',
  'id',
  'language',
  'likesCount',
  'lyricist',
  'lyrics',
  'title',
  'totalStreams',
];

describe.each(testDialects())('shared catalogue reads on %s', (dialect) => {
  let t: TestApp;
  let cookie: string;
  let fx: ReturnType<typeof catalogueFixtures>;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    cookie = await t.signIn();
    fx = catalogueFixtures(t.database.db);
  });
  afterAll(async () => t.close());

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });
  const albumOf = async (name: string) => fx.album(name, { primary: await fx.artist(`${name} artist`) });

  it('shows the app published songs only, without audio locations, cached with an ETag', async () => {
    const album = await albumOf('گلزار');
    const published = await fx.song(album, 'شائع', { audioFileUrl: '/media/audio/aa/x.mp3' });
    const draft = await fx.song(album, 'مسودہ', { status: 'draft' });
    const url = `/api/songs?albumId=${album}`;
    const anonymous = await get(url);
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.headers['x-total-count']).toBe('1');
    expect(anonymous.headers['cache-control']).toBe('public, max-age=30');
    expect(anonymous.headers.vary).toContain('Cookie');
    const rows = anonymous.json() as Array<Record<string, unknown>>;
    expect(rows.map((r) => r.id)).toEqual([published]);
    expect(Object.keys(rows[0] ?? {}).sort()).toEqual(PUBLIC_SONG_KEYS);
    expect(anonymous.body).not.toContain('/media/audio');

    const etag = String(anonymous.headers.etag);
    expect(etag).toMatch(/^"/);
    const again = await get(url, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    const user = await listener(t.database.db);
    const asAppUser = await get(url, { authorization: user.authorization });
    expect(asAppUser.json()).toEqual(rows);

    const admin = await get(url, { cookie });
    expect(admin.headers['cache-control']).toBe('private, no-store');
    expect(admin.headers['x-total-count']).toBe('2');
    expect((admin.json() as Array<{ id: number }>).map((r) => r.id).sort()).toEqual(
      [published, draft].sort(),
    );
    expect(admin.body).toContain('/media/audio');
  });

  it('narrows the app’s filters instead of widening them, and hides unpublished songs by id', async () => {
    const album = await albumOf('Narrow');
    const draft = await fx.song(album, 'Draft', { status: 'draft' });
    const drafts = await get(`/api/songs?albumId=${album}&status=draft`);
    expect(drafts.json()).toEqual([]);
    expect(drafts.headers['x-total-count']).toBe('0');
    expect((await get(`/api/songs/${draft}`)).statusCode).toBe(404);
    expect((await get(`/api/songs/${draft}`, { cookie })).json()).toMatchObject({
      id: draft,
      status: 'draft',
    });
  });

  it('shows the app active genres only', async () => {
    const now = new Date().toISOString();
    const genre = async (name: string, isActive: boolean) =>
      (
        await t.database.db
          .insertInto('genres')
          .values({ name, isActive, searchText: name.toLowerCase(), createdAt: now, updatedAt: now })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const active = await genre('Zahirok', true);
    const inactive = await genre('Zahirok old', false);
    const ids = (res: { json(): unknown }) => (res.json() as Array<{ id: number }>).map((g) => g.id);
    expect(ids(await get('/api/genres?q=zahirok'))).toEqual([active]);
    expect(ids(await get('/api/genres?q=zahirok&active=false'))).toEqual([]);
    expect(ids(await get('/api/genres?q=zahirok', { cookie })).sort()).toEqual([active, inactive].sort());
    expect((await get(`/api/genres/${inactive}`)).statusCode).toBe(404);
    expect((await get(`/api/genres/${active}`)).statusCode).toBe(200);
  });

  it('serves albums and artists to anyone, and a write is seen at once', async () => {
    const album = await albumOf('Visible');
    const song = await fx.song(album, 'Liked later');
    const first = await get(`/api/albums/${album}`);
    expect(first.statusCode).toBe(200);
    expect((await get(`/api/artists?q=${encodeURIComponent('Visible artist')}`)).statusCode).toBe(200);
    const before = await get(`/api/songs/${song}`);
    expect(before.json()).toMatchObject({ likesCount: 0 });
    const user = await listener(t.database.db);
    await t.app.inject({
      method: 'POST',
      url: `/api/songs/${song}/like`,
      headers: { authorization: user.authorization },
    });
    const after = await get(`/api/songs/${song}`, { 'if-none-match': String(before.headers.etag) });
    expect(after.statusCode).toBe(200);
    expect(after.json()).toMatchObject({ likesCount: 1 });
  });
});
