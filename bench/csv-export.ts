// CSV export at 100,000 songs (issue 13, decision 0020): time to download GET /api/songs/export.csv
// whole, its size and rows, and the server's resident memory (idle before, peak during, sampled from
// /proc/<pid>/status every 10 ms), on a freshly seeded database per dialect.
//
// Run: npx tsx bench/csv-export.ts   (BENCH_SONGS, default 100000; BENCH_DIALECTS, default
// "sqlite,postgres"; BENCH_PG_URL as for npm run bench). Not part of npm test or npm run bench.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Dialect } from '../src/server/db/database';
import { createBenchDatabase } from './lib/databases';
import { rssMb, sampleRss } from './lib/rss';
import { buildServer, signIn, startProcess } from './lib/server';

const SONGS = Number(process.env.BENCH_SONGS ?? 100_000);
const DIALECTS = (process.env.BENCH_DIALECTS ?? 'sqlite,postgres').split(',') as Dialect[];
const ADMIN = { username: 'bench-csv', password: 'bench-csv-password-1' };
const EXPORTS = [
  { name: 'all songs, newest first', path: '/api/songs/export.csv' },
  { name: 'all songs, most played first', path: '/api/songs/export.csv?sort=most_played' },
];

const log = (message: string) => console.log(`[bench] ${message}`);

/** Downloads one export, reading it as a client would (chunk by chunk), counting bytes and lines. */
async function download(url: string, cookie: string) {
  const started = performance.now();
  const response = await fetch(url, { headers: { cookie } });
  if (!response.ok || !response.body) throw new Error(`export answered ${response.status}`);
  let bytes = 0;
  let lines = 0;
  const reader = response.body.getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    bytes += read.value.length;
    for (const byte of read.value) if (byte === 0x0a) lines++;
  }
  return { seconds: (performance.now() - started) / 1000, mb: bytes / 1024 / 1024, rows: lines - 1 };
}

async function benchDialect(bundle: string, dialect: Dialect) {
  log(`${dialect}: seeding ${SONGS.toLocaleString('en')} songs...`);
  const database = await createBenchDatabase(dialect, SONGS);
  log(`${dialect}: seeded in ${database.seedSeconds.toFixed(0)} s`);
  const work = mkdtempSync(path.join(tmpdir(), 'nazenk-bench-csv-'));
  const server = await startProcess(
    [bundle],
    {
      DATABASE_URL: database.url,
      DATA_DIR: database.dataDir,
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
    },
    path.join(work, 'server.log'),
    '/api/health',
  );
  try {
    const cookie = await signIn(server.url, ADMIN);
    // One small export first so the first measured one does not pay for loading code paths.
    await download(`${server.url}/api/songs/export.csv?q=zzzz-none`, cookie);
    for (const target of EXPORTS) {
      const idle = rssMb(server.pid);
      const sampler = sampleRss(server.pid);
      const result = await download(`${server.url}${target.path}`, cookie);
      const peak = sampler.stop();
      log(
        `${dialect} | ${target.name}: ${result.rows.toLocaleString('en')} rows, ${result.mb.toFixed(1)} MB ` +
          `in ${result.seconds.toFixed(2)} s (${Math.round(result.rows / result.seconds).toLocaleString('en')} rows/s); ` +
          `server RSS idle ${idle.toFixed(0)} MB, peak ${peak.toFixed(0)} MB (+${(peak - idle).toFixed(0)} MB)`,
      );
    }
  } finally {
    await server.stop();
    await database.drop();
    rmSync(work, { recursive: true, force: true });
  }
}

async function main() {
  const bundle = await buildServer();
  for (const dialect of DIALECTS) await benchDialect(bundle, dialect);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
