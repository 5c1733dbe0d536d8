import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueFixtures } from '../testing/catalogue-fixtures';
import { testDialects } from '../testing/databases';
import { createTestApp, type TestApp } from '../testing/test-app';
import { typedClient } from '../testing/typed-client';
import { listener } from './testing';

describe.each(testDialects())('likes and follows on %s', (dialect) => {
  let t: TestApp;
  let fx: ReturnType<typeof catalogueFixtures>;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    fx = catalogueFixtures(t.database.db);
  });
  afterAll(async () => t.close());

  /** Through the client generated from the OpenAPI document, so a wrong path or answer fails here. */
  const api = (authorization?: string) => typedClient(t.app, authorization ? { authorization } : {});
  const like = (method: 'POST' | 'DELETE', id: number, authorization?: string) => {
    const options = { params: { path: { id } } };
    return method === 'POST'
      ? api(authorization).POST('/api/songs/{id}/like', options)
      : api(authorization).DELETE('/api/songs/{id}/like', options);
  };
  const follow = (method: 'POST' | 'DELETE', id: number, authorization?: string) => {
    const options = { params: { path: { id } } };
    return method === 'POST'
      ? api(authorization).POST('/api/artists/{id}/follow', options)
      : api(authorization).DELETE('/api/artists/{id}/follow', options);
  };
  const users50 = () => Promise.all(Array.from({ length: 50 }, () => listener(t.database.db)));
  const newSong = async (status = 'published') =>
    fx.song(await fx.album('Album', { primary: await fx.artist('خواننده') }), 'آواز', { status });
  const likesCount = async (id: number) =>
    Number(
      (
        await t.database.db
          .selectFrom('songs')
          .select('likesCount')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).likesCount,
    );
  const likeRows = async (id: number) =>
    (await t.database.db.selectFrom('songLikes').select('userId').where('songId', '=', id).execute()).length;

  it('likes and unlikes idempotently', async () => {
    const user = await listener(t.database.db);
    const id = await newSong();
    for (let i = 0; i < 3; i++) {
      const res = await like('POST', id, user.authorization);
      expect(res.response.status).toBe(200);
      expect(res.data).toEqual({ success: true, data: { songId: id, liked: true, likesCount: 1 } });
    }
    for (let i = 0; i < 2; i++) {
      const res = await like('DELETE', id, user.authorization);
      expect(res.data?.data).toEqual({ songId: id, liked: false, likesCount: 0 });
    }
    expect(await likeRows(id)).toBe(0);
  });

  it('keeps the count exact under 50 parallel likes and unlikes by different users', async () => {
    const id = await newSong();
    const users = await users50();
    const liked = await Promise.all(users.map((u) => like('POST', id, u.authorization)));
    expect(liked.every((r) => r.response.status === 200)).toBe(true);
    expect(await likesCount(id)).toBe(50);
    // Half unlike while the other half like again, all at once.
    const mixed = await Promise.all(
      users.map((u, i) => like(i % 2 === 0 ? 'DELETE' : 'POST', id, u.authorization)),
    );
    expect(mixed.every((r) => r.response.status === 200)).toBe(true);
    expect(await likesCount(id)).toBe(25);
    expect(await likeRows(id)).toBe(25);
  });

  it('refuses liking a missing or unpublished song and calls without a valid token, changing nothing', async () => {
    const user = await listener(t.database.db);
    const draft = await newSong('draft');
    for (const songId of [draft, 2000000000]) {
      const res = await like('POST', songId, user.authorization);
      expect(res.response.status).toBe(404);
      expect(res.error).toMatchObject({ code: 'NOT_FOUND' });
    }
    expect(await likeRows(draft)).toBe(0);
    const id = await newSong();
    expect((await like('POST', id)).response.status).toBe(401);
    expect((await like('POST', id, 'Basic abc')).response.status).toBe(401);
    // Raw URL on purpose: the typed client only accepts a numeric id.
    const notAnId = await t.app.inject({
      method: 'POST',
      url: '/api/songs/abc/like',
      headers: { authorization: user.authorization },
    });
    expect(notAnId.statusCode).toBe(400);
    const suspended = await listener(t.database.db, { isActive: false });
    expect((await like('POST', id, suspended.authorization)).response.status).toBe(403);
    expect(await likesCount(id)).toBe(0);
  });

  it('follows and unfollows artists idempotently with an exact count under concurrency', async () => {
    const artist = await fx.artist('هنرمند');
    const users = await users50();
    await Promise.all(users.map((u) => follow('POST', artist, u.authorization)));
    await Promise.all(users.slice(0, 10).map((u) => follow('POST', artist, u.authorization)));
    const again = await follow('POST', artist, users[0]?.authorization);
    expect(again.data).toEqual({
      success: true,
      data: { artistId: artist, following: true, followersCount: 50 },
    });
    await Promise.all(users.slice(0, 20).map((u) => follow('DELETE', artist, u.authorization)));
    const after = await follow('DELETE', artist, users[0]?.authorization);
    expect(after.data?.data).toEqual({ artistId: artist, following: false, followersCount: 30 });
    const missing = await follow('POST', 2000000000, users[0]?.authorization);
    expect(missing.response.status).toBe(404);
  });
});
