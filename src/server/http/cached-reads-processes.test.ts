import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { type Database, type Dialect, openDatabase } from '../db/database';
import { catalogueFixtures } from '../testing/catalogue-fixtures';
import { migrateTestDatabase, testDialects } from '../testing/databases';
import { createTestApp, type TestApp } from '../testing/test-app';

/**
 * Two server processes on one database: a second app with its own connection (SQLite) or pool and
 * listener (PostgreSQL) on the first one's database, as a second process behind a load balancer would be.
 */
async function secondProcess(
  first: TestApp,
  dialect: Dialect,
): Promise<{ app: FastifyInstance; database: Database }> {
  const database =
    dialect === 'sqlite'
      ? openDatabase({ dialect, path: path.join(first.dataDir, 'test.db') })
      : openDatabase(
          { dialect, url: process.env.TEST_DATABASE_URL as string },
          { schema: first.database.schema as string, poolSize: 2 },
        );
  await migrateTestDatabase(database);
  const app = await buildApp({
    database,
    config: { cookieSecure: false, publicUrl: undefined, secretKey: 'x'.repeat(48), dataDir: first.dataDir },
  });
  await app.ready();
  return { app, database };
}

/** Resolves when `database` has heard of a committed write to `table` (from any process). */
function heard(database: Database, table: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no change to ${table} heard within 5 s`)), 5_000);
    const off = database.changes.subscribe((tables) => {
      if (!tables.has(table) && !tables.has('*')) return;
      clearTimeout(timer);
      off();
      resolve();
    });
  });
}

describe.each(testDialects())('cached reads across two processes on one %s database', (dialect) => {
  let a: TestApp;
  let b: { app: FastifyInstance; database: Database };
  let cookie: string;
  beforeAll(async () => {
    a = await createTestApp(dialect);
    b = await secondProcess(a, dialect);
    cookie = await a.signIn();
  });
  afterAll(async () => {
    await b?.app.close();
    await b?.database.close();
    await a?.close();
  });

  const get = async (app: FastifyInstance, url: string) => {
    const response = await app.inject({ url, headers: { cookie } });
    expect(response.statusCode, response.body).toBe(200);
    const again = await app.inject({
      url,
      headers: { cookie, 'if-none-match': response.headers.etag as string },
    });
    expect(again.statusCode, `${url} is cached`).toBe(304);
    return response.json() as Array<{ id: number; albumTitle: string; title: string }>;
  };

  it('a write in one process drops the other process’s cached pages', async () => {
    const fx = catalogueFixtures(a.database.db);
    const artist = await fx.artist('کریم');
    const album = await fx.album('Sepad', { primary: artist });
    const song = await fx.song(album, 'Zeba');
    const urls = [`/api/songs?albumId=${album}`, `/api/songs?q=zeba`, `/api/albums?artistId=${artist}`];
    for (const url of urls) await get(b.app, url);
    expect((await get(b.app, urls[0] as string))[0]?.albumTitle).toBe('Sepad');

    // PostgreSQL: B learns of A's commit by notification, within its delivery time (the stated bound);
    // SQLite: B sees the file's data_version move on its next read.
    const delivered = dialect === 'postgres' ? heard(b.database, 'albums') : Promise.resolve();
    const put = await a.app.inject({
      method: 'PUT',
      url: `/api/albums/${album}`,
      headers: { cookie },
      payload: { title: 'Watan', primaryArtistId: artist },
    });
    expect(put.statusCode, put.body).toBe(200);
    await delivered;

    expect((await get(b.app, urls[0] as string))[0]?.albumTitle).toBe('Watan');
    expect((await get(b.app, urls[1] as string)).find((s) => s.id === song)?.albumTitle).toBe('Watan');
    expect((await get(b.app, urls[2] as string))[0]).toMatchObject({ title: 'Watan' });

    // And the other way round: B deletes, A's cached page drops the song.
    await get(a.app, urls[0] as string);
    const gone = dialect === 'postgres' ? heard(a.database, 'songs') : Promise.resolve();
    const deleted = await b.app.inject({ method: 'DELETE', url: `/api/songs/${song}`, headers: { cookie } });
    expect(deleted.statusCode).toBe(204);
    await gone;
    expect(await get(a.app, urls[0] as string)).toEqual([]);
  });

  it('a sign-out in one process ends the session in the other, whose check was cached', async () => {
    const session = await a.signIn();
    const me = async (app: FastifyInstance) =>
      (await app.inject({ url: '/api/auth/me', headers: { cookie: session } })).statusCode;
    expect([await me(b.app), await me(b.app), await me(a.app)]).toEqual([200, 200, 200]);

    const delivered = dialect === 'postgres' ? heard(b.database, 'admin_sessions') : Promise.resolve();
    const out = await a.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: session } });
    expect(out.statusCode).toBe(200);
    await delivered;

    expect(await me(b.app)).toBe(401);
    expect(await me(a.app)).toBe(401);
    const still = await b.app.inject({ url: '/api/auth/me', headers: { cookie } });
    expect(still.statusCode).toBe(200);
  });
});
