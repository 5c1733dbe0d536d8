import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../db/migrate';
import { seedDemo } from '../seed/seed-demo';
import { testDialects } from '../testing/databases';
import { type ScratchDatabase, scratchDatabase } from '../testing/scratch-database';
import { freePort, request, type ServerProcess, signInCookie, startServer } from '../testing/server-process';
import { runLoad, type Step } from './load-driver';
import { ADMIN, LOAD_CONNECTIONS, LOAD_SECONDS, report } from './settings';

/**
 * Mixed reads and writes at 100 connections against one server process on a seeded catalogue: no
 * request may fail, and afterwards the database holds exactly the rows the 201s announced.
 */

const SONGS = 1_000;

describe.each(testDialects())('mixed load on %s', (dialect) => {
  let dataDir: string;
  let db: ScratchDatabase;
  let server: ServerProcess | undefined;
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'nazenk-load-'));
    db = await scratchDatabase(dialect, dataDir);
    const database = db.open();
    try {
      await migrateToLatest(database);
      await seedDemo(database, { songs: SONGS });
    } finally {
      await database.close();
    }
  });
  afterAll(async () => {
    server?.child.kill('SIGTERM');
    await server?.exited;
    await db.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    `answers ${LOAD_CONNECTIONS} connections for ${LOAD_SECONDS} s without an error and the counts reconcile`,
    async () => {
      const port = await freePort();
      server = await startServer({ ...ADMIN, PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: db.url });
      const cookie = await signInCookie(port, ADMIN.ADMIN_USERNAME, ADMIN.ADMIN_PASSWORD);
      const before = db.open();
      const count = async (table: 'artists' | 'genres') =>
        Number(
          (
            await before.db
              .selectFrom(table)
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      const seeded = { artists: await count('artists'), genres: await count('genres') };
      const artistIds = (await before.db.selectFrom('artists').select('id').execute()).map((r) => r.id);

      let unique = 0;
      const pick = () => artistIds[Math.floor(Math.random() * artistIds.length)];
      /** Per artist, the names its acknowledged updates gave it: the stored one must be among them. */
      const renamed = new Map<string, Set<string>>();
      const steps: Step[] = [
        {
          label: 'search songs',
          method: 'GET',
          make: () => ({ path: `/api/songs?q=${encodeURIComponent('بلوچ')}&limit=20` }),
        },
        {
          label: 'create genre',
          method: 'POST',
          make: () => ({
            path: '/api/genres',
            body: { name: `ریتم ${unique++}`, description: 'ساز و سرود' },
          }),
        },
        { label: 'list artists', method: 'GET', make: () => ({ path: '/api/artists?limit=20&sort=name' }) },
        {
          label: 'update artist',
          method: 'PUT',
          make: () => ({
            path: `/api/artists/${pick()}`,
            body: { name: `گلوکار ${unique++}`, country: 'ایران' },
          }),
          answered: (status, sent) => {
            if (status !== 200) return;
            const names = renamed.get(sent.path) ?? new Set<string>();
            names.add((sent.body as { name: string }).name);
            renamed.set(sent.path, names);
          },
        },
        { label: 'read artist', method: 'GET', make: () => ({ path: `/api/artists/${pick()}` }) },
        {
          label: 'create artist',
          method: 'POST',
          make: () => ({ path: '/api/artists', body: { name: `ھنرمند ${unique++}`, country: 'پاکستان' } }),
        },
        { label: 'list albums', method: 'GET', make: () => ({ path: '/api/albums?limit=20' }) },
        { label: 'list genres', method: 'GET', make: () => ({ path: '/api/genres?limit=50&sort=name' }) },
      ];
      const load = await runLoad(port, { cookie }, steps, LOAD_CONNECTIONS, LOAD_SECONDS);

      const answered = (label: string, status: number) => load.statuses.get(label)?.get(status) ?? 0;
      const after = { artists: await count('artists'), genres: await count('genres') };
      const stored = new Map(
        (await before.db.selectFrom('artists').select(['id', 'name']).execute()).map((r) => [
          `/api/artists/${r.id}`,
          r.name,
        ]),
      );
      await before.close();
      const unexplained = [...renamed].filter(([path, names]) => !names.has(stored.get(path) ?? ''));
      const totals = await Promise.all(
        (['artists', 'genres'] as const).map(async (table) => {
          const list = await request(port, 'GET', `/api/${table}?limit=1`, { headers: { cookie } });
          return 'status' in list ? Number(list.headers['x-total-count']) : -1;
        }),
      );
      report(
        `mixed load on ${dialect}: ${LOAD_CONNECTIONS} connections, ${LOAD_SECONDS} s, ` +
          `${Math.round(load.requestsPerSecond)} req/s, p99 ${Math.round(load.p99)} ms, ${load.requests} requests, ` +
          `${load.errors.length} errors; created ${answered('create genre', 201)} genres and ` +
          `${answered('create artist', 201)} artists, ${answered('update artist', 200)} artist updates`,
      );
      expect(load.errors.slice(0, 10)).toEqual([]);
      expect(answered('create genre', 201)).toBeGreaterThan(0);
      expect(after).toEqual({
        artists: seeded.artists + answered('create artist', 201),
        genres: seeded.genres + answered('create genre', 201),
      });
      expect(totals).toEqual([after.artists, after.genres]);
      expect(renamed.size).toBeGreaterThan(0);
      expect(unexplained).toEqual([]);
    },
    120_000 + LOAD_SECONDS * 1_000,
  );
});
