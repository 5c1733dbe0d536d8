import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';
import { type AudioFixtures, makeAudioFixtures, multipart } from './testing/audio-fixtures';

/** Serving reads no database rows: SQLite is enough. */
describe('stored media served with HTTP ranges', () => {
  let t: TestApp;
  let f: AudioFixtures;
  let url: string;
  let bytes: Buffer;
  beforeAll(async () => {
    [t, f] = await Promise.all([createTestApp('sqlite'), makeAudioFixtures()]);
    const cookie = await t.signIn();
    bytes = f.read(f.ogg);
    const body = await multipart('audio', bytes, 'song.ogg');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/upload/audio',
      headers: { ...body.headers, cookie },
      payload: body.payload,
    });
    url = res.json().audioUrl;
  });
  afterAll(async () => {
    await t.close();
    f.cleanup();
  });

  const get = (headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET', path = url) =>
    t.app.inject({ method, url: path, headers });

  it('serves the whole file publicly with type, nosniff and a long immutable cache', async () => {
    const res = await get();
    expect(res.statusCode).toBe(200);
    expect(res.headers).toMatchObject({
      'content-type': 'audio/ogg',
      'content-length': String(bytes.length),
      'accept-ranges': 'bytes',
      'x-content-type-options': 'nosniff',
      'cache-control': 'public, max-age=31536000, immutable',
    });
    expect(res.rawPayload.equals(bytes)).toBe(true);
  });

  it('answers ranges with 206 so players can seek', async () => {
    const mid = await get({ range: 'bytes=100-1099' });
    expect(mid.statusCode).toBe(206);
    expect(mid.headers['content-range']).toBe(`bytes 100-1099/${bytes.length}`);
    expect(mid.headers['content-length']).toBe('1000');
    expect(mid.rawPayload.equals(bytes.subarray(100, 1100))).toBe(true);
    const tail = await get({ range: 'bytes=-500' });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(bytes.subarray(-500))).toBe(true);
    const open = await get({ range: `bytes=${bytes.length - 10}-` });
    expect(open.rawPayload.equals(bytes.subarray(-10))).toBe(true);
  });

  it('answers 416 beyond the end, and HEAD without a body', async () => {
    const beyond = await get({ range: `bytes=${bytes.length}-` });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${bytes.length}`);
    expect(beyond.json().code).toBe('RANGE_NOT_SATISFIABLE');
    const head = await get({}, 'HEAD');
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(bytes.length));
    expect(head.body).toBe('');
  });

  it('answers 404 for anything that is not a stored key, traversal included', async () => {
    for (const path of [
      '/media/../secret.key',
      '/media/%2e%2e/secret.key',
      '/media/..%2fsecret.key',
      '/media/.partial/x.part',
      '/media/audio/00/00000000000000000000000000000000.mp3',
      '/media/test.db',
    ]) {
      const res = await get({}, 'GET', path);
      expect(res.statusCode, path).toBe(404);
      expect(res.body).not.toContain(t.dataDir);
    }
  });
});
