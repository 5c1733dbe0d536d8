import { beforeAll, describe, expect, it } from 'vitest';
import { isoMinus } from '../../clock';
import { useApiTestApp } from '../../testing/api-test-app';
import { testDialects } from '../../testing/databases';
import { type TestRows, testRows } from '../../testing/rows';
import { playlistSearchText } from '../search-text';

describe.each(testDialects())('playlists API on %s', (dialect) => {
  const t = useApiTestApp(dialect);
  let rows: TestRows;
  const ids = { wedding: 0, featured: 0, hiddenPublic: 0, private: 0, script: 0 };
  let songIds: number[] = [];

  beforeAll(async () => {
    rows = testRows(t.database.db);
    const karim = await rows.user({ firstName: 'كريم', lastName: 'بلوچ', username: 'karim' });
    const noName = await rows.user({ username: 'shay_b' });
    const album = await rows.album(await rows.artist());
    songIds = [
      await rows.song(album, { title: 'لیلو جان', duration: 200 }),
      await rows.song(album, { title: 'Sahar', duration: 185 }),
      await rows.song(album, { title: 'No length' }),
    ];
    const day = 86_400_000;
    ids.wedding = await rows.playlist(
      {
        name: 'Wedding Laadi',
        description: 'Songs for the henna night',
        userId: karim,
        createdAt: isoMinus(5 * day),
      },
      songIds,
    );
    ids.featured = await rows.playlist(
      { name: 'Zahirok classics', userId: noName, isFeatured: true, createdAt: isoMinus(4 * day) },
      songIds.slice(0, 1),
    );
    ids.hiddenPublic = await rows.playlist({
      name: 'Hidden gems',
      isHidden: true,
      createdAt: isoMinus(3 * day),
    });
    ids.private = await rows.playlist({ name: 'My own', isPublic: false, createdAt: isoMinus(2 * day) });
    ids.script = await rows.playlist({
      name: "<script>alert('x')</script>'; drop table playlists; --",
      createdAt: isoMinus(day),
    });
  });

  const { call } = t;
  const names = async (url: string) => (await call('GET', url)).json().map((p: { name: string }) => p.name);

  it('lists playlists newest first with creator, song count and total', async () => {
    const res = await call('GET', '/api/playlists');
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('5');
    const list = res.json();
    expect(list.map((p: { id: number }) => p.id)).toEqual([
      ids.script,
      ids.private,
      ids.hiddenPublic,
      ids.featured,
      ids.wedding,
    ]);
    const wedding = list.find((p: { id: number }) => p.id === ids.wedding);
    expect(wedding).toMatchObject({
      name: 'Wedding Laadi',
      description: 'Songs for the henna night',
      createdBy: 'كريم بلوچ',
      songCount: 3,
      isPublic: true,
      isFeatured: false,
      isHidden: false,
    });
    expect(list.find((p: { id: number }) => p.id === ids.featured)).toMatchObject({
      createdBy: 'shay_b',
      songCount: 1,
    });
    expect(list.find((p: { id: number }) => p.id === ids.private)).toMatchObject({
      createdBy: null,
      songCount: 0,
    });
    // Script and SQL text is data: stored and answered verbatim, the table still there.
    expect(list[0].name).toBe("<script>alert('x')</script>'; drop table playlists; --");
  });

  it("answers a playlist's songs in playlist order, paged, and its total duration", async () => {
    const res = await call('GET', `/api/playlists/${ids.wedding}/songs?limit=2`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('3');
    expect(res.json().map((s: { title: string }) => s.title)).toEqual(['لیلو جان', 'Sahar']);
    expect(res.json()[0]).toMatchObject({ id: songIds[0], duration: 200, albumTitle: expect.any(String) });
    const rest = await call('GET', `/api/playlists/${ids.wedding}/songs?limit=2&offset=2`);
    expect(rest.json().map((s: { title: string }) => s.title)).toEqual(['No length']);
    expect((await call('GET', `/api/playlists/${ids.wedding}`)).json()).toMatchObject({
      songCount: 3,
      totalDuration: 385,
    });
    expect((await call('GET', `/api/playlists/${ids.private}`)).json().totalDuration).toBe(0);
    const empty = await call('GET', `/api/playlists/${ids.private}/songs`);
    expect(empty.json()).toEqual([]);
    expect(empty.headers['x-total-count']).toBe('0');
    expect((await call('GET', '/api/playlists/999999/songs')).json()).toMatchObject({ code: 'NOT_FOUND' });
    for (const url of [`/api/playlists/${ids.wedding}/songs?limit=0`, '/api/playlists/abc/songs']) {
      const bad = await call('GET', url);
      expect(bad.statusCode, url).toBe(400);
      expect(bad.json().code).toBe('VALIDATION_ERROR');
    }
  });

  it('sorts, pages and filters by tab', async () => {
    expect(await names('/api/playlists?sort=oldest&limit=2&offset=1')).toEqual([
      'Zahirok classics',
      'Hidden gems',
    ]);
    expect((await names('/api/playlists?sort=songs'))[0]).toBe('Wedding Laadi');
    expect(await names('/api/playlists?filter=featured')).toEqual(['Zahirok classics']);
    expect(await names('/api/playlists?filter=hidden')).toEqual(['Hidden gems']);
    const publicOnes = await call('GET', '/api/playlists?filter=public');
    expect(publicOnes.headers['x-total-count']).toBe('3');
    expect(publicOnes.json().map((p: { name: string }) => p.name)).not.toContain('Hidden gems');
    expect(publicOnes.json().map((p: { name: string }) => p.name)).not.toContain('My own');
  });

  it('answers the four counters with the search applied', async () => {
    const res = await call('GET', '/api/playlists/counts');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ all: 5, featured: 1, public: 3, hidden: 1 });
    expect((await call('GET', '/api/playlists/counts?q=zahirok')).json()).toEqual({
      all: 1,
      featured: 1,
      public: 1,
      hidden: 0,
    });
    expect((await call('GET', '/api/playlists/counts?q=nothing-like-this')).json()).toEqual({
      all: 0,
      featured: 0,
      public: 0,
      hidden: 0,
    });
  });

  it('searches name, description and creator, folding Arabic letter variants', async () => {
    expect(await names('/api/playlists?q=henna')).toEqual(['Wedding Laadi']);
    expect(await names(`/api/playlists?q=${encodeURIComponent('کریم')}`)).toEqual(['Wedding Laadi']);
    expect(await names(`/api/playlists?q=${encodeURIComponent('كَرِيم')}`)).toEqual(['Wedding Laadi']);
    expect(await names('/api/playlists?q=karim')).toEqual(['Wedding Laadi']);
    expect(await names('/api/playlists?q=shay_b')).toEqual(['Zahirok classics']);
    const res = await call('GET', '/api/playlists?q=gems&filter=featured');
    expect(res.json()).toEqual([]);
    expect(res.headers['x-total-count']).toBe('0');
  });

  it('rejects bad queries with the field named', async () => {
    for (const url of [
      '/api/playlists?filter=secret',
      '/api/playlists?sort=random',
      '/api/playlists?limit=0',
      '/api/playlists?limit=abc',
      `/api/playlists?q=${'x'.repeat(201)}`,
    ]) {
      const res = await call('GET', url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
      expect(res.json().details[0].field).toBeTruthy();
    }
  });

  it('features and hides a playlist', async () => {
    const featured = await call('PUT', `/api/playlists/${ids.private}`, { isFeatured: true });
    expect(featured.statusCode).toBe(200);
    expect(featured.json()).toMatchObject({ id: ids.private, isFeatured: true, isHidden: false });
    const hidden = await call('PUT', `/api/playlists/${ids.private}`, { isHidden: true });
    expect(hidden.json()).toMatchObject({ isFeatured: true, isHidden: true });
    expect((await call('GET', '/api/playlists/counts')).json()).toEqual({
      all: 5,
      featured: 2,
      public: 3,
      hidden: 2,
    });
    const back = await call('PUT', `/api/playlists/${ids.private}`, { isFeatured: false, isHidden: false });
    expect(back.json()).toMatchObject({ isFeatured: false, isHidden: false });
  });

  it('validates updates and stores nothing', async () => {
    for (const bad of [
      {},
      { isFeatured: 'yes' },
      { isHidden: 1 },
      { isPublic: true },
      { name: 'renamed' },
      { isFeatured: true, extra: 1 },
    ]) {
      const res = await call('PUT', `/api/playlists/${ids.wedding}`, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
      expect(Array.isArray(res.json().details)).toBe(true);
    }
    expect(
      (await call('PUT', `/api/playlists/${ids.wedding}`, { isHidden: 'true' })).json().details[0].field,
    ).toBe('isHidden');
    expect((await call('GET', `/api/playlists/${ids.wedding}`)).json()).toMatchObject({
      name: 'Wedding Laadi',
      isFeatured: false,
      isHidden: false,
    });
  });

  it('answers 404 for missing playlists and 400 for bad ids', async () => {
    expect((await call('GET', '/api/playlists/999999')).statusCode).toBe(404);
    expect((await call('PUT', '/api/playlists/999999', { isHidden: true })).json()).toMatchObject({
      code: 'NOT_FOUND',
      error: 'Playlist not found',
    });
    expect((await call('DELETE', '/api/playlists/999999')).statusCode).toBe(404);
    expect((await call('DELETE', '/api/playlists/abc')).statusCode).toBe(400);
  });

  it('serves deep pages by seek in the same order as plain offsets', async () => {
    const db = t.database.db;
    const base = Date.parse('2023-01-01T00:00:00Z');
    const values = Array.from({ length: 700 }, (_, i) => {
      const createdAt = new Date(base + Math.floor(i / 3) * 1000).toISOString();
      const name = `Bulk ${i}`;
      return {
        name,
        isPublic: i % 4 !== 0,
        isFeatured: false,
        isHidden: false,
        searchText: playlistSearchText({ name, description: null }, null),
        createdAt,
        updatedAt: createdAt,
      };
    });
    for (let i = 0; i < values.length; i += 200)
      await db
        .insertInto('playlists')
        .values(values.slice(i, i + 200))
        .execute();
    for (const [sort, filter] of [
      ['newest', 'all'],
      ['oldest', 'all'],
      ['newest', 'public'],
    ] as const) {
      const url = `/api/playlists?sort=${sort}&filter=${filter}`;
      const first = await call('GET', `${url}&limit=1000`);
      const full = first.json().map((p: { id: number }) => p.id);
      expect(full).toHaveLength(Number(first.headers['x-total-count']));
      for (const offset of [499, 500, 503, full.length - 2]) {
        const page = await call('GET', `${url}&limit=5&offset=${offset}`);
        expect(
          page.json().map((p: { id: number }) => p.id),
          `${url} @${offset}`,
        ).toEqual(full.slice(offset, offset + 5));
      }
      expect((await call('GET', `${url}&limit=5&offset=${full.length + 500}`)).json()).toEqual([]);
    }
  });

  it('deletes a playlist with its song entries, keeping the songs', async () => {
    const db = t.database.db;
    const entries = () =>
      db.selectFrom('playlistSongs').select('songId').where('playlistId', '=', ids.wedding).execute();
    expect(await entries()).toHaveLength(3);
    const before = Number((await call('GET', '/api/playlists')).headers['x-total-count']);
    expect((await call('DELETE', `/api/playlists/${ids.wedding}`)).statusCode).toBe(204);
    expect(await entries()).toHaveLength(0);
    expect((await call('GET', `/api/playlists/${ids.wedding}`)).statusCode).toBe(404);
    const songs = await db.selectFrom('songs').select('id').where('id', 'in', songIds).execute();
    expect(songs).toHaveLength(3);
    expect(Number((await call('GET', '/api/playlists')).headers['x-total-count'])).toBe(before - 1);
    expect((await call('GET', '/api/playlists/counts')).json().all).toBe(before - 1);
  });
});
