import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_COUNTER_REFRESH_MS } from '../db/counters';
import { catalogueFixtures } from '../testing/catalogue-fixtures';
import { testDialects } from '../testing/databases';
import { createTestApp, type TestApp } from '../testing/test-app';
import { typedClient } from '../testing/typed-client';
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
  let now = Date.now();
  beforeAll(async () => {
    t = await createTestApp(dialect, { counters: { now: () => now } });
    cookie = await t.signIn();
    fx = catalogueFixtures(t.database.db);
  });
  afterAll(async () => t.close());

  /** Through the client generated from the OpenAPI document; `headers` pick the audience. */
  const api = (headers: Record<string, string> = {}) => typedClient(t.app, headers);
  const songsOfAlbum = (albumId: number, headers: Record<string, string> = {}, etag?: string) =>
    api(headers).GET('/api/songs', {
      params: { query: { albumId }, ...(etag ? { header: { 'If-None-Match': etag } } : {}) },
    });
  const song = (id: number, headers: Record<string, string> = {}, etag?: string) =>
    api(headers).GET('/api/songs/{id}', {
      params: { path: { id }, ...(etag ? { header: { 'If-None-Match': etag } } : {}) },
    });
  const albumOf = async (name: string) => fx.album(name, { primary: await fx.artist(`${name} artist`) });

  it('shows the app published songs only, without audio locations, cached with an ETag', async () => {
    const album = await albumOf('گلزار');
    const published = await fx.song(album, 'شائع', { audioFileUrl: '/media/audio/aa/x.mp3' });
    const draft = await fx.song(album, 'مسودہ', { status: 'draft' });
    const anonymous = await songsOfAlbum(album);
    const headers = anonymous.response.headers;
    expect(anonymous.response.status).toBe(200);
    expect(headers.get('x-total-count')).toBe('1');
    expect(headers.get('cache-control')).toBe('public, max-age=30');
    expect(headers.get('vary')).toContain('Cookie');
    const rows = anonymous.data ?? [];
    expect(rows.map((r) => r.id)).toEqual([published]);
    expect(Object.keys(rows[0] ?? {}).sort()).toEqual(PUBLIC_SONG_KEYS);
    expect(JSON.stringify(rows)).not.toContain('/media/audio');

    const etag = String(headers.get('etag'));
    expect(etag).toMatch(/^"/);
    const again = await songsOfAlbum(album, {}, etag);
    expect(again.response.status).toBe(304);
    expect(again.data).toBeUndefined();

    const user = await listener(t.database.db);
    const asAppUser = await songsOfAlbum(album, { authorization: user.authorization });
    expect(asAppUser.data).toEqual(rows);

    const admin = await songsOfAlbum(album, { cookie });
    expect(admin.response.headers.get('cache-control')).toBe('private, no-store');
    expect(admin.response.headers.get('x-total-count')).toBe('2');
    expect((admin.data ?? []).map((r) => r.id).sort()).toEqual([published, draft].sort());
    expect(JSON.stringify(admin.data)).toContain('/media/audio');
  });

  it('narrows the app’s filters instead of widening them, and hides unpublished songs by id', async () => {
    const album = await albumOf('Narrow');
    const draft = await fx.song(album, 'Draft', { status: 'draft' });
    const drafts = await api().GET('/api/songs', { params: { query: { albumId: album, status: 'draft' } } });
    expect(drafts.data).toEqual([]);
    expect(drafts.response.headers.get('x-total-count')).toBe('0');
    expect((await song(draft)).response.status).toBe(404);
    expect((await song(draft, { cookie })).data).toMatchObject({
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
    const genres = async (
      query: { q: string; active?: 'true' | 'false' },
      headers: Record<string, string> = {},
    ) => ((await api(headers).GET('/api/genres', { params: { query } })).data ?? []).map((g) => g.id);
    const byId = async (id: number) =>
      (await api().GET('/api/genres/{id}', { params: { path: { id } } })).response.status;
    expect(await genres({ q: 'zahirok' })).toEqual([active]);
    expect(await genres({ q: 'zahirok', active: 'false' })).toEqual([]);
    expect((await genres({ q: 'zahirok' }, { cookie })).sort()).toEqual([active, inactive].sort());
    expect(await byId(inactive)).toBe(404);
    expect(await byId(active)).toBe(200);
  });

  it('serves albums and artists to anyone; a like reaches the cached song within COUNTER_REFRESH_MS', async () => {
    const album = await albumOf('Visible');
    const songId = await fx.song(album, 'Liked later');
    const first = await api().GET('/api/albums/{id}', { params: { path: { id: album } } });
    expect(first.response.status).toBe(200);
    const artists = await api().GET('/api/artists', { params: { query: { q: 'Visible artist' } } });
    expect(artists.response.status).toBe(200);
    const before = await song(songId);
    expect(before.data).toMatchObject({ likesCount: 0 });
    const user = await listener(t.database.db);
    const liked = await api({ authorization: user.authorization }).POST('/api/songs/{id}/like', {
      params: { path: { id: songId } },
    });
    expect(liked.response.status).toBe(200);
    const etag = String(before.response.headers.get('etag'));
    now += DEFAULT_COUNTER_REFRESH_MS - 1;
    expect((await song(songId, {}, etag)).response.status).toBe(304);
    now += 1;
    const after = await song(songId, {}, etag);
    expect(after.response.status).toBe(200);
    expect(after.data).toMatchObject({ likesCount: 1 });
  });
});
