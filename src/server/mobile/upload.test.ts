import { existsSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../media/testing/audio-fixtures';
import { testDialects } from '../testing/databases';
import { createTestApp, type TestApp } from '../testing/test-app';
import { typedClient } from '../testing/typed-client';
import { listener } from './testing';

const png = (size = 32) =>
  sharp({ create: { width: size, height: size, channels: 3, background: '#FF6B6B' } })
    .png()
    .toBuffer();

describe.each(testDialects())('POST /api/upload/mobile on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => t.close());

  /** Through the typed client: the documented form field `file` (its value is the file's name here). */
  const upload = (authorization: string | null, data: Buffer, type = 'image/png') =>
    typedClient(t.app, authorization ? { authorization } : {}).POST('/api/upload/mobile', {
      body: { file: 'me.png' },
      bodySerializer: (body) => {
        const form = new FormData();
        form.append('file', new Blob([new Uint8Array(data)], { type }), body.file);
        return form;
      },
    });
  const profileImage = async (id: number) =>
    (
      await t.database.db
        .selectFrom('appUsers')
        .select('profileImage')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).profileImage;
  const onDisk = (url: string) => existsSync(path.join(t.dataDir, url.replace(/^\/media\//, 'media/')));

  it('stores a profile image as the caller’s and replaces the previous one', async () => {
    const user = await listener(t.database.db);
    const first = await upload(user.authorization, await png());
    expect(first.response.status, JSON.stringify(first.error)).toBe(201);
    const firstUrl = String(first.data?.data.profileImage);
    expect(firstUrl).toMatch(/^\/media\/images\/users\/[0-9a-f]{2}\/[0-9a-f]{32}\.png$/);
    expect(await profileImage(user.id)).toBe(firstUrl);
    expect((await t.app.inject({ method: 'GET', url: firstUrl })).statusCode).toBe(200);
    const second = await upload(user.authorization, await png(40));
    const secondUrl = String(second.data?.data.profileImage);
    expect(await profileImage(user.id)).toBe(secondUrl);
    expect(onDisk(secondUrl)).toBe(true);
    expect(onDisk(firstUrl)).toBe(false);
  });

  it('enforces exactly the advertised limits and refuses anonymous callers, changing nothing', async () => {
    const config = (await typedClient(t.app).GET('/api/mobile/storage-config')).data?.data ?? {
      maxFileSize: 0,
      allowedTypes: [],
    };
    const user = await listener(t.database.db);
    const atLimit = Buffer.concat([await png(), Buffer.alloc(config.maxFileSize - (await png()).length)]);
    expect((await upload(user.authorization, atLimit)).response.status).toBe(201);
    const tooBig = Buffer.concat([atLimit, Buffer.alloc(1)]);
    const big = await upload(user.authorization, tooBig);
    expect(big.response.status).toBe(413);
    const before = await profileImage(user.id);
    const gif = Buffer.from(
      'GIF89a\x01\x00\x01\x00\x80\x00\x00\xff\xff\xff\x00\x00\x00!\xf9\x04\x00\x00\x00\x00\x00,\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;',
      'binary',
    );
    expect((await upload(user.authorization, gif, 'image/gif')).response.status).toBe(415);
    expect((await upload(user.authorization, Buffer.from('not an image'))).response.status).toBe(415);
    // Raw on purpose: the typed client only sends the documented field name.
    const avatar = await multipart('avatar', await png(), 'me.png', 'image/png');
    const wrongField = await t.app.inject({
      method: 'POST',
      url: '/api/upload/mobile',
      headers: { ...avatar.headers, authorization: user.authorization },
      payload: avatar.payload,
    });
    expect(wrongField.statusCode).toBe(400);
    expect((await upload(null, await png())).response.status).toBe(401);
    expect(await profileImage(user.id)).toBe(before);
    expect(config.allowedTypes).toEqual(['image/jpeg', 'image/png']);
  });
});
