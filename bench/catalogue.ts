// Catalogue benchmark: npm run bench (or: npx tsx bench/catalogue.ts)
// Seeds 100,000 songs into SQLite and into a fresh PostgreSQL database, starts the real (bundled) server
// against each, signs in and loads the songs list (first page, page 1000) and the song search with
// autocannon -c 50 -p 1, next to a hello-world Fastify route as the ceiling. Prints the figures
// against the goals. Tune with BENCH_SONGS, BENCH_SECONDS, BENCH_WARMUP, BENCH_DIALECTS, BENCH_PG_URL.
import path from 'node:path';
import type { Dialect } from '../src/server/db/database';
import { type BenchDatabase, createBenchDatabase } from './lib/databases';
import { type LoadResult, measure } from './lib/load';
import { printReport, type Row } from './lib/report';
import { buildServer, type RunningServer, startHelloWorld, startProcess } from './lib/server';

const SONGS = Number(process.env.BENCH_SONGS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 5);
const CONNECTIONS = 50;
const DIALECTS = (process.env.BENCH_DIALECTS ?? 'sqlite,postgres').split(',') as Dialect[];
/** A word of the seeded song titles ("Watan", "Mani Watan (منی وطن)"...). */
export const SEARCH_WORD = 'watan';
const PAGE = 50;
const DEEP_PAGE = 1000;

const ADMIN = { username: 'bench', password: 'bench-password-0123' };

interface Target {
  name: string;
  path: string;
  /** A list answer (a non-empty array) is expected. */
  list: boolean;
}

/** The figures the goals are about. */
export const TARGETS: readonly Target[] = [
  { name: 'songs, first page', path: `/api/songs?limit=${PAGE}`, list: true },
  {
    name: `songs, page ${DEEP_PAGE}`,
    path: `/api/songs?limit=${PAGE}&offset=${(DEEP_PAGE - 1) * PAGE}`,
    list: true,
  },
  { name: `songs, q=${SEARCH_WORD}`, path: `/api/songs?q=${SEARCH_WORD}&limit=${PAGE}`, list: true },
];

/** What every request pays before the songs query: the framework and a database ping, plus the session. */
const REFERENCES: readonly Target[] = [
  { name: 'health (no session)', path: '/api/health', list: false },
  { name: 'auth/me (session only)', path: '/api/auth/me', list: false },
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

/** One request per target before loading it: a wrong answer would make the figures meaningless. */
async function check(url: string, cookie: string, target: Target) {
  const response = await fetch(`${url}${target.path}`, { headers: { cookie } });
  const body: unknown = await response.json().catch(() => null);
  const rows = Array.isArray(body) ? body.length : -1;
  const total = response.headers.get('x-total-count');
  if (response.status !== 200 || (target.list && rows <= 0))
    return `${target.path} answered ${response.status} with ${rows < 0 ? 'no array' : 'no rows'}`;
  log(target.list ? `${target.path}: ${rows} rows of ${total ?? '?'}` : `${target.path}: 200`);
  return null;
}

async function benchDialect(dialect: Dialect, bundle: string): Promise<Row[]> {
  log(`${dialect}: seeding ${SONGS.toLocaleString('en')} songs...`);
  let database: BenchDatabase | undefined;
  let server: RunningServer | undefined;
  try {
    database = await createBenchDatabase(dialect, SONGS);
    const { summary } = database;
    log(
      `${dialect}: seeded in ${database.seedSeconds.toFixed(1)} s ` +
        `(${summary.songs} songs, ${summary.albums} albums, ${summary.artists} artists, ${summary.streamEvents} streams)`,
    );
    server = await startProcess(
      [bundle],
      {
        DATABASE_URL: database.url,
        DATA_DIR: database.dataDir,
        ADMIN_USERNAME: ADMIN.username,
        ADMIN_PASSWORD: ADMIN.password,
        COOKIE_SECURE: 'false',
        LOG_LEVEL: 'warn',
        NODE_ENV: 'production',
      },
      path.join(database.dataDir, 'server.log'),
      '/api/health',
    );
    const cookie = await signIn(server.url);
    const rows: Row[] = [];
    for (const target of [...REFERENCES, ...TARGETS]) {
      const problem = await check(server.url, cookie, target);
      if (problem) {
        log(`${dialect}: skipped, ${problem}`);
        rows.push({ dialect, target: target.name, result: null, note: problem });
        continue;
      }
      const result: LoadResult = await measure({
        url: `${server.url}${target.path}`,
        headers: { cookie },
        connections: CONNECTIONS,
        warmupSeconds: WARMUP,
        seconds: SECONDS,
      });
      log(
        `${dialect}: ${target.name}: ${Math.round(result.requestsPerSecond)} req/s, p99 ${result.p99.toFixed(1)} ms`,
      );
      rows.push({ dialect, target: target.name, result });
    }
    return rows;
  } finally {
    await server?.stop();
    await database?.drop();
  }
}

export async function runCatalogueBench(): Promise<void> {
  const started = performance.now();
  log('building the server bundle...');
  const bundle = await buildServer();
  log('hello-world Fastify route (the ceiling)...');
  const hello = await startHelloWorld(path.join(path.dirname(bundle), 'hello.log'));
  let ceiling: LoadResult;
  try {
    ceiling = await measure({
      url: `${hello.url}/hello`,
      connections: CONNECTIONS,
      warmupSeconds: WARMUP,
      seconds: SECONDS,
    });
  } finally {
    await hello.stop();
  }
  const rows: Row[] = [{ dialect: '-', target: 'hello world (ceiling)', result: ceiling }];
  for (const dialect of DIALECTS) rows.push(...(await benchDialect(dialect, bundle)));
  printReport(rows, { songs: SONGS, seconds: SECONDS, connections: CONNECTIONS, targets: TARGETS });
  log(`done in ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runCatalogueBench().catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
