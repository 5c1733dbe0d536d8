import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../testing/databases';
import { createTestApp, type TestApp } from '../testing/test-app';
import { typedClient } from '../testing/typed-client';
import { playbackRepo } from './playback-repo';
import { bytesOf, listener, playSigned, songWithAudio } from './testing';

describe.each(testDialects())('streams and downloads on %s', (dialect) => {
  let t: TestApp;
  let cookie: string;
  let clock = new Date();
  beforeAll(async () => {
    t = await createTestApp(dialect, { clock: () => clock, counters: { now: () => clock.getTime() } });
    cookie = await t.signIn();
  });
  afterAll(async () => t.close());

  /** Through the client generated from the OpenAPI document, so a wrong path, body or answer fails here. */
  const api = (headers: Record<string, string> = {}) => typedClient(t.app, headers);
  const auth = (authorization?: string): Record<string, string> => (authorization ? { authorization } : {});
  type StreamBody = { deviceType?: string; platform?: 'android' | 'ios' | 'web'; location?: string };
  const stream = (id: number, authorization?: string, body?: StreamBody) =>
    api(auth(authorization)).POST('/api/songs/{id}/stream', {
      params: { path: { id } },
      ...(body ? { body } : {}),
    });
  const download = (id: number, authorization: string) =>
    api(auth(authorization)).POST('/api/songs/{id}/download', { params: { path: { id } } });
  const play = (signed: string, headers: Record<string, string> = {}, drop?: 'download') =>
    playSigned(t.app, signed, headers, { dropDownload: drop === 'download' });
  const dashboard = async () => (await api({ cookie }).GET('/api/analytics/dashboard')).data?.data;
  const song = (id: number) =>
    t.database.db.selectFrom('songs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const events = (id: number) =>
    t.database.db.selectFrom('streamEvents').selectAll().where('songId', '=', id).execute();

  it('answers a signed URL that plays the song with Range requests', async () => {
    clock = new Date();
    const user = await listener(t.database.db);
    const bytes = randomBytes(50_000);
    const id = await songWithAudio(t, bytes);
    const res = await stream(id, user.authorization, {
      deviceType: 'phone',
      platform: 'android',
      location: 'کوئٹہ',
    });
    expect(res.response.status, JSON.stringify(res.error)).toBe(200);
    const { streamUrl, expiresAt, counted } = res.data?.data ?? {
      streamUrl: '',
      expiresAt: '',
      counted: false,
    };
    expect(counted).toBe(true);
    expect(Date.parse(expiresAt) - clock.getTime()).toBeGreaterThan(50 * 60 * 1000);
    expect(new URL(streamUrl).pathname).toBe(`/api/songs/${id}/audio`);
    const ranged = await play(streamUrl, { range: 'bytes=100-4195' });
    expect(ranged.response.status).toBe(206);
    expect(bytesOf(ranged).equals(bytes.subarray(100, 4196))).toBe(true);
    const rest = await play(streamUrl, { range: 'bytes=4196-' });
    const restBytes = bytesOf(rest);
    expect(Buffer.concat([bytes.subarray(0, 4196), restBytes]).equals(bytes)).toBe(true);
    expect(await events(id)).toMatchObject([
      { userId: user.id, deviceType: 'phone', platform: 'android', location: 'کوئٹہ' },
    ]);
  });

  it('counts one stream per user and song within 30 s, and feeds totals and the dashboard', async () => {
    clock = new Date();
    const [a, b] = [await listener(t.database.db), await listener(t.database.db)];
    const id = await songWithAudio(t, randomBytes(100));
    const before = await dashboard();
    const counted = async (who: { authorization: string }) =>
      (await stream(id, who.authorization)).data?.data.counted;
    const burst = await Promise.all(Array.from({ length: 10 }, () => counted(a)));
    expect(burst.filter(Boolean)).toHaveLength(1);
    expect(await counted(b)).toBe(true);
    clock = new Date(clock.getTime() + 29_999);
    expect(await counted(a)).toBe(false);
    clock = new Date(clock.getTime() + 30_001);
    expect(await counted(a)).toBe(true);
    expect(Number((await song(id)).totalStreams)).toBe(3);
    expect(await events(id)).toHaveLength(3);
    const after = await dashboard();
    expect(Number(after?.engagement.totalStreams) - Number(before?.engagement.totalStreams)).toBe(3);
    const today =
      Number(after?.streamsPerDay.at(-1)?.streams) - Number(before?.streamsPerDay.at(-1)?.streams);
    expect(today).toBe(3);
  });

  it('prunes the claims whose window is over, and a stream after the prune counts once', async () => {
    clock = new Date();
    const [a, b] = [await listener(t.database.db), await listener(t.database.db)];
    const id = await songWithAudio(t, randomBytes(100));
    const claims = async () =>
      (await t.database.db.selectFrom('streamClaims').select('userId').where('songId', '=', id).execute())
        .map((r) => r.userId)
        .sort((x, y) => x - y);
    expect((await stream(id, a.authorization)).data?.data.counted).toBe(true);
    clock = new Date(clock.getTime() + 10_000);
    expect((await stream(id, b.authorization)).data?.data.counted).toBe(true);
    expect(await claims()).toEqual([a.id, b.id].sort((x, y) => x - y));

    clock = new Date(clock.getTime() + 25_000);
    expect(await playbackRepo(t.database.db, dialect, () => clock).pruneClaims()).toBeGreaterThanOrEqual(1);
    expect(await claims()).toEqual([b.id]);
    const burst = await Promise.all(
      Array.from({ length: 5 }, async () => (await stream(id, a.authorization)).data?.data.counted),
    );
    expect(burst.filter(Boolean)).toHaveLength(1);
    expect((await stream(id, b.authorization)).data?.data.counted).toBe(false);
    expect(await events(id)).toHaveLength(3);
    expect(Number((await song(id)).totalStreams)).toBe(3);
  });

  it('refuses missing tokens (401), missing or unpublished songs (404) and bad bodies (400), counting nothing', async () => {
    clock = new Date();
    const user = await listener(t.database.db);
    const draft = await songWithAudio(t, randomBytes(100), 'draft');
    const id = await songWithAudio(t, randomBytes(100));
    expect((await stream(id)).response.status).toBe(401);
    expect((await stream(id, 'Bearer not-a-real-token-at-all-000')).response.status).toBe(401);
    expect((await stream(draft, user.authorization)).response.status).toBe(404);
    expect((await stream(2000000000, user.authorization)).response.status).toBe(404);
    for (const body of [{ deviceType: '<b>x</b>' }, { location: 'x'.repeat(101) }]) {
      const res = await stream(id, user.authorization, body);
      expect(res.response.status, JSON.stringify(body)).toBe(400);
      expect(res.error).toMatchObject({ code: 'VALIDATION_ERROR' });
    }
    // Raw bodies on purpose: the typed client cannot send an undocumented platform or field.
    for (const body of [{ platform: 'symbian' }, { deviceType: '<b>x</b>' }, { extra: 1 }]) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/songs/${id}/stream`,
        headers: { authorization: user.authorization },
        payload: body,
      });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    }
    expect(await events(id)).toHaveLength(0);
    expect(await events(draft)).toHaveLength(0);
    // An admin's session is not an app user's token.
    const asAdmin = await api({ cookie }).POST('/api/songs/{id}/stream', { params: { path: { id } } });
    expect(asAdmin.response.status).toBe(401);
  });

  it('lets Pro users download (signed attachment URL, counted) and refuses others with 403', async () => {
    clock = new Date();
    const free = await listener(t.database.db, { isPremium: false });
    const pro = await listener(t.database.db, { isPremium: true });
    const bytes = randomBytes(3000);
    const id = await songWithAudio(t, bytes);
    const refused = await download(id, free.authorization);
    expect(refused.response.status).toBe(403);
    expect(refused.error).toMatchObject({ code: 'PRO_REQUIRED' });
    expect(Number((await song(id)).downloadsCount)).toBe(0);

    const res = await download(id, pro.authorization);
    expect(res.response.status).toBe(200);
    const { downloadUrl, fileName } = res.data?.data ?? { downloadUrl: '', fileName: '' };
    expect(fileName).toBe('ترانه.mp3');
    expect(new URL(downloadUrl).searchParams.get('download')).toBe('1');
    const file = await play(downloadUrl);
    expect(file.response.headers.get('content-disposition')).toContain('attachment');
    expect(bytesOf(file).equals(bytes)).toBe(true);
    expect(Number((await song(id)).downloadsCount)).toBe(1);
    const downloads = await t.database.db
      .selectFrom('downloadEvents')
      .selectAll()
      .where('songId', '=', id)
      .execute();
    expect(downloads).toMatchObject([{ userId: pro.id }]);
    // The download URL is not a stream URL: its purpose is signed.
    expect((await play(downloadUrl, {}, 'download')).response.status).toBe(403);
  });
});
