import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueFixtures } from '../testing/catalogue-fixtures';
import { testDialects } from '../testing/databases';
import { createTestApp, type TestApp } from '../testing/test-app';
import { typedClient } from '../testing/typed-client';

describe.each(testDialects())('search and featured on %s', (dialect) => {
  let t: TestApp;
  let fx: ReturnType<typeof catalogueFixtures>;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    fx = catalogueFixtures(t.database.db);
  });
  afterAll(async () => t.close());

  /** Anonymous calls through the client generated from the OpenAPI document. */
  const api = () => typedClient(t.app);
  type SearchQuery = {
    q: string;
    type?: 'all' | 'songs' | 'artists' | 'albums';
    limit?: number;
    offset?: number;
  };
  const search = (query: SearchQuery) => api().GET('/api/search', { params: { query } });
  const ids = (items: Array<{ id: number }> | undefined) => items?.map((x) => x.id);

  it('finds published songs, artists and albums with Arabic letter variants folded', async () => {
    const artist = await fx.artist('كريم بلوچ');
    const album = await fx.album('سازِ كريم', { primary: artist });
    const published = await fx.song(album, 'ليلى كريم', { totalStreams: 5 });
    const draft = await fx.song(album, 'ليلى كريم draft', { status: 'draft' });
    const res = await search({ q: 'کریم' });
    expect(res.response.status).toBe(200);
    const data = res.data?.data;
    expect(data?.type).toBe('all');
    const songIds = ids(data?.songs?.items);
    expect(songIds).toContain(published);
    expect(songIds).not.toContain(draft);
    expect(data?.songs?.items[0]).not.toHaveProperty('audioFileUrl');
    expect(data?.songs?.items[0]).not.toHaveProperty('status');
    expect(ids(data?.artists?.items)).toContain(artist);
    expect(ids(data?.albums?.items)).toContain(album);
  });

  it('searches one type at a time and pages it with its total', async () => {
    const artist = await fx.artist('Pagewalker');
    const album = await fx.album('Pagewalker tunes', { primary: artist });
    const songs = [];
    for (let i = 0; i < 5; i++) songs.push(await fx.song(album, `zulfeqar ${i}`, { totalStreams: 100 - i }));
    const first = (await search({ q: 'zulfeqar', type: 'songs', limit: 2 })).data?.data;
    expect(first).not.toHaveProperty('artists');
    expect(first).not.toHaveProperty('albums');
    expect(first?.songs?.total).toBe(5);
    expect(ids(first?.songs?.items)).toEqual(songs.slice(0, 2));
    const third = (await search({ q: 'zulfeqar', type: 'songs', limit: 2, offset: 4 })).data?.data;
    expect(ids(third?.songs?.items)).toEqual(songs.slice(4));
    const artists = (await search({ q: 'pagewalker', type: 'artists' })).data?.data;
    expect(Object.keys(artists ?? {}).sort()).toEqual(['artists', 'q', 'type']);
  });

  it('refuses a missing, blank or 10,000-character q and an unknown type with 400', async () => {
    for (const query of [{ q: '' }, { q: '  ' }, { q: 'a'.repeat(10_000) }, { q: 'x', limit: 500 }]) {
      const res = await search(query);
      expect(res.response.status, JSON.stringify(query).slice(0, 40)).toBe(400);
      expect(res.error).toMatchObject({ code: 'VALIDATION_ERROR' });
    }
    // Raw URLs on purpose: the typed client cannot leave out q or send an undocumented type.
    for (const url of ['/api/search', '/api/search?q=x&type=playlists']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    }
  });

  it('features public visible playlists, new releases and the most played published songs', async () => {
    const artist = await fx.artist('Featured artist');
    const older = await fx.album('Older', { primary: artist }, { releaseDate: '2001-01-01' });
    const newest = await fx.album('Newest', { primary: artist }, { releaseDate: '2099-01-01' });
    const top = await fx.song(older, 'Top of the charts', { totalStreams: 10_000_000 });
    const hiddenTop = await fx.song(older, 'Draft top', { totalStreams: 20_000_000, status: 'draft' });
    const owner = await fx.user();
    const now = new Date().toISOString();
    const playlist = async (name: string, flags: { isPublic: boolean; isHidden: boolean }) =>
      (
        await t.database.db
          .insertInto('playlists')
          .values({
            name,
            userId: owner,
            isFeatured: true,
            ...flags,
            searchText: name,
            createdAt: now,
            updatedAt: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const shown = await playlist('Shown', { isPublic: true, isHidden: false });
    const hidden = await playlist('Hidden', { isPublic: true, isHidden: true });
    const personal = await playlist('Private', { isPublic: false, isHidden: false });
    await t.database.db
      .insertInto('playlistSongs')
      .values({ playlistId: shown, songId: top, position: 0, addedAt: now })
      .execute();

    const res = await api().GET('/api/featured');
    expect(res.response.status).toBe(200);
    const data = res.data?.data;
    const playlistIds = ids(data?.playlists);
    expect(playlistIds).toContain(shown);
    expect(playlistIds).not.toContain(hidden);
    expect(playlistIds).not.toContain(personal);
    expect(data?.playlists.find((p) => p.id === shown)).toMatchObject({ songCount: 1 });
    expect(data?.newReleases[0]?.id).toBe(newest);
    expect(data?.topSongs[0]?.id).toBe(top);
    expect(ids(data?.topSongs)).not.toContain(hiddenTop);
    expect(data?.topSongs[0]).not.toHaveProperty('audioFileUrl');
    expect(res.response.headers.get('cache-control')).toBe('public, max-age=30');
    const again = await api().GET('/api/featured', {
      params: { header: { 'If-None-Match': String(res.response.headers.get('etag')) } },
    });
    expect(again.response.status).toBe(304);
  });
});
