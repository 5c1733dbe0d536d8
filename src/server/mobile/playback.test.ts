import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../testing/databases';
import { createTestApp, type TestApp } from '../testing/test-app';
import { listener, songWithAudio } from './testing';

describe.each(testDialects())('streams and downloads on %s', (dialect) => {
  let t: TestApp;
  let cookie: string;
  let clock = new Date();
  beforeAll(async () => {
    t = await createTestApp(dialect, { clock: () => clock });
    cookie = await t.signIn();
  });
  afterAll(async () => t.close());

  const post = (url: string, authorization?: string, payload?: object) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: authorization ? { authorization } : {},
      ...(payload ? { payload } : {}),
    });
  const song = (id: number) =>
    t.database.db.selectFrom('songs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const events = (id: number) =>
    t.database.db.selectFrom('streamEvents').selectAll().where('songId', '=', id).execute();

  it('answers a signed URL that plays the song with Range requests', async () => {
    clock = new Date();
    const user = await listener(t.database.db);
    const bytes = randomBytes(50_000);
    const id = await songWithAudio(t, bytes);
    const res = await post(`/api/songs/${id}/stream`, user.authorization, {
      deviceType: 'phone',
      platform: 'android',
      location: 'کوئٹہ',
    });
    expect(res.statusCode, res.body).toBe(200);
    const { streamUrl, expiresAt, counted } = res.json().data;
    expect(counted).toBe(true);
    expect(Date.parse(expiresAt) - clock.getTime()).toBeGreaterThan(50 * 60 * 1000);
    const url = new URL(streamUrl);
    expect(url.pathname).toBe(`/api/songs/${id}/audio`);
    const ranged = await t.app.inject({
      method: 'GET',
      url: url.pathname + url.search,
      headers: { range: 'bytes=100-4195' },
    });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.rawPayload.equals(bytes.subarray(100, 4196))).toBe(true);
    const rest = await t.app.inject({
      method: 'GET',
      url: url.pathname + url.search,
      headers: { range: 'bytes=4196-' },
    });
    expect(Buffer.concat([bytes.subarray(0, 4196), rest.rawPayload]).equals(bytes)).toBe(true);
    expect(await events(id)).toMatchObject([
      { userId: user.id, deviceType: 'phone', platform: 'android', location: 'کوئٹہ' },
    ]);
  });

  it('counts one stream per user and song within 30 s, and feeds totals and the dashboard', async () => {
    clock = new Date();
    const [a, b] = [await listener(t.database.db), await listener(t.database.db)];
    const id = await songWithAudio(t, randomBytes(100));
    const before = (
      await t.app.inject({ method: 'GET', url: '/api/analytics/dashboard', headers: { cookie } })
    ).json().data;
    const counted = async (who: { authorization: string }) =>
      (await post(`/api/songs/${id}/stream`, who.authorization)).json().data.counted;
    const burst = await Promise.all(Array.from({ length: 10 }, () => counted(a)));
    expect(burst.filter(Boolean)).toHaveLength(1);
    expect(await counted(b)).toBe(true);
    clock = new Date(clock.getTime() + 29_999);
    expect(await counted(a)).toBe(false);
    clock = new Date(clock.getTime() + 30_001);
    expect(await counted(a)).toBe(true);
    expect(Number((await song(id)).totalStreams)).toBe(3);
    expect(await events(id)).toHaveLength(3);
    const after = (
      await t.app.inject({ method: 'GET', url: '/api/analytics/dashboard', headers: { cookie } })
    ).json().data;
    expect(after.engagement.totalStreams - before.engagement.totalStreams).toBe(3);
    const today = after.streamsPerDay.at(-1).streams - before.streamsPerDay.at(-1).streams;
    expect(today).toBe(3);
  });

  it('refuses missing tokens (401), missing or unpublished songs (404) and bad bodies (400), counting nothing', async () => {
    clock = new Date();
    const user = await listener(t.database.db);
    const draft = await songWithAudio(t, randomBytes(100), 'draft');
    const id = await songWithAudio(t, randomBytes(100));
    expect((await post(`/api/songs/${id}/stream`)).statusCode).toBe(401);
    expect((await post(`/api/songs/${id}/stream`, 'Bearer not-a-real-token-at-all-000')).statusCode).toBe(
      401,
    );
    expect((await post(`/api/songs/${draft}/stream`, user.authorization)).statusCode).toBe(404);
    expect((await post('/api/songs/2000000000/stream', user.authorization)).statusCode).toBe(404);
    for (const body of [
      { platform: 'symbian' },
      { deviceType: '<b>x</b>' },
      { extra: 1 },
      { location: 'x'.repeat(101) },
    ]) {
      const res = await post(`/api/songs/${id}/stream`, user.authorization, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    }
    expect(await events(id)).toHaveLength(0);
    expect(await events(draft)).toHaveLength(0);
    // An admin's session is not an app user's token.
    const asAdmin = await t.app.inject({
      method: 'POST',
      url: `/api/songs/${id}/stream`,
      headers: { cookie },
    });
    expect(asAdmin.statusCode).toBe(401);
  });

  it('lets Pro users download (signed attachment URL, counted) and refuses others with 403', async () => {
    clock = new Date();
    const free = await listener(t.database.db, { isPremium: false });
    const pro = await listener(t.database.db, { isPremium: true });
    const bytes = randomBytes(3000);
    const id = await songWithAudio(t, bytes);
    const refused = await post(`/api/songs/${id}/download`, free.authorization);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'PRO_REQUIRED' });
    expect(Number((await song(id)).downloadsCount)).toBe(0);

    const res = await post(`/api/songs/${id}/download`, pro.authorization);
    expect(res.statusCode).toBe(200);
    const { downloadUrl, fileName } = res.json().data;
    expect(fileName).toBe('ترانه.mp3');
    const url = new URL(downloadUrl);
    const file = await t.app.inject({ method: 'GET', url: url.pathname + url.search });
    expect(file.headers['content-disposition']).toContain('attachment');
    expect(file.rawPayload.equals(bytes)).toBe(true);
    expect(Number((await song(id)).downloadsCount)).toBe(1);
    const downloads = await t.database.db
      .selectFrom('downloadEvents')
      .selectAll()
      .where('songId', '=', id)
      .execute();
    expect(downloads).toMatchObject([{ userId: pro.id }]);
    // The download URL is not a stream URL: its purpose is signed.
    const asStream = url.search.replace('&download=1', '');
    expect((await t.app.inject({ method: 'GET', url: url.pathname + asStream })).statusCode).toBe(403);
  });
});
