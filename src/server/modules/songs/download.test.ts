import { rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../../clock';
import { type AudioFixtures, makeAudioFixtures, multipart } from '../../media/testing/audio-fixtures';
import { seedAlbum } from '../../media/testing/media-dir';
import { startTestBucket, type TestBucket } from '../../media/testing/s3rver';
import { useBucket } from '../../media/testing/storage-settings';
import { useApiTestApp } from '../../testing/api-test-app';
import { testDialects } from '../../testing/databases';

/** The name a browser saves under: RFC 6266 filename*, decoded. */
const savedName = (disposition: string | undefined) => {
  const encoded = /filename\*=UTF-8''([^;]+)/.exec(disposition ?? '')?.[1];
  return encoded === undefined ? undefined : decodeURIComponent(encoded);
};

describe.each(testDialects())('song download on %s', (dialect) => {
  const t = useApiTestApp(dialect);
  let f: AudioFixtures;
  let bucket: TestBucket;
  let albumId: number;
  beforeAll(async () => {
    [f, bucket] = await Promise.all([makeAudioFixtures(), startTestBucket()]);
    ({ albumId } = await seedAlbum(t.database));
  });
  afterAll(async () => {
    await bucket.close();
    f.cleanup();
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { cookie: t.cookie, ...headers } });
  async function songFrom(file: string, title: string): Promise<{ id: number; audioFileUrl: string }> {
    const body = await multipart('audio', f.read(file), 'x');
    const audio = (await t.postMultipart('/api/upload/audio', body)).json();
    const res = await t.call('POST', '/api/songs', {
      title,
      albumId,
      audioFileUrl: audio.audioUrl,
      language: 'Brahui',
    });
    return res.json();
  }

  it('answers an attachment named from the Arabic-script title with the stored extension', async () => {
    const mp3 = await songFrom(f.mp3, 'لیلا جان');
    const res = await get(`/api/songs/${mp3.id}/download`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('audio/mpeg');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="download\.mp3"; filename\*=/);
    expect(savedName(res.headers['content-disposition'])).toBe('لیلا جان.mp3');
    expect(res.rawPayload.equals(f.read(f.mp3))).toBe(true);

    const flac = await songFrom(f.flac, 'Sepad "live" / 2021');
    const named = await get(`/api/songs/${flac.id}/download`);
    expect(named.headers['content-disposition']).toContain('filename="Sepad live  2021.flac"');
    expect(savedName(named.headers['content-disposition'])).toBe('Sepad live  2021.flac');
    expect(named.headers['content-type']).toBe('audio/flac');
  });

  it('supports ranges so a download can resume', async () => {
    const song = await songFrom(f.ogg, 'Laadi');
    const res = await get(`/api/songs/${song.id}/download`, { range: 'bytes=10-19' });
    expect(res.statusCode).toBe(206);
    expect(res.rawPayload.equals(f.read(f.ogg).subarray(10, 20))).toBe(true);
  });

  it('answers 404 for a missing song, a song without audio and a vanished file', async () => {
    expect((await get('/api/songs/999999/download')).statusCode).toBe(404);
    const now = nowIso();
    const silent = await t.database.db
      .insertInto('songs')
      .values({
        title: 'Silent',
        albumId,
        status: 'draft',
        searchText: 'silent',
        createdAt: now,
        updatedAt: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const none = await get(`/api/songs/${silent.id}/download`);
    expect([none.statusCode, none.json().error]).toEqual([404, 'No audio file available for download']);
    const song = await songFrom(f.wav, 'Gone');
    rmSync(path.join(t.dataDir, song.audioFileUrl));
    const gone = await get(`/api/songs/${song.id}/download`);
    expect([gone.statusCode, gone.json().error]).toEqual([404, 'No audio file available for download']);
  });

  it('streams a bucket file through the server, and redirects to it once the settings move on', async () => {
    await useBucket(t.app, t.cookie, bucket.settings);
    const song = await songFrom(f.m4a, 'Zahirok');
    expect(song.audioFileUrl.startsWith(bucket.settings.endpoint)).toBe(true);
    const res = await get(`/api/songs/${song.id}/download`);
    expect(res.statusCode).toBe(200);
    expect(savedName(res.headers['content-disposition'])).toBe('Zahirok.m4a');
    expect(res.rawPayload.equals(f.read(f.m4a))).toBe(true);
    await useBucket(t.app, t.cookie, null);
    const moved = await get(`/api/songs/${song.id}/download`);
    expect([moved.statusCode, moved.headers.location]).toEqual([302, song.audioFileUrl]);
  });
});
