import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { useApiTestApp } from '../testing/api-test-app';
import { testDialects } from '../testing/databases';
import { multipart } from './testing/audio-fixtures';
import { mediaFiles } from './testing/media-dir';

const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#C0392B' } });

describe.each(testDialects())('image uploads on %s', (dialect) => {
  const t = useApiTestApp(dialect);

  const send = async (kind: string, bytes: Buffer, filename = 'photo.jpg', field = 'image') => {
    const body = await multipart(field, bytes, filename, 'image/jpeg');
    return t.postMultipart(`/api/${kind}/upload-image`, body);
  };
  const images = () => mediaFiles(t.dataDir).filter((p) => p.startsWith('images'));

  it.each(['artists', 'albums', 'banners'])(
    'stores a JPEG and a PNG for %s and serves them',
    async (kind) => {
      for (const [bytes, ext, type] of [
        [await solid(300, 200).jpeg().toBuffer(), 'jpg', 'image/jpeg'],
        [await solid(120, 90).png().toBuffer(), 'png', 'image/png'],
      ] as const) {
        const res = await send(kind, bytes, 'any-name.gif');
        expect(res.statusCode).toBe(201);
        const { imageUrl } = res.json();
        expect(imageUrl).toMatch(new RegExp(`^/media/images/${kind}/[0-9a-f]{2}/[0-9a-f]{32}\\.${ext}$`));
        const served = await t.app.inject({ method: 'GET', url: imageUrl });
        expect(served.statusCode).toBe(200);
        expect(served.headers['content-type']).toBe(type);
        expect(served.headers['x-content-type-options']).toBe('nosniff');
        const meta = await sharp(served.rawPayload).metadata();
        expect([meta.format, meta.width]).toEqual([
          ext === 'jpg' ? 'jpeg' : 'png',
          ext === 'jpg' ? 300 : 120,
        ]);
      }
    },
  );

  it('strips metadata and applies the EXIF orientation', async () => {
    const tagged = await solid(40, 20)
      .jpeg()
      .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: 'GPS and camera secrets' } } })
      .toBuffer();
    expect((await sharp(tagged).metadata()).exif).toBeDefined();
    const res = await send('artists', tagged);
    const served = await t.app.inject({ method: 'GET', url: res.json().imageUrl });
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect([meta.width, meta.height]).toEqual([20, 40]);
    expect(served.rawPayload.includes(Buffer.from('GPS and camera secrets'))).toBe(false);
  });

  it('refuses other types by content with 415, whatever the name and declared type', async () => {
    const before = images();
    const gif = await solid(10, 10).gif().toBuffer();
    const webp = await solid(10, 10).webp().toBuffer();
    for (const bytes of [gif, webp, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>')]) {
      const res = await send('albums', bytes, 'cover.png');
      expect(res.statusCode).toBe(415);
      expect(res.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
    }
    expect(images()).toEqual(before);
  });

  it('answers 413 "File too large" over 5 MB, while streaming', async () => {
    const before = images();
    const noisy = await sharp(randomBytes(1400 * 1400 * 3), {
      raw: { width: 1400, height: 1400, channels: 3 },
    })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(noisy.length).toBeGreaterThan(5 * 1024 * 1024);
    const res = await send('banners', noisy, 'big.png');
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ error: 'File too large', code: 'PAYLOAD_TOO_LARGE' });
    expect(images()).toEqual(before);
  });

  it('refuses a pixel flood (a small file of 48 megapixels) without decoding it', async () => {
    const flood = await solid(8000, 6000).png({ compressionLevel: 9 }).toBuffer();
    expect(flood.length).toBeLessThan(5 * 1024 * 1024);
    const res = await send('albums', flood, 'flood.png');
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', details: { maxPixels: 40_000_000 } });
  });

  it('answers a damaged image with the spec words and a missing field with 400', async () => {
    const jpeg = await solid(200, 200).jpeg().toBuffer();
    const damaged = await send('banners', jpeg.subarray(0, 300));
    expect(damaged.statusCode).toBe(400);
    expect(damaged.json().error).toBe('Failed to upload image');
    const wrongField = await send('banners', jpeg, 'photo.jpg', 'file');
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().details[0].field).toBe('image');
  });
});
