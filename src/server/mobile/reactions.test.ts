import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueFixtures } from '../testing/catalogue-fixtures';
import { testDialects } from '../testing/databases';
import { createTestApp, type TestApp } from '../testing/test-app';
import { listener } from './testing';

describe.each(testDialects())('likes and follows on %s', (dialect) => {
  let t: TestApp;
  let fx: ReturnType<typeof catalogueFixtures>;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    fx = catalogueFixtures(t.database.db);
  });
  afterAll(async () => t.close());

  const call = (method: 'POST' | 'DELETE', url: string, authorization?: string) =>
    t.app.inject({ method, url, headers: authorization ? { authorization } : {} });
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
    const url = `/api/songs/${id}/like`;
    for (let i = 0; i < 3; i++) {
      const res = await call('POST', url, user.authorization);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, data: { songId: id, liked: true, likesCount: 1 } });
    }
    for (let i = 0; i < 2; i++) {
      const res = await call('DELETE', url, user.authorization);
      expect(res.json().data).toEqual({ songId: id, liked: false, likesCount: 0 });
    }
    expect(await likeRows(id)).toBe(0);
  });

  it('keeps the count exact under 50 parallel likes and unlikes by different users', async () => {
    const id = await newSong();
    const url = `/api/songs/${id}/like`;
    const users = await users50();
    const liked = await Promise.all(users.map((u) => call('POST', url, u.authorization)));
    expect(liked.every((r) => r.statusCode === 200)).toBe(true);
    expect(await likesCount(id)).toBe(50);
    // Half unlike while the other half like again, all at once.
    const mixed = await Promise.all(
      users.map((u, i) => call(i % 2 === 0 ? 'DELETE' : 'POST', url, u.authorization)),
    );
    expect(mixed.every((r) => r.statusCode === 200)).toBe(true);
    expect(await likesCount(id)).toBe(25);
    expect(await likeRows(id)).toBe(25);
  });

  it('refuses liking a missing or unpublished song and calls without a valid token, changing nothing', async () => {
    const user = await listener(t.database.db);
    const draft = await newSong('draft');
    for (const url of [`/api/songs/${draft}/like`, '/api/songs/2000000000/like']) {
      const res = await call('POST', url, user.authorization);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
    expect(await likeRows(draft)).toBe(0);
    const id = await newSong();
    expect((await call('POST', `/api/songs/${id}/like`)).statusCode).toBe(401);
    expect((await call('POST', `/api/songs/${id}/like`, 'Basic abc')).statusCode).toBe(401);
    expect((await call('POST', '/api/songs/abc/like', user.authorization)).statusCode).toBe(400);
    const suspended = await listener(t.database.db, { isActive: false });
    expect((await call('POST', `/api/songs/${id}/like`, suspended.authorization)).statusCode).toBe(403);
    expect(await likesCount(id)).toBe(0);
  });

  it('follows and unfollows artists idempotently with an exact count under concurrency', async () => {
    const artist = await fx.artist('هنرمند');
    const url = `/api/artists/${artist}/follow`;
    const users = await users50();
    await Promise.all(users.map((u) => call('POST', url, u.authorization)));
    await Promise.all(users.slice(0, 10).map((u) => call('POST', url, u.authorization)));
    const again = await call('POST', url, users[0]?.authorization);
    expect(again.json()).toEqual({
      success: true,
      data: { artistId: artist, following: true, followersCount: 50 },
    });
    await Promise.all(users.slice(0, 20).map((u) => call('DELETE', url, u.authorization)));
    const after = await call('DELETE', url, users[0]?.authorization);
    expect(after.json().data).toEqual({ artistId: artist, following: false, followersCount: 30 });
    const missing = await call('POST', '/api/artists/2000000000/follow', users[0]?.authorization);
    expect(missing.statusCode).toBe(404);
  });
});
