import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useApiTestApp } from '../testing/api-test-app';
import { testDialects } from '../testing/databases';
import { type AudioFixtures, makeAudioFixtures, multipart } from './testing/audio-fixtures';
import { eventually, mediaFiles } from './testing/media-dir';
import { startTestBucket, type TestBucket } from './testing/s3rver';
import { useBucket } from './testing/storage-settings';

describe.each(testDialects())('storage chosen from the settings on %s', (dialect) => {
  const t = useApiTestApp(dialect);
  let f: AudioFixtures;
  let bucket: TestBucket;
  let png: Buffer;
  beforeAll(async () => {
    [f, bucket] = await Promise.all([makeAudioFixtures(), startTestBucket()]);
    png = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#2E86C1' } })
      .png()
      .toBuffer();
  });
  afterAll(async () => {
    await bucket.close();
    f.cleanup();
  });

  const post = async (url: string, field: string, bytes: Buffer, name: string) => {
    const body = await multipart(field, bytes, name);
    const res = await t.postMultipart(url, body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };
  const bucketBase = () => `${bucket.settings.endpoint}/${bucket.settings.bucket}/`;

  it('switches between disk and bucket without a restart, and every file stays where it was stored', async () => {
    const { imageUrl: onDisk } = await post('/api/banners/upload-image', 'image', png, 'a.png');
    expect(onDisk).toMatch(/^\/media\/images\/banners\//);

    await useBucket(t.app, t.cookie, bucket.settings);
    const { imageUrl: inBucket } = await post('/api/banners/upload-image', 'image', png, 'b.png');
    const { audioUrl } = await post('/api/upload/audio', 'audio', f.read(f.mp3), 'song.mp3');
    expect(inBucket.startsWith(`${bucketBase()}images/banners/`)).toBe(true);
    expect(audioUrl.startsWith(`${bucketBase()}audio/`)).toBe(true);
    expect((await bucket.keys()).sort()).toEqual(
      [inBucket, audioUrl].map((u: string) => u.slice(bucketBase().length)).sort(),
    );
    const served = await fetch(audioUrl, { headers: { Range: 'bytes=0-9' } });
    expect([served.status, served.headers.get('content-type')]).toEqual([206, 'audio/mpeg']);
    expect((await t.app.inject({ method: 'GET', url: onDisk })).statusCode).toBe(200);

    // Incomplete settings (no bucket name) mean local disk again; the bucket's files still answer.
    await useBucket(t.app, t.cookie, { ...bucket.settings, bucket: '' });
    const { imageUrl: backOnDisk } = await post('/api/albums/upload-image', 'image', png, 'c.png');
    expect(backOnDisk).toMatch(/^\/media\/images\/albums\//);
    expect((await fetch(inBucket)).status).toBe(200);
    expect(mediaFiles(t.dataDir).filter((p) => p.startsWith('images'))).toHaveLength(2);
  });

  it('removes a replaced image from the bucket after the update commits', async () => {
    await useBucket(t.app, t.cookie, bucket.settings);
    const { imageUrl: first } = await post('/api/banners/upload-image', 'image', png, 'first.png');
    const { imageUrl: second } = await post('/api/banners/upload-image', 'image', png, 'second.png');
    const banner = await t.call('POST', '/api/banners', { title: 'نوروز', imageUrl: first });
    expect(banner.statusCode).toBe(201);
    const key = (url: string) => url.slice(bucketBase().length);
    expect(await bucket.keys()).toContain(key(first));
    const updated = await t.call('PUT', `/api/banners/${banner.json().id}`, {
      title: 'نوروز',
      imageUrl: second,
    });
    expect(updated.statusCode).toBe(200);
    await eventually(async () => !(await bucket.keys()).includes(key(first)));
    expect(await bucket.keys()).toContain(key(second));
  });

  it('answers the spec words when the bucket cannot be reached, and stores nothing locally', async () => {
    await useBucket(t.app, t.cookie, { ...bucket.settings, endpoint: 'http://127.0.0.1:9' });
    const before = mediaFiles(t.dataDir);
    for (const [url, field, bytes, error] of [
      ['/api/artists/upload-image', 'image', png, 'Failed to upload image'],
      ['/api/upload/audio', 'audio', f.read(f.mp3), 'Failed to upload audio file'],
    ] as const) {
      const body = await multipart(field, bytes, 'x');
      const res = await t.postMultipart(url, body);
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ error, code: 'INTERNAL_ERROR', details: null });
    }
    expect(mediaFiles(t.dataDir)).toEqual(before);
    await useBucket(t.app, t.cookie, null);
  });
});
