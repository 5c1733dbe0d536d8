import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../testing/databases';
import { createTestApp, TEST_SECRET_KEY, type TestApp } from '../testing/test-app';
import { audioUrlSigner, SIGNED_URL_TTL_SECONDS } from './signed-urls';
import { bytesOf, playSigned, songWithAudio } from './testing';

describe.each(testDialects())('signed audio URLs on %s', (dialect) => {
  let t: TestApp;
  let clock = new Date('2026-06-15T12:00:00Z');
  const signer = () => audioUrlSigner(TEST_SECRET_KEY, () => clock);
  beforeAll(async () => {
    t = await createTestApp(dialect, { clock: () => clock });
  });
  afterAll(async () => t.close());

  /** Through the typed client (documented path and query); Range goes as a plain header. */
  const get = (url: string, headers: Record<string, string> = {}) => playSigned(t.app, url, headers);

  it('plays the stored bytes with Range requests', async () => {
    clock = new Date('2026-06-15T12:00:00Z');
    const bytes = randomBytes(10_000);
    const song = await songWithAudio(t, bytes);
    const { path: url } = signer().sign(song, 'stream');
    const whole = await get(url);
    expect(whole.response.status).toBe(200);
    expect(bytesOf(whole).equals(bytes)).toBe(true);
    expect(whole.response.headers.get('accept-ranges')).toBe('bytes');
    expect(whole.response.headers.get('content-type')).toBe('audio/mpeg');
    expect(whole.response.headers.get('cache-control')).toBe(`private, max-age=${SIGNED_URL_TTL_SECONDS}`);
    const middle = await get(url, { range: 'bytes=1000-1999' });
    expect(middle.response.status).toBe(206);
    expect(middle.response.headers.get('content-range')).toBe('bytes 1000-1999/10000');
    expect(bytesOf(middle).equals(bytes.subarray(1000, 2000))).toBe(true);
    const tail = await get(url, { range: 'bytes=-10' });
    expect(bytesOf(tail).equals(bytes.subarray(9990))).toBe(true);
    expect((await get(url, { range: 'bytes=20000-' })).response.status).toBe(416);
    const download = await get(signer().sign(song, 'download').path);
    expect(download.response.headers.get('content-disposition')).toContain('attachment');
    expect(bytesOf(download).equals(bytes)).toBe(true);
  });

  it('refuses a URL for another song, purpose or expiry with 403, an expired one with 410', async () => {
    clock = new Date('2026-06-15T12:00:00Z');
    const song = await songWithAudio(t, randomBytes(100));
    const other = await songWithAudio(t, randomBytes(100));
    const { path: url } = signer().sign(song, 'stream');
    const query = new URL(url, 'http://x').searchParams;
    const expires = Number(query.get('expires'));
    const signature = query.get('signature') ?? '';
    const flipped = `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
    for (const altered of [
      `/api/songs/${other}/audio?expires=${expires}&signature=${signature}`,
      `/api/songs/${song}/audio?expires=${expires + 3600}&signature=${signature}`,
      `/api/songs/${song}/audio?expires=${expires}&signature=${flipped}`,
      `/api/songs/${song}/audio?expires=${expires}&signature=${signature}&download=1`,
    ]) {
      const res = await get(altered);
      expect(res.response.status, altered).toBe(403);
      expect(res.error).toMatchObject({ code: 'INVALID_SIGNATURE' });
    }
    // Raw URL on purpose: the typed client cannot leave out the required signature.
    const unsigned = await t.app.inject({
      method: 'GET',
      url: `/api/songs/${song}/audio?expires=${expires}`,
    });
    expect(unsigned.statusCode).toBe(400);
    clock = new Date(expires * 1000);
    const expired = await get(url);
    expect(expired.response.status).toBe(410);
    expect(expired.error).toMatchObject({ code: 'LINK_EXPIRED' });
    // An altered URL stays a 403 after expiry: only a genuine one learns that it expired.
    const alteredLate = await get(`/api/songs/${song}/audio?expires=${expires}&signature=${flipped}`);
    expect(alteredLate.response.status).toBe(403);
  });

  it('answers 404 once the song is no longer published', async () => {
    clock = new Date('2026-06-15T12:00:00Z');
    const song = await songWithAudio(t, randomBytes(100));
    const { path: url } = signer().sign(song, 'stream');
    await t.database.db.updateTable('songs').set({ status: 'draft' }).where('id', '=', song).execute();
    expect((await get(url)).response.status).toBe(404);
  });
});
