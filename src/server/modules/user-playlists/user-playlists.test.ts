import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appUserWithToken } from '../../testing/app-users';
import { testDialects } from '../../testing/databases';
import { testRows } from '../../testing/rows';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { typedClient } from '../../testing/typed-client';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/** An answer reduced to what the refusal checks read, from the typed client or a raw request. */
type Answer = { status: number; body: unknown };
type Typed = { response: Response; data?: unknown; error?: unknown };
const answer = async (call: Promise<Typed>): Promise<Answer> => {
  const res = await call;
  return { status: res.response.status, body: res.error ?? res.data };
};

describe.each(testDialects())("app users' playlists and stats on %s", (dialect) => {
  let t: TestApp;
  let adminCookie = '';
  const songs: number[] = [];
  let draft = 0;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    adminCookie = await t.signIn();
    const rows = testRows(t.database.db);
    const album = await rows.album(await rows.artist('استاد نور محمد'));
    for (const title of ['لیلا', 'Dilbar', 'ماه بانو', 'Sahar'])
      songs.push(await rows.song(album, { title, duration: 200 }));
    draft = await rows.song(album, { title: 'Draft', status: 'draft' });
  });
  afterAll(async () => t?.close());

  /** The playlist calls of one app user, through the client generated from the OpenAPI document. */
  const playlistsOf = (authorization: string) => {
    const api = typedClient(t.app, { authorization });
    const at = (id: number) => ({ params: { path: { id } } });
    return {
      create: (body: { name: string; description?: string; isPublic?: boolean }) =>
        api.POST('/api/user/playlists', { body }),
      list: () => api.GET('/api/user/playlists'),
      get: (id: number) => api.GET('/api/user/playlists/{id}', at(id)),
      update: (id: number, body: { name?: string; isPublic?: boolean }) =>
        api.PATCH('/api/user/playlists/{id}', { ...at(id), body }),
      remove: (id: number) => api.DELETE('/api/user/playlists/{id}', at(id)),
      add: (id: number, songId: number) =>
        api.POST('/api/user/playlists/{id}/songs', { ...at(id), body: { songId } }),
      reorder: (id: number, songIds: number[]) =>
        api.PUT('/api/user/playlists/{id}/songs', { ...at(id), body: { songIds } }),
      removeSong: (id: number, songId: number) =>
        api.DELETE('/api/user/playlists/{id}/songs/{songId}', { params: { path: { id, songId } } }),
      stats: (id: number) => api.GET('/api/user/{id}/stats', at(id)),
      /** For bodies and paths the typed client cannot express (deliberately invalid input). */
      raw: async (method: Method, url: string, payload?: object): Promise<Answer> => {
        const res = await t.app.inject({
          method,
          url,
          headers: { authorization },
          ...(payload ? { payload } : {}),
        });
        return { status: res.statusCode, body: res.json() };
      },
    };
  };
  const user = async () => {
    const u = await appUserWithToken(t.database.db, { firstName: 'Bibi', lastName: 'بلوچ' });
    return { id: u.id, ...playlistsOf(u.authorization) };
  };
  const admin = () => typedClient(t.app, { cookie: adminCookie });
  const data = <T>(res: { data?: { success: boolean; data: T }; error?: unknown }): T => {
    expect(res.data?.success, JSON.stringify(res.error)).toBe(true);
    return res.data?.data as T;
  };
  const ids = (rows: Array<{ id: number }>) => rows.map((r) => r.id);

  it('creates, renames, adds, reorders and removes songs in the success envelope', async () => {
    const a = await user();
    const created = await a.create({ name: '  سفر  ', description: 'Road songs' });
    expect(created.response.status).toBe(201);
    const playlist = data(created);
    expect(playlist).toMatchObject({
      name: 'سفر',
      description: 'Road songs',
      isPublic: false,
      isOwner: true,
      songs: [],
    });
    const id = playlist.id;
    for (const songId of songs.slice(0, 3)) expect((await a.add(id, songId)).response.status).toBe(200);
    // Adding again changes nothing.
    const again = data(await a.add(id, songs[0] as number));
    expect(ids(again.songs)).toEqual(songs.slice(0, 3));
    expect(again.songs[0]).not.toHaveProperty('audioFileUrl');
    const order = [songs[2], songs[0], songs[1]] as number[];
    const reordered = data(await a.reorder(id, order));
    expect(ids(reordered.songs)).toEqual(order);
    const removed = data(await a.removeSong(id, songs[0] as number));
    expect(ids(removed.songs)).toEqual([songs[2], songs[1]]);
    expect(removed.songCount).toBe(2);
    const renamed = data(await a.update(id, { name: 'Safar', isPublic: true }));
    expect(renamed).toMatchObject({ name: 'Safar', isPublic: true });
    const mine = data(await a.list());
    expect(ids(mine)).toEqual([id]);
    // The admin Playlists screen finds it by its new name and creator.
    const adminList = await admin().GET('/api/playlists', { params: { query: { q: 'safar' } } });
    expect(ids(adminList.data ?? [])).toContain(id);
    const deleted = await a.remove(id);
    expect(deleted.data).toEqual({ success: true, data: null, message: 'Playlist deleted' });
    expect((await a.get(id)).response.status).toBe(404);
  });

  it('refuses bad input with the error envelope and changes nothing', async () => {
    const a = await user();
    const id = data(await a.create({ name: 'Mine' })).id;
    const [s0, s1, s3] = [songs[0], songs[1], songs[3]] as [number, number, number];
    await a.add(id, s0);
    const cases: [string, () => Promise<Answer>, number][] = [
      ['empty name', () => answer(a.create({ name: '' })), 400],
      ['markup name', () => answer(a.create({ name: '<b>x</b>' })), 400],
      // Raw on purpose: an unknown field and a string id are not expressible with the typed client.
      ['foreign userId', () => a.raw('POST', '/api/user/playlists', { name: 'x', userId: 99 }), 400],
      ['empty patch', () => answer(a.update(id, {})), 400],
      ['string songId', () => a.raw('POST', `/api/user/playlists/${id}/songs`, { songId: 'one' }), 400],
      ['missing song', () => answer(a.add(id, 99999999)), 404],
      ['draft song', () => answer(a.add(id, draft)), 404],
      ['repeated ids', () => answer(a.reorder(id, [s0, s0])), 400],
      ['other ids', () => answer(a.reorder(id, [s1])), 400],
      ['no ids', () => answer(a.reorder(id, [])), 400],
      ['remove absent song', () => answer(a.removeSong(id, s3)), 404],
      ['non-numeric id', () => a.raw('GET', '/api/user/playlists/abc'), 400],
    ];
    for (const [label, call, status] of cases) {
      const res = await call();
      expect(res.status, label).toBe(status);
      expect(res.body).toMatchObject({ error: expect.any(String), code: expect.any(String) });
      expect(res.body).toHaveProperty('details');
    }
    const after = data(await a.get(id));
    expect(after).toMatchObject({ name: 'Mine', songCount: 1 });
    expect(data(await a.list())).toHaveLength(1);
  });

  it("never lets user A read or change user B's private or hidden playlists (IDOR)", async () => {
    const a = await user();
    const b = await user();
    const [s0, s1] = [songs[0], songs[1]] as [number, number];
    const priv = data(await b.create({ name: 'B private' })).id;
    const pub = data(await b.create({ name: 'B public', isPublic: true })).id;
    const hidden = data(await b.create({ name: 'B hidden', isPublic: true })).id;
    await b.add(pub, s0);
    const hide = await admin().PUT('/api/playlists/{id}', {
      params: { path: { id: hidden } },
      body: { isHidden: true },
    });
    expect(hide.response.status).toBe(200);

    for (const id of [priv, hidden]) expect((await a.get(id)).response.status).toBe(404);
    // A public playlist is readable, but it is not A's.
    expect(data(await a.get(pub))).toMatchObject({
      isOwner: false,
      isHidden: false,
    });
    for (const id of [priv, pub, hidden]) {
      const writes: [string, () => Promise<Answer>][] = [
        ['rename', () => answer(a.update(id, { name: 'taken over' }))],
        ['delete', () => answer(a.remove(id))],
        ['add song', () => answer(a.add(id, s1))],
        ['reorder', () => answer(a.reorder(id, [s0]))],
        ['remove song', () => answer(a.removeSong(id, s0))],
      ];
      for (const [label, call] of writes) expect((await call()).status, `${label} ${id}`).toBe(404);
    }
    expect(data(await a.list())).toEqual([]);
    // B still has everything as it was, and sees the hidden one marked hidden.
    const bs = data(await b.list());
    expect(bs.map((p) => p.name).sort()).toEqual(['B hidden', 'B private', 'B public']);
    expect(bs.find((p) => p.id === hidden)?.isHidden).toBe(true);
    expect(ids(data(await b.get(pub)).songs)).toEqual([s0]);
    // The admin Playlists screen sees all three.
    const adminList = await admin().GET('/api/playlists', { params: { query: { q: 'B' } } });
    const adminIds = ids(adminList.data ?? []);
    for (const id of [priv, pub, hidden]) expect(adminIds).toContain(id);
  });

  it('deleting a user removes their playlists with the user', async () => {
    const a = await user();
    const id = data(await a.create({ name: 'Gone soon' })).id;
    const deleted = await admin().DELETE('/api/users/{id}', { params: { path: { id: a.id } } });
    expect(deleted.response.status).toBe(204);
    expect(await t.database.db.selectFrom('playlists').select('id').where('id', '=', id).execute()).toEqual(
      [],
    );
  });

  it('GET /api/user/{id}/stats: own stats only; an admin may read anyone', async () => {
    const a = await user();
    const b = await user();
    const rows = testRows(t.database.db);
    await rows.like(a.id, songs[0] as number);
    await rows.like(a.id, songs[1] as number);
    await rows.stream(songs[0] as number, a.id, '2026-01-02T10:00:00.000Z');
    await rows.stream(songs[1] as number, a.id, '2026-01-03T10:00:00.000Z');
    await rows.stream(songs[1] as number, b.id);
    await a.create({ name: 'One' });
    const own = await a.stats(a.id);
    expect(own.response.status).toBe(200);
    expect(own.data).toEqual({
      success: true,
      data: {
        userId: a.id,
        likedSongs: 2,
        followedArtists: 0,
        playlists: 1,
        totalStreams: 2,
        totalDownloads: 0,
        listeningSeconds: 400,
        lastStreamAt: '2026-01-03T10:00:00.000Z',
      },
    });
    const other = await a.stats(b.id);
    expect(other.response.status).toBe(403);
    expect(other.error).toMatchObject({ code: 'FORBIDDEN', details: null });
    const stats = (id: number, headers: Record<string, string>) =>
      typedClient(t.app, headers).GET('/api/user/{id}/stats', { params: { path: { id } } });
    const byAdmin = await stats(b.id, { cookie: adminCookie });
    expect(byAdmin.response.status).toBe(200);
    expect(byAdmin.data?.data).toMatchObject({ userId: b.id, totalStreams: 1 });
    expect((await stats(99999999, { cookie: adminCookie })).response.status).toBe(404);
    expect((await stats(a.id, {})).response.status).toBe(401);
  });
});
