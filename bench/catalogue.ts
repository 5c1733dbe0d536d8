// Catalogue benchmark: npm run bench (or: npx tsx bench/catalogue.ts)
// Seeds 100,000 songs into SQLite and into a fresh PostgreSQL database, starts the real (bundled) server
// and the hand-written reference endpoint (bench/reference/server.mjs: the same 50 joined songs with
// Fastify and the driver) against each, and loads every target with autocannon -c 50 -p 1, interleaving
// the reference and the product in rounds so both see the same machine. Prints each figure as a ratio
// to the reference, with the server's event-loop delay. The searches are measured again at 1,000,000
// songs. Tune with BENCH_SONGS, BENCH_LARGE_SONGS (0: skip), BENCH_SECONDS (per target and side),
// BENCH_ROUNDS, BENCH_WARMUP, BENCH_DIALECTS, BENCH_LARGE_DIALECTS, BENCH_PG_URL, BENCH_BUNDLE.
import path from 'node:path';
import type { Dialect } from '../src/server/db/database';
import { type BenchDatabase, createBenchDatabase } from './lib/databases';
import { type LoadOptions, measureSlot, type Slot, summarize } from './lib/load';
import { printRatios, type RatioRow } from './lib/ratio-report';
import { buildServer, type RunningServer, startProcess } from './lib/server';

const SONGS = Number(process.env.BENCH_SONGS ?? 100_000);
const LARGE_SONGS = Number(process.env.BENCH_LARGE_SONGS ?? 1_000_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
const CONNECTIONS = 50;
const list = (v: string | undefined, fallback: string) =>
  (v ?? fallback).split(',').filter(Boolean) as Dialect[];
const DIALECTS = list(process.env.BENCH_DIALECTS, 'sqlite,postgres');
const LARGE_DIALECTS = list(process.env.BENCH_LARGE_DIALECTS, 'sqlite,postgres');
/** A word of many seeded song titles ("Watan", "Mani Watan (منی وطن)"...). */
export const SEARCH_WORD = 'watan';
const PAGE = 50;
const DEEP_PAGE = 1000;

const ADMIN = { username: 'bench', password: 'bench-password-0123' };

interface Target {
  name: string;
  path: string;
  /** Sent without the admin's session. */
  anonymous?: boolean;
  /** Sent with If-None-Match: the ETag of the first answer (a 304 is the expected answer). */
  revalidate?: boolean;
  /** Each request asks for another offset below this: the uncached path (see LoadOptions.varyOffset). */
  uncached?: number;
}

const catalogueTargets = (rareWord: string): Target[] => [
  { name: 'auth/me (session only)', path: '/api/auth/me' },
  { name: 'songs, first page', path: `/api/songs?limit=${PAGE}` },
  { name: 'songs, first page, 304', path: `/api/songs?limit=${PAGE}`, revalidate: true },
  { name: `songs, page ${DEEP_PAGE}`, path: `/api/songs?limit=${PAGE}&offset=${(DEEP_PAGE - 1) * PAGE}` },
  { name: 'songs, uncached (offset < 50,000)', path: `/api/songs?limit=${PAGE}`, uncached: 50_000 },
  ...searchTargets(rareWord),
  {
    name: `songs, q=${SEARCH_WORD}, uncached (offset < 450)`,
    path: `/api/songs?q=${SEARCH_WORD}&limit=${PAGE}`,
    uncached: 450,
  },
  { name: 'dashboard', path: '/api/analytics/dashboard' },
  { name: 'public: featured', path: '/api/featured', anonymous: true },
  { name: 'public: featured, 304', path: '/api/featured', anonymous: true, revalidate: true },
  { name: `public: search ${SEARCH_WORD}`, path: `/api/search?q=${SEARCH_WORD}`, anonymous: true },
];

const searchTargets = (rareWord: string): Target[] => [
  { name: `songs, q=${SEARCH_WORD} (common)`, path: `/api/songs?q=${SEARCH_WORD}&limit=${PAGE}` },
  { name: `songs, q=${rareWord} (rare)`, path: `/api/songs?q=${encodeURIComponent(rareWord)}&limit=${PAGE}` },
];

const log = (message: string) => console.log(`[bench] ${message}`);

async function signIn(url: string): Promise<string> {
  const response = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith('nazenk_session='));
  if (!response.ok || !cookie) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return cookie.split(';')[0] as string;
}

/** The headers a target is loaded with, after one checked request (a wrong answer makes figures meaningless). */
async function prepare(
  url: string,
  cookie: string,
  target: Target,
): Promise<Record<string, string> | string> {
  const headers: Record<string, string> = target.anonymous ? {} : { cookie };
  const response = await fetch(`${url}${target.path}`, { headers });
  const text = await response.text();
  if (response.status !== 200) return `${target.path} answered ${response.status}`;
  const total = response.headers.get('x-total-count');
  log(`${target.path}: 200, ${text.length} bytes${total ? `, total ${total}` : ''}`);
  if (!target.revalidate) return headers;
  const etag = response.headers.get('etag');
  if (!etag) return `${target.path} has no ETag`;
  const again = await fetch(`${url}${target.path}`, { headers: { ...headers, 'if-none-match': etag } });
  if (again.status !== 304) return `${target.path} answered ${again.status} to If-None-Match`;
  return { ...headers, 'if-none-match': etag };
}

/** Reference and product in alternating slots; the product's event-loop delay over its slots. */
async function interleaved(reference: LoadOptions, product: LoadOptions, server: RunningServer) {
  const ref: Slot[] = [];
  const own: Slot[] = [];
  let loopP99 = 0;
  const slot = { seconds: SECONDS / ROUNDS, warmupSeconds: 0 };
  await measureSlot({ ...reference, seconds: WARMUP });
  await measureSlot({ ...product, seconds: WARMUP });
  for (let round = 0; round < ROUNDS; round += 1) {
    ref.push(await measureSlot({ ...reference, ...slot }));
    server.loopDelay?.reset();
    own.push(await measureSlot({ ...product, ...slot }));
    loopP99 = Math.max(loopP99, (await server.loopDelay?.read())?.p99 ?? Number.NaN);
  }
  return { reference: summarize(ref), product: summarize(own), loopP99 };
}

async function benchDialect(
  dialect: Dialect,
  songs: number,
  bundle: string,
  targetsFor: (rareWord: string) => Target[],
): Promise<RatioRow[]> {
  log(`${dialect}: seeding ${songs.toLocaleString('en')} songs...`);
  let database: BenchDatabase | undefined;
  let server: RunningServer | undefined;
  let reference: RunningServer | undefined;
  try {
    database = await createBenchDatabase(dialect, songs);
    const { summary } = database;
    log(
      `${dialect}: seeded in ${database.seedSeconds.toFixed(1)} s ` +
        `(${summary.songs} songs, ${summary.albums} albums, ${summary.artists} artists, ${summary.streamEvents} streams)`,
    );
    const env = { DATABASE_URL: database.url, DATA_DIR: database.dataDir };
    server = await startProcess(
      [bundle],
      {
        ...env,
        ADMIN_USERNAME: ADMIN.username,
        ADMIN_PASSWORD: ADMIN.password,
        COOKIE_SECURE: 'false',
        NODE_ENV: 'production',
      },
      path.join(database.dataDir, 'server.log'),
      '/api/health',
      { probeLoopDelay: true },
    );
    reference = await startProcess(
      [path.join(import.meta.dirname, 'reference/server.mjs')],
      env,
      path.join(database.dataDir, 'reference.log'),
      '/songs',
    );
    const cookie = await signIn(server.url);
    const rows: RatioRow[] = [];
    const base = { connections: CONNECTIONS, warmupSeconds: 0, seconds: SECONDS };
    for (const target of targetsFor(database.rareWord)) {
      const headers = await prepare(server.url, cookie, target);
      if (typeof headers === 'string') {
        log(`${dialect}: skipped, ${headers}`);
        rows.push({ dialect, songs, target: target.name, note: headers });
        continue;
      }
      const figures = await interleaved(
        { ...base, url: `${reference.url}/songs` },
        {
          ...base,
          url: `${server.url}${target.path}`,
          headers,
          ...(target.uncached ? { varyOffset: target.uncached } : {}),
        },
        server,
      );
      const ratio = figures.product.requestsPerSecond / figures.reference.requestsPerSecond;
      log(
        `${dialect}: ${target.name}: ${Math.round(figures.product.requestsPerSecond)} req/s ` +
          `(${ratio.toFixed(2)}x), p99 ${figures.product.p99.toFixed(1)} ms, loop p99 ${figures.loopP99.toFixed(1)} ms`,
      );
      rows.push({ dialect, songs, target: target.name, revalidate: target.revalidate === true, ...figures });
    }
    return rows;
  } finally {
    await server?.stop();
    await reference?.stop();
    await database?.drop();
  }
}

export async function runCatalogueBench(): Promise<void> {
  const started = performance.now();
  log('building the server bundle...');
  const bundle = process.env.BENCH_BUNDLE ?? (await buildServer());
  const rows: RatioRow[] = [];
  for (const dialect of DIALECTS)
    rows.push(...(await benchDialect(dialect, SONGS, bundle, catalogueTargets)));
  if (LARGE_SONGS > 0) {
    for (const dialect of LARGE_DIALECTS)
      rows.push(...(await benchDialect(dialect, LARGE_SONGS, bundle, searchTargets)));
  }
  printRatios(rows, { seconds: SECONDS, rounds: ROUNDS, connections: CONNECTIONS });
  log(`done in ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runCatalogueBench().catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
