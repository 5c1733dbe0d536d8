import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appUserWithToken } from '../../testing/app-users';
import { testDialects } from '../../testing/databases';
import { testRows } from '../../testing/rows';
import { createTestApp, type TestApp } from '../../testing/test-app';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

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

  const as = (authorization: string) => (method: Method, url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { authorization }, ...(payload ? { payload } : {}) });
  const user = async () => {
    const u = await appUserWithToken(t.database.db, { firstName: 'Bibi', lastName: 'بلوچ' });
    return { id: u.id, call: as(u.authorization) };
  };
  const data = (res: LightMyRequestResponse) => {
    expect(res.json().success, res.body).toBe(true);
    return res.json().data;
  };

  it('creates, renames, adds, reorders and removes songs in the success envelope', async () => {
    const a = await user();
    const created = await a.call('POST', '/api/user/playlists', {
      name: '  سفر  ',
      description: 'Road songs',
    });
    expect(created.statusCode).toBe(201);
    const playlist = data(created);
    expect(playlist).toMatchObject({
      name: 'سفر',
      description: 'Road songs',
      isPublic: false,
      isOwner: true,
      songs: [],
    });
    const id = playlist.id as number;
    for (const songId of songs.slice(0, 3))
      expect((await a.call('POST', `/api/user/playlists/${id}/songs`, { songId })).statusCode).toBe(200);
    // Adding again changes nothing.
    const again = data(await a.call('POST', `/api/user/playlists/${id}/songs`, { songId: songs[0] }));
    expect(again.songs.map((s: { id: number }) => s.id)).toEqual(songs.slice(0, 3));
    expect(again.songs[0]).not.toHaveProperty('audioFileUrl');
    const order = [songs[2], songs[0], songs[1]];
    const reordered = data(await a.call('PUT', `/api/user/playlists/${id}/songs`, { songIds: order }));
    expect(reordered.songs.map((s: { id: number }) => s.id)).toEqual(order);
    const removed = data(await a.call('DELETE', `/api/user/playlists/${id}/songs/${songs[0]}`));
    expect(removed.songs.map((s: { id: number }) => s.id)).toEqual([songs[2], songs[1]]);
    expect(removed.songCount).toBe(2);
    const renamed = data(
      await a.call('PATCH', `/api/user/playlists/${id}`, { name: 'Safar', isPublic: true }),
    );
    expect(renamed).toMatchObject({ name: 'Safar', isPublic: true });
    const mine = data(await a.call('GET', '/api/user/playlists'));
    expect(mine.map((p: { id: number }) => p.id)).toEqual([id]);
    // The admin Playlists screen finds it by its new name and creator.
    const admin = await t.app.inject({
      method: 'GET',
      url: '/api/playlists?q=safar',
      headers: { cookie: adminCookie },
    });
    expect(admin.json().map((p: { id: number }) => p.id)).toContain(id);
    const deleted = await a.call('DELETE', `/api/user/playlists/${id}`);
    expect(deleted.json()).toEqual({ success: true, data: null, message: 'Playlist deleted' });
    expect((await a.call('GET', `/api/user/playlists/${id}`)).statusCode).toBe(404);
  });

  it('refuses bad input with the error envelope and changes nothing', async () => {
    const a = await user();
    const id = data(await a.call('POST', '/api/user/playlists', { name: 'Mine' })).id;
    await a.call('POST', `/api/user/playlists/${id}/songs`, { songId: songs[0] });
    const cases: [Method, string, object | undefined, number][] = [
      ['POST', '/api/user/playlists', { name: '' }, 400],
      ['POST', '/api/user/playlists', { name: '<b>x</b>' }, 400],
      ['POST', '/api/user/playlists', { name: 'x', userId: 99 }, 400],
      ['PATCH', `/api/user/playlists/${id}`, {}, 400],
      ['POST', `/api/user/playlists/${id}/songs`, { songId: 'one' }, 400],
      ['POST', `/api/user/playlists/${id}/songs`, { songId: 99999999 }, 404],
      ['POST', `/api/user/playlists/${id}/songs`, { songId: draft }, 404],
      ['PUT', `/api/user/playlists/${id}/songs`, { songIds: [songs[0], songs[0]] }, 400],
      ['PUT', `/api/user/playlists/${id}/songs`, { songIds: [songs[1]] }, 400],
      ['PUT', `/api/user/playlists/${id}/songs`, { songIds: [] }, 400],
      ['DELETE', `/api/user/playlists/${id}/songs/${songs[3]}`, undefined, 404],
      ['GET', '/api/user/playlists/abc', undefined, 400],
    ];
    for (const [method, url, payload, status] of cases) {
      const res = await a.call(method, url, payload);
      expect(res.statusCode, `${method} ${url} ${JSON.stringify(payload)}`).toBe(status);
      expect(res.json()).toMatchObject({ error: expect.any(String), code: expect.any(String) });
      expect(res.json()).toHaveProperty('details');
    }
    const after = data(await a.call('GET', `/api/user/playlists/${id}`));
    expect(after).toMatchObject({ name: 'Mine', songCount: 1 });
    expect(data(await a.call('GET', '/api/user/playlists'))).toHaveLength(1);
  });

  it("never lets user A read or change user B's private or hidden playlists (IDOR)", async () => {
    const a = await user();
    const b = await user();
    const priv = data(await b.call('POST', '/api/user/playlists', { name: 'B private' })).id;
    const pub = data(await b.call('POST', '/api/user/playlists', { name: 'B public', isPublic: true })).id;
    const hidden = data(await b.call('POST', '/api/user/playlists', { name: 'B hidden', isPublic: true })).id;
    await b.call('POST', `/api/user/playlists/${pub}/songs`, { songId: songs[0] });
    const hide = await t.app.inject({
      method: 'PUT',
      url: `/api/playlists/${hidden}`,
      headers: { cookie: adminCookie },
      payload: { isHidden: true },
    });
    expect(hide.statusCode).toBe(200);

    for (const id of [priv, hidden])
      expect((await a.call('GET', `/api/user/playlists/${id}`)).statusCode).toBe(404);
    // A public playlist is readable, but it is not A's.
    expect(data(await a.call('GET', `/api/user/playlists/${pub}`))).toMatchObject({
      isOwner: false,
      isHidden: false,
    });
    for (const id of [priv, pub, hidden]) {
      const writes: [Method, string, object | undefined][] = [
        ['PATCH', `/api/user/playlists/${id}`, { name: 'taken over' }],
        ['DELETE', `/api/user/playlists/${id}`, undefined],
        ['POST', `/api/user/playlists/${id}/songs`, { songId: songs[1] }],
        ['PUT', `/api/user/playlists/${id}/songs`, { songIds: [songs[0]] }],
        ['DELETE', `/api/user/playlists/${id}/songs/${songs[0]}`, undefined],
      ];
      for (const [method, url, payload] of writes) {
        const res = await a.call(method, url, payload);
        expect(res.statusCode, `${method} ${url}`).toBe(404);
      }
    }
    expect(data(await a.call('GET', '/api/user/playlists'))).toEqual([]);
    // B still has everything as it was, and sees the hidden one marked hidden.
    const bs = data(await b.call('GET', '/api/user/playlists')) as {
      id: number;
      name: string;
      isHidden: boolean;
    }[];
    expect(bs.map((p) => p.name).sort()).toEqual(['B hidden', 'B private', 'B public']);
    expect(bs.find((p) => p.id === hidden)?.isHidden).toBe(true);
    expect(
      data(await b.call('GET', `/api/user/playlists/${pub}`)).songs.map((s: { id: number }) => s.id),
    ).toEqual([songs[0]]);
    // The admin Playlists screen sees all three.
    const admin = await t.app.inject({
      method: 'GET',
      url: '/api/playlists?q=B',
      headers: { cookie: adminCookie },
    });
    const adminIds = admin.json().map((p: { id: number }) => p.id);
    for (const id of [priv, pub, hidden]) expect(adminIds).toContain(id);
  });

  it('deleting a user removes their playlists with the user', async () => {
    const a = await user();
    const id = data(await a.call('POST', '/api/user/playlists', { name: 'Gone soon' })).id;
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/users/${a.id}`, headers: { cookie: adminCookie } }))
        .statusCode,
    ).toBe(204);
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
    await a.call('POST', '/api/user/playlists', { name: 'One' });
    const own = await a.call('GET', `/api/user/${a.id}/stats`);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual({
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
    const other = await a.call('GET', `/api/user/${b.id}/stats`);
    expect(other.statusCode).toBe(403);
    expect(other.json()).toMatchObject({ code: 'FORBIDDEN', details: null });
    const byAdmin = await t.app.inject({
      method: 'GET',
      url: `/api/user/${b.id}/stats`,
      headers: { cookie: adminCookie },
    });
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json().data).toMatchObject({ userId: b.id, totalStreams: 1 });
    const missing = await t.app.inject({
      method: 'GET',
      url: '/api/user/99999999/stats',
      headers: { cookie: adminCookie },
    });
    expect(missing.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/user/${a.id}/stats` })).statusCode).toBe(401);
  });
});
