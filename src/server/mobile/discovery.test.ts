import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueFixtures } from '../testing/catalogue-fixtures';
import { testDialects } from '../testing/databases';
import { createTestApp, type TestApp } from '../testing/test-app';

describe.each(testDialects())('search and featured on %s', (dialect) => {
  let t: TestApp;
  let fx: ReturnType<typeof catalogueFixtures>;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    fx = catalogueFixtures(t.database.db);
  });
  afterAll(async () => t.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('finds published songs, artists and albums with Arabic letter variants folded', async () => {
    const artist = await fx.artist('كريم بلوچ');
    const album = await fx.album('سازِ كريم', { primary: artist });
    const published = await fx.song(album, 'ليلى كريم', { totalStreams: 5 });
    const draft = await fx.song(album, 'ليلى كريم draft', { status: 'draft' });
    const res = await get(`/api/search?q=${encodeURIComponent('کریم')}`);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.type).toBe('all');
    const songIds = data.songs.items.map((s: { id: number }) => s.id);
    expect(songIds).toContain(published);
    expect(songIds).not.toContain(draft);
    expect(data.songs.items[0]).not.toHaveProperty('audioFileUrl');
    expect(data.songs.items[0]).not.toHaveProperty('status');
    expect(data.artists.items.map((a: { id: number }) => a.id)).toContain(artist);
    expect(data.albums.items.map((a: { id: number }) => a.id)).toContain(album);
  });

  it('searches one type at a time and pages it with its total', async () => {
    const artist = await fx.artist('Pagewalker');
    const album = await fx.album('Pagewalker tunes', { primary: artist });
    const ids = [];
    for (let i = 0; i < 5; i++) ids.push(await fx.song(album, `zulfeqar ${i}`, { totalStreams: 100 - i }));
    const first = (await get('/api/search?q=zulfeqar&type=songs&limit=2')).json().data;
    expect(first).not.toHaveProperty('artists');
    expect(first).not.toHaveProperty('albums');
    expect(first.songs.total).toBe(5);
    expect(first.songs.items.map((s: { id: number }) => s.id)).toEqual(ids.slice(0, 2));
    const third = (await get('/api/search?q=zulfeqar&type=songs&limit=2&offset=4')).json().data;
    expect(third.songs.items.map((s: { id: number }) => s.id)).toEqual(ids.slice(4));
    const artists = (await get('/api/search?q=pagewalker&type=artists')).json().data;
    expect(Object.keys(artists).sort()).toEqual(['artists', 'q', 'type']);
  });

  it('refuses a missing, blank or 10,000-character q and an unknown type with 400', async () => {
    for (const url of [
      '/api/search',
      '/api/search?q=',
      '/api/search?q=%20%20',
      `/api/search?q=${'a'.repeat(10_000)}`,
      '/api/search?q=x&type=playlists',
      '/api/search?q=x&limit=500',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url.slice(0, 40)).toBe(400);
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

    const res = await get('/api/featured');
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    const playlistIds = data.playlists.map((p: { id: number }) => p.id);
    expect(playlistIds).toContain(shown);
    expect(playlistIds).not.toContain(hidden);
    expect(playlistIds).not.toContain(personal);
    expect(data.playlists.find((p: { id: number }) => p.id === shown)).toMatchObject({ songCount: 1 });
    expect(data.newReleases[0].id).toBe(newest);
    expect(data.topSongs[0].id).toBe(top);
    expect(data.topSongs.map((s: { id: number }) => s.id)).not.toContain(hiddenTop);
    expect(data.topSongs[0]).not.toHaveProperty('audioFileUrl');
    expect(res.headers['cache-control']).toBe('public, max-age=30');
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/featured',
      headers: { 'if-none-match': String(res.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });
});
