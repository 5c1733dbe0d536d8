import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../testing/databases';
import { createTestApp, type TestApp } from '../testing/test-app';
import { type AudioFixtures, makeAudioFixtures, multipart } from './testing/audio-fixtures';
import { eventually, mediaFiles } from './testing/media-dir';
import { startTestBucket, type TestBucket } from './testing/s3rver';
import { useBucket } from './testing/storage-settings';

describe.each(testDialects())('an upload aborted half-way on %s', (dialect) => {
  let t: TestApp;
  let f: AudioFixtures;
  let bucket: TestBucket;
  let cookie: string;
  let port: number;
  beforeAll(async () => {
    [t, f, bucket] = await Promise.all([
      createTestApp(dialect),
      makeAudioFixtures({ large: true }),
      startTestBucket(),
    ]);
    cookie = await t.signIn();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await t.close();
    await bucket.close();
    f.cleanup();
  });

  /** Sends the first `sent` bytes of a 51 MB upload over a real socket, waits for `started`, then cuts it. */
  async function abortUpload(sent: number, started: () => boolean | Promise<boolean>) {
    const body = await multipart('audio', f.read(f.wav51mb), 'long.wav', 'audio/wav');
    const request = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/upload/audio',
      headers: { ...body.headers, cookie, 'content-length': String(body.payload.length) },
    });
    request.on('error', () => undefined);
    request.write(body.payload.subarray(0, sent));
    await eventually(started);
    request.destroy();
  }

  it('leaves no partial file on disk', async () => {
    await useBucket(t.app, cookie, null);
    await abortUpload(20 * 1024 * 1024, () => mediaFiles(t.dataDir).some((p) => p.startsWith('.partial')));
    await eventually(() => mediaFiles(t.dataDir).length === 0);
    expect(await t.database.db.selectFrom('mediaFiles').selectAll().execute()).toEqual([]);
  });

  it('leaves no object in the bucket when parts were already sent', async () => {
    await useBucket(t.app, cookie, bucket.settings);
    // Cut once the first 5 MB part has reached the bucket, so a real multipart upload is abandoned.
    await abortUpload(20 * 1024 * 1024, () => bucket.uploadedParts().length > 0);
    // The server answers nothing to the cut request; an upload after it proves the server carries on.
    const small = await multipart('audio', f.read(f.mp3), 'song.mp3');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/upload/audio',
      headers: { ...small.headers, cookie },
      payload: small.payload,
    });
    expect(res.statusCode).toBe(201);
    const key = new URL(res.json().audioUrl).pathname.replace(`/${bucket.settings.bucket}/`, '');
    await eventually(async () => (await bucket.keys()).length === 1);
    expect(await bucket.keys()).toEqual([key]);
    expect(mediaFiles(t.dataDir)).toEqual([]);
  });
});
