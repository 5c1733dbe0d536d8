import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import sharp from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import { artistsRepo } from '../modules/artists/repo';
import { useApiTestApp } from '../testing/api-test-app';
import { testDialects } from '../testing/databases';
import { newKey } from './keys';
import { createMediaService } from './media-service';
import { multipart } from './testing/audio-fixtures';
import { eventually, mediaFiles } from './testing/media-dir';

describe.each(testDialects())('stored images removed after the commit that drops them, on %s', (dialect) => {
  const t = useApiTestApp(dialect);

  const { call } = t;
  const upload = async (kind: string) => {
    const png = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#117A65' } })
      .png()
      .toBuffer();
    const body = await multipart('image', png, 'x.png');
    const res = await t.postMultipart(`/api/${kind}/upload-image`, body);
    return res.json().imageUrl as string;
  };
  const onDisk = (url: string) => mediaFiles(t.dataDir).includes(url.slice('/media/'.length));

  it('replacing an artist avatar removes the old file, keeping the new one', async () => {
    const [first, second] = [await upload('artists'), await upload('artists')];
    const artist = (await call('POST', '/api/artists', { name: 'جان محمد', avatar: first })).json();
    expect(
      (await call('PUT', `/api/artists/${artist.id}`, { name: 'جان محمد', avatar: first })).statusCode,
    ).toBe(200);
    expect(onDisk(first)).toBe(true);
    expect(
      (await call('PUT', `/api/artists/${artist.id}`, { name: 'جان محمد', avatar: second })).statusCode,
    ).toBe(200);
    // The file goes first, then its record: wait for both.
    const recorded = async (url: string) =>
      (await t.database.db.selectFrom('mediaFiles').select('url').where('url', '=', url).execute()).length >
      0;
    await eventually(async () => !onDisk(first) && !(await recorded(first)));
    expect(onDisk(second)).toBe(true);
    expect(await recorded(second)).toBe(true);
  });

  it('keeps a file another row still uses, and never touches links it did not store', async () => {
    const shared = await upload('albums');
    const artist = (await call('POST', '/api/artists', { name: 'Sabzal' })).json();
    const album = { title: 'Zahirok', primaryArtistId: artist.id, coverArt: shared };
    const a = (await call('POST', '/api/albums', album)).json();
    const b = (await call('POST', '/api/albums', { ...album, title: 'Laadi' })).json();
    expect((await call('DELETE', `/api/albums/${a.id}`)).statusCode).toBe(204);
    await new Promise((r) => setTimeout(r, 100));
    expect(onDisk(shared)).toBe(true);
    expect(
      (await call('PUT', `/api/albums/${b.id}`, { ...album, coverArt: 'https://example.com/c.jpg' }))
        .statusCode,
    ).toBe(200);
    await eventually(() => !onDisk(shared));
    expect((await call('PUT', `/api/albums/${b.id}`, { ...album, coverArt: null })).statusCode).toBe(200);
  });

  it('deleting a banner removes its image; a refused change removes nothing', async () => {
    const image = await upload('banners');
    const banner = (await call('POST', '/api/banners', { title: 'Eid', imageUrl: image })).json();
    expect((await call('PUT', `/api/banners/${banner.id}`, { title: '', imageUrl: null })).statusCode).toBe(
      400,
    );
    expect((await call('PUT', `/api/banners/${banner.id}`, { isActive: false })).statusCode).toBe(200);
    expect(onDisk(image)).toBe(true);
    expect((await call('DELETE', `/api/banners/${banner.id}`)).statusCode).toBe(204);
    await eventually(() => !onDisk(image));
  });
});

describe.each(testDialects())('repositories answer the stored files a write releases, on %s', (dialect) => {
  const t = useApiTestApp(dialect);

  it('an artist update releases the old avatar, a delete the current one, an unchanged one nothing', async () => {
    const artists = artistsRepo(t.database.db, dialect);
    const fields = { name: 'نغمہ خان', country: null, bio: null, verified: false };
    const id = await artists.create({ ...fields, avatar: '/media/images/old.png' });
    expect(await artists.update(id, { ...fields, avatar: '/media/images/old.png' })).toEqual({
      released: [],
    });
    expect(await artists.update(id, { ...fields, avatar: '/media/images/new.png' })).toEqual({
      released: ['/media/images/old.png'],
    });
    expect(await artists.delete(id)).toEqual({ released: ['/media/images/new.png'] });
    expect(await artists.delete(id)).toBeNull();
  });
});

describe.each(testDialects())('a released file that cannot be removed, on %s', (dialect) => {
  const t = useApiTestApp(dialect);

  it('is logged at warn and the write still succeeds', async () => {
    const media = createMediaService({ db: t.database.db, dataDir: t.dataDir, s3Settings: async () => null });
    const key = newKey('images/artists', 'png');
    const url = `/media/${key}`;
    await media.files.record({
      url,
      kind: 'image',
      contentType: 'image/png',
      size: 1,
      sha256: 'x',
      duration: null,
    });
    // A directory where the file should be: removing it without `recursive` fails.
    const where = path.join(t.dataDir, 'media', key);
    mkdirSync(where, { recursive: true });
    writeFileSync(path.join(where, 'inside'), 'x');
    const log = { warn: vi.fn(), error: vi.fn() };
    await expect(media.release([url], log as unknown as FastifyBaseLogger)).resolves.toBeUndefined();
    expect(log.warn).toHaveBeenCalledWith(expect.objectContaining({ url }), 'failed to remove a stored file');
    expect(log.error).not.toHaveBeenCalled();
  });
});
