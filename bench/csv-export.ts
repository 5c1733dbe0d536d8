// CSV export at 100,000 songs (issue 13, decision 0020): time to download GET /api/songs/export.csv
// whole, its size and rows, and the server's resident memory (idle before, peak during, sampled from
// /proc/<pid>/status every 10 ms), on a freshly seeded database per dialect.
//
// Run: npx tsx bench/csv-export.ts   (BENCH_SONGS, default 100000; BENCH_DIALECTS, default
// "sqlite,postgres"; BENCH_PG_URL as for npm run bench). Not part of npm test or npm run bench.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, openSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Dialect } from '../src/server/db/database';
import { createBenchDatabase } from './lib/databases';
import { rssMb, sampleRss } from './lib/rss';
import { buildServer, freePort } from './lib/server';

const SONGS = Number(process.env.BENCH_SONGS ?? 100_000);
const DIALECTS = (process.env.BENCH_DIALECTS ?? 'sqlite,postgres').split(',') as Dialect[];
const ADMIN = { username: 'bench-csv', password: 'bench-csv-password-1' };
const EXPORTS = [
  { name: 'all songs, newest first', path: '/api/songs/export.csv' },
  { name: 'all songs, most played first', path: '/api/songs/export.csv?sort=most_played' },
];

const log = (message: string) => console.log(`[bench] ${message}`);

async function startServer(bundle: string, env: Record<string, string>, logFile: string) {
  const port = await freePort();
  const out = openSync(logFile, 'a');
  const child: ChildProcess = spawn(process.execPath, [bundle], {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', out, out],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let tries = 0; ; tries++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}; see ${logFile}`);
    const up = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (tries > 300) throw new Error(`server did not start; see ${logFile}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  return { url, pid: child.pid as number, stop };
}

async function signIn(url: string): Promise<string> {
  const response = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith('nazenk_session='));
  if (!response.ok || !cookie) throw new Error(`sign-in failed: ${response.status}`);
  return cookie.split(';')[0] as string;
}

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
  const server = await startServer(
    bundle,
    {
      DATABASE_URL: database.url,
      DATA_DIR: database.dataDir,
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
    },
    path.join(work, 'server.log'),
  );
  try {
    const cookie = await signIn(server.url);
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
