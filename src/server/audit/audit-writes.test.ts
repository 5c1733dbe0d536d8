import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AuditAction, AuditResource } from '../../contract/audit';
import { nowIso } from '../clock';
import { accessLevels } from '../http/auth-guard';
import { multipart } from '../media/testing/audio-fixtures';
import { useApiTestApp } from '../testing/api-test-app';
import { testDialects } from '../testing/databases';
import { type TestRows, testRows } from '../testing/rows';
import { actAs } from './context';
import { UnauditedWriteError } from './guard';

interface Changing {
  /** Makes whatever the write needs and sends it; answers the response and the record it changes. */
  send(): Promise<{ res: LightMyRequestResponse; recordId: number | null }>;
  resource: AuditResource;
  action: AuditAction;
}
interface Unchanging {
  /** Why this write route changes no record (and so leaves no entry). */
  changesNoRecord: string;
  send?(): Promise<LightMyRequestResponse>;
}

const MISSING_ID = 999_999;

describe.each(testDialects())('audit log of admin writes on %s', (dialect) => {
  const t = useApiTestApp(dialect);
  let rows: TestRows;
  beforeAll(() => {
    rows = testRows(t.database.db);
  });

  const entries = () => t.database.db.selectFrom('auditLog').selectAll().orderBy('id').execute();
  const lastId = async () => (await entries()).at(-1)?.id ?? 0;
  const entriesAfter = async (id: number) => (await entries()).filter((e) => e.id > id);

  const genre = async (name = 'موسیقی') => {
    const now = nowIso();
    const row = await t.database.db
      .insertInto('genres')
      .values({ name, isActive: true, searchText: name, createdAt: now, updatedAt: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  };
  const bannerRow = async () => {
    const now = nowIso();
    const row = await t.database.db
      .insertInto('banners')
      .values({ ...banner, position: 'hero', searchText: banner.title, createdAt: now, updatedAt: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  };
  const storedAudio = async () => {
    const url = `/media/audio/${Math.random().toString(36).slice(2)}.mp3`;
    await t.database.db
      .insertInto('mediaFiles')
      .values({ url, kind: 'audio', contentType: 'audio/mpeg', size: 10, sha256: 'x', createdAt: nowIso() })
      .execute();
    return url;
  };
  const songInput = async () => ({
    title: 'لیلا جان',
    albumId: await rows.album(await rows.artist()),
    audioFileUrl: await storedAudio(),
    status: 'published',
  });
  const withId = async (
    make: () => Promise<number>,
    send: (id: number) => Promise<LightMyRequestResponse>,
  ) => {
    const id = await make();
    return { res: await send(id), recordId: id };
  };
  const created = (res: LightMyRequestResponse) => ({ res, recordId: (res.json() as { id: number }).id });
  const banner = {
    title: 'جشن',
    imageUrl: 'https://cdn.example/b.png',
    position: 'hero',
    priority: 1,
    isActive: true,
  };
  const png = () =>
    sharp({ create: { width: 4, height: 4, channels: 3, background: '#a33' } })
      .png()
      .toBuffer();

  /** Every admin route that is not a read. A new one must be added here, so it cannot skip the log. */
  const WRITES: Record<string, Changing | Unchanging> = {
    'POST /api/genres': {
      resource: 'genres',
      action: 'create',
      send: async () => created(await t.call('POST', '/api/genres', { name: 'سروز' })),
    },
    'PUT /api/genres/:id': {
      resource: 'genres',
      action: 'update',
      send: () => withId(genre, (id) => t.call('PUT', `/api/genres/${id}`, { name: 'لیوا', isActive: true })),
    },
    'DELETE /api/genres/:id': {
      resource: 'genres',
      action: 'delete',
      send: () => withId(genre, (id) => t.call('DELETE', `/api/genres/${id}`)),
    },
    'POST /api/artists': {
      resource: 'artists',
      action: 'create',
      send: async () => created(await t.call('POST', '/api/artists', { name: 'نور محمد' })),
    },
    'PUT /api/artists/:id': {
      resource: 'artists',
      action: 'update',
      send: () => withId(rows.artist, (id) => t.call('PUT', `/api/artists/${id}`, { name: 'ملنگ شاه' })),
    },
    'DELETE /api/artists/:id': {
      resource: 'artists',
      action: 'delete',
      send: () => withId(rows.artist, (id) => t.call('DELETE', `/api/artists/${id}`)),
    },
    'POST /api/albums': {
      resource: 'albums',
      action: 'create',
      send: async () =>
        created(await t.call('POST', '/api/albums', { title: 'سپاد', primaryArtistId: await rows.artist() })),
    },
    'PUT /api/albums/:id': {
      resource: 'albums',
      action: 'update',
      send: async () => {
        const artist = await rows.artist();
        return withId(
          () => rows.album(artist),
          (id) => t.call('PUT', `/api/albums/${id}`, { title: 'گلزمین', primaryArtistId: artist }),
        );
      },
    },
    'DELETE /api/albums/:id': {
      resource: 'albums',
      action: 'delete',
      send: async () =>
        withId(
          async () => rows.album(await rows.artist()),
          (id) => t.call('DELETE', `/api/albums/${id}`),
        ),
    },
    'POST /api/songs': {
      resource: 'songs',
      action: 'create',
      send: async () => created(await t.call('POST', '/api/songs', await songInput())),
    },
    'DELETE /api/songs/:id': {
      resource: 'songs',
      action: 'delete',
      send: async () =>
        withId(
          async () => rows.song(await rows.album(await rows.artist())),
          (id) => t.call('DELETE', `/api/songs/${id}`),
        ),
    },
    'POST /api/upload/batch-songs': {
      resource: 'songs',
      action: 'create',
      // One entry per saved song: a batch of one leaves one.
      send: async () => {
        const res = await t.call('POST', '/api/upload/batch-songs', { songs: [await songInput()] });
        return { res, recordId: (res.json() as { success: { id: number }[] }).success[0]?.id ?? -1 };
      },
    },
    'PUT /api/playlists/:id': {
      resource: 'playlists',
      action: 'toggle',
      send: () =>
        withId(
          () => rows.playlist(),
          (id) => t.call('PUT', `/api/playlists/${id}`, { isFeatured: true }),
        ),
    },
    'DELETE /api/playlists/:id': {
      resource: 'playlists',
      action: 'delete',
      send: () =>
        withId(
          () => rows.playlist(),
          (id) => t.call('DELETE', `/api/playlists/${id}`),
        ),
    },
    'POST /api/banners': {
      resource: 'banners',
      action: 'create',
      send: async () => created(await t.call('POST', '/api/banners', banner)),
    },
    'PUT /api/banners/:id': {
      resource: 'banners',
      action: 'toggle',
      send: async () => withId(bannerRow, (id) => t.call('PUT', `/api/banners/${id}`, { isActive: false })),
    },
    'DELETE /api/banners/:id': {
      resource: 'banners',
      action: 'delete',
      send: async () => withId(bannerRow, (id) => t.call('DELETE', `/api/banners/${id}`)),
    },
    'PUT /api/users/:id': {
      resource: 'users',
      action: 'toggle',
      send: () =>
        withId(
          () => rows.user(),
          (id) => t.call('PUT', `/api/users/${id}`, { isActive: false }),
        ),
    },
    'DELETE /api/users/:id': {
      resource: 'users',
      action: 'delete',
      send: () =>
        withId(
          () => rows.user(),
          (id) => t.call('DELETE', `/api/users/${id}`),
        ),
    },
    'POST /api/users/:id/password-reset': {
      resource: 'users',
      action: 'password-reset',
      send: () =>
        withId(
          () => rows.user(),
          (id) => t.call('POST', `/api/users/${id}/password-reset`),
        ),
    },
    'PUT /api/settings': {
      resource: 'settings',
      action: 'update',
      send: async () => {
        const settings = (await t.call('GET', '/api/settings')).json();
        settings.admob.androidAppId = `ca-app-pub-${Math.random().toString().slice(2, 12)}~1`;
        return { res: await t.call('PUT', '/api/settings', settings), recordId: null };
      },
    },
    'POST /api/settings/storage/test': {
      changesNoRecord: 'tests a bucket with the form values; saves nothing',
    },
    'POST /api/artists/upload-image': {
      changesNoRecord: 'stores a file; the artist changes when its form is saved',
      send: async () =>
        t.postMultipart(
          '/api/artists/upload-image',
          await multipart('image', await png(), 'a.png', 'image/png'),
        ),
    },
    'POST /api/albums/upload-image': {
      changesNoRecord: 'stores a file; the album changes when its form is saved',
    },
    'POST /api/banners/upload-image': {
      changesNoRecord: 'stores a file; the banner changes when its form is saved',
    },
    'POST /api/extract-metadata': { changesNoRecord: 'reads the tags of a file; stores nothing' },
    'POST /api/upload/audio': {
      changesNoRecord: 'stores a file; songs are saved by POST /api/songs or batch-songs',
    },
  };

  const adminWrites = () =>
    t.app.registeredRoutes
      .filter((r) => r.url.startsWith('/api') && r.method !== 'GET')
      .filter((r) => accessLevels(r.access).includes('admin'))
      .map((r) => `${r.method} ${r.url}`);

  it('knows every admin write route', () => {
    expect(adminWrites().sort()).toEqual(Object.keys(WRITES).sort());
  });

  it.each(Object.entries(WRITES).filter((w): w is [string, Changing] => 'resource' in w[1]))(
    '%s leaves exactly one entry naming the admin, the record and the action',
    async (_route, write) => {
      const since = await lastId();
      const { res, recordId } = await write.send();
      expect(res.statusCode, res.body).toBeLessThan(300);
      const added = await entriesAfter(since);
      expect(added).toHaveLength(1);
      expect(added[0]).toMatchObject({
        adminUsername: 'admin',
        resource: write.resource,
        action: write.action,
        recordId,
      });
      expect(added[0]?.adminId).toBeGreaterThan(0);
    },
  );

  it.each(
    Object.entries(WRITES).filter(
      (w): w is [string, Unchanging & { send: NonNullable<Unchanging['send']> }] =>
        'send' in w[1] && 'changesNoRecord' in w[1],
    ),
  )('%s changes no record and leaves no entry', async (_route, write) => {
    const since = await lastId();
    const res = await write.send();
    expect(res.statusCode, res.body).toBeLessThan(300);
    expect(await entriesAfter(since)).toEqual([]);
  });

  it('leaves no entry for a write that changes nothing: unknown id (404), invalid body (400)', async () => {
    const since = await lastId();
    for (const route of adminWrites()) {
      const [method, url] = route.split(' ') as ['POST', string];
      const res = await t.call(method, url.replace(':id', String(MISSING_ID)), {});
      expect([400, 404, 415], `${route} answered ${res.statusCode}`).toContain(res.statusCode);
    }
    for (const [route, body] of [
      ['PUT /api/genres/:id', { name: 'x' }],
      ['PUT /api/artists/:id', { name: 'x' }],
      ['PUT /api/albums/:id', { title: 'x', primaryArtistId: await rows.artist() }],
      ['PUT /api/playlists/:id', { isHidden: true }],
      ['PUT /api/banners/:id', { isActive: true }],
      ['PUT /api/users/:id', { isActive: false }],
      ['DELETE /api/users/:id', undefined],
    ] as const) {
      const [method, url] = route.split(' ') as ['PUT', string];
      const res = await t.call(method, url.replace(':id', String(MISSING_ID)), body);
      expect(res.statusCode, route).toBe(404);
    }
    expect(await entriesAfter(since)).toEqual([]);
  });

  it('leaves no entry, and no half-written change, when a delete is refused (409)', async () => {
    const artist = await rows.artist('شاہ');
    await rows.album(artist);
    const since = await lastId();
    const res = await t.call('DELETE', `/api/artists/${artist}`);
    expect(res.statusCode).toBe(409);
    expect(await entriesAfter(since)).toEqual([]);
  });

  it('records the changed fields before and after, and never a password hash', async () => {
    const artist = await rows.artist('جان محمد');
    let since = await lastId();
    await t.call('PUT', `/api/artists/${artist}`, {
      name: 'جان محمد دشتی',
      country: 'پاکستان',
      verified: true,
    });
    const [update] = await entriesAfter(since);
    expect(update?.recordLabel).toBe('جان محمد دشتی');
    expect(JSON.parse(update?.changes ?? '[]')).toEqual([
      { field: 'name', before: 'جان محمد', after: 'جان محمد دشتی' },
      { field: 'country', before: null, after: 'پاکستان' },
      { field: 'verified', before: false, after: true },
    ]);

    const user = await rows.user({ username: 'شیرین' });
    await t.database.db
      .updateTable('appUsers')
      .set({ passwordHash: 'scrypt$secret-hash' })
      .where('id', '=', user)
      .execute();
    since = await lastId();
    await t.call('DELETE', `/api/users/${user}`);
    const [deletion] = await entriesAfter(since);
    expect(deletion?.changes).not.toContain('secret-hash');
    expect(deletion?.changes).not.toContain('passwordHash');
    expect(JSON.parse(deletion?.changes ?? '[]')).toContainEqual({ field: 'username', before: 'شیرین' });
  });

  it('records a changed secret setting only as changed', async () => {
    const settings = (await t.call('GET', '/api/settings')).json();
    settings.apiKeys.spotifyClientSecret = 'super-secret-value-123456';
    const since = await lastId();
    expect((await t.call('PUT', '/api/settings', settings)).statusCode).toBe(200);
    const [entry] = await entriesAfter(since);
    expect(entry?.changes).not.toContain('super-secret');
    expect(JSON.parse(entry?.changes ?? '[]')).toEqual([
      { field: 'apiKeys.spotifyClientSecret', secret: true },
    ]);
  });

  it('refuses an admin write that does not record itself, and rolls it back', async () => {
    const artist = await rows.artist('بی‌نام');
    const admin = { id: 1, username: 'admin' };
    const rename = () =>
      t.database.db
        .transaction()
        .execute((trx) => trx.updateTable('artists').set({ name: 'گم' }).where('id', '=', artist).execute());
    await expect(actAs(admin, rename)).rejects.toThrow(UnauditedWriteError);
    await expect(
      actAs(admin, () => t.database.db.deleteFrom('artists').where('id', '=', artist).execute()),
    ).rejects.toThrow(UnauditedWriteError);
    const row = await t.database.db
      .selectFrom('artists')
      .select('name')
      .where('id', '=', artist)
      .executeTakeFirst();
    expect(row?.name).toBe('بی‌نام');
    // Scripts and jobs (no acting admin) write as before.
    await rename();
  });
});
