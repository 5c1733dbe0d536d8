import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BlobNotFoundError, type BlobStore } from './blob-store';
import { newKey } from './keys';
import { LocalBlobStore } from './local-store';
import { S3BlobStore } from './s3-store';
import { startTestBucket } from './testing/s3rver';

interface StoreUnderTest {
  store: BlobStore;
  /** Every file or object the store holds, partial ones included. */
  everything(): Promise<string[]>;
  close(): Promise<void>;
}

async function localStore(): Promise<StoreUnderTest> {
  const root = mkdtempSync(path.join(tmpdir(), 'nazenk-local-'));
  return {
    store: new LocalBlobStore(root),
    everything: async () =>
      readdirSync(root, { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile())
        .map((e) => path.relative(root, path.join(e.parentPath, e.name))),
    close: async () => rmSync(root, { recursive: true, force: true }),
  };
}

async function s3Store(): Promise<StoreUnderTest> {
  const bucket = await startTestBucket();
  const store = new S3BlobStore(bucket.settings);
  return {
    store,
    everything: () => bucket.keys(),
    close: async () => {
      store.client.destroy();
      await bucket.close();
    },
  };
}

/** A body that yields `bytes` in 64 KB chunks, then fails when `failAfter` bytes have gone out. */
function body(bytes: Buffer, failAfter?: number): Readable {
  return Readable.from(
    (async function* () {
      for (let at = 0; at < bytes.length; at += 65536) {
        if (failAfter !== undefined && at >= failAfter) throw new Error('client went away');
        yield bytes.subarray(at, at + 65536);
      }
    })(),
  );
}

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

describe.each([
  ['local disk', localStore],
  ['S3 (s3rver)', s3Store],
])('blob store on %s', (_name, open) => {
  let t: StoreUnderTest;
  beforeAll(async () => {
    t = await open();
  });
  afterAll(async () => t.close());

  it('streams a file in and reads it back whole and by range', async () => {
    const bytes = randomBytes(300_000);
    const key = newKey('audio', 'mp3');
    await t.store.put(key, body(bytes), 'audio/mpeg');
    expect(await t.store.stat(key)).toMatchObject({ size: bytes.length, contentType: 'audio/mpeg' });
    expect(sha(await buffer(await t.store.read(key)))).toBe(sha(bytes));
    const part = await buffer(await t.store.read(key, { start: 1000, end: 1999 }));
    expect(part.equals(bytes.subarray(1000, 2000))).toBe(true);
  });

  it('stores a file larger than one multipart part', async () => {
    const bytes = randomBytes(12 * 1024 * 1024 + 123);
    const key = newKey('audio', 'flac');
    await t.store.put(key, body(bytes), 'audio/flac');
    expect((await t.store.stat(key))?.size).toBe(bytes.length);
    expect(sha(await buffer(await t.store.read(key)))).toBe(sha(bytes));
    const tail = await buffer(await t.store.read(key, { start: bytes.length - 10, end: bytes.length - 1 }));
    expect(tail.equals(bytes.subarray(-10))).toBe(true);
  });

  it('leaves nothing behind when the body fails half-way, small or multipart', async () => {
    const before = await t.everything();
    for (const [size, failAfter] of [
      [1_000_000, 500_000],
      [13 * 1024 * 1024, 11 * 1024 * 1024],
    ] as const) {
      const key = newKey('audio', 'wav');
      await expect(t.store.put(key, body(randomBytes(size), failAfter), 'audio/wav')).rejects.toThrow();
      expect(await t.store.stat(key)).toBeNull();
    }
    expect((await t.everything()).sort()).toEqual(before.sort());
  });

  it('answers missing files as missing and deletes idempotently', async () => {
    const key = newKey('images/artists', 'jpg');
    expect(await t.store.stat(key)).toBeNull();
    await expect(t.store.read(key)).rejects.toBeInstanceOf(BlobNotFoundError);
    await t.store.put(key, body(Buffer.from('jpeg bytes')), 'image/jpeg');
    await t.store.delete(key);
    expect(await t.store.stat(key)).toBeNull();
    await t.store.delete(key);
  });

  it('accepts only generated keys, and maps its URLs back to keys', async () => {
    for (const bad of ['../secret.key', 'audio/../../x.mp3', 'audio/ab/notahexname.mp3', '/etc/passwd']) {
      await expect(t.store.put(bad, body(Buffer.from('x')), 'audio/mpeg')).rejects.toThrow();
      expect(await t.store.stat(bad)).toBeNull();
      await expect(t.store.read(bad)).rejects.toBeInstanceOf(BlobNotFoundError);
    }
    const key = newKey('images/banners', 'png');
    expect(t.store.keyFromUrl(t.store.urlFor(key))).toBe(key);
    expect(t.store.keyFromUrl('https://elsewhere.example/audio/ab/x.mp3')).toBeNull();
    expect(t.store.keyFromUrl(`${t.store.urlFor(key)}/../../x`)).toBeNull();
  });
});

describe('S3 objects are served by the bucket from their stored URL', () => {
  it('answers the public URL with the content type, a long cache and byte ranges', async () => {
    const bucket = await startTestBucket();
    const store = new S3BlobStore(bucket.settings);
    try {
      const bytes = randomBytes(10_000);
      const key = newKey('audio', 'ogg');
      await store.put(key, body(bytes), 'audio/ogg');
      const url = store.urlFor(key);
      expect(url).toBe(`${bucket.settings.endpoint}/${bucket.settings.bucket}/${key}`);
      const res = await fetch(url, { headers: { Range: 'bytes=100-199' } });
      expect(res.status).toBe(206);
      expect(res.headers.get('content-type')).toBe('audio/ogg');
      expect(res.headers.get('cache-control')).toContain('immutable');
      expect(Buffer.from(await res.arrayBuffer()).equals(bytes.subarray(100, 200))).toBe(true);
    } finally {
      store.client.destroy();
      await bucket.close();
    }
  });

  it('uses virtual-hosted URLs for DNS endpoints', () => {
    const store = new S3BlobStore({
      accessKeyId: 'a',
      secretAccessKey: 'b',
      bucket: 'nazenk',
      region: 'blr1',
      endpoint: 'https://blr1.digitaloceanspaces.com',
    });
    const key = newKey('audio', 'mp3');
    expect(store.urlFor(key)).toBe(`https://nazenk.blr1.digitaloceanspaces.com/${key}`);
    store.client.destroy();
  });
});
