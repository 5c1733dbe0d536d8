// Catalogue benchmark: npm run bench (or: npx tsx bench/catalogue.ts)
// Seeds 100,000 songs into SQLite and into a fresh PostgreSQL database, starts the real (bundled) server
// and the hand-written reference endpoint (bench/reference/server.mjs: the same 50 joined songs with
// Fastify and the driver) against each, and loads every target with autocannon -c 50 -p 1, interleaving
// the reference and the product in rounds so both see the same machine. Prints each figure as a ratio
// to the reference, with the server's event-loop delay. The searches are measured again at 1,000,000
// songs. Tune with BENCH_SONGS, BENCH_LARGE_SONGS (0: skip), BENCH_SECONDS (per target and side),
// BENCH_ROUNDS, BENCH_WARMUP, BENCH_DIALECTS, BENCH_LARGE_DIALECTS, BENCH_TARGETS, BENCH_PG_URL, BENCH_BUNDLE,
// BENCH_STREAMS_PER_SECOND (the app streams behind the "… streams/s" targets; COUNTER_REFRESH_MS=0 shows
// them without decision 0018's refresh).
import path from 'node:path';
import type { Dialect } from '../src/server/db/database';
import { type BenchDatabase, createBenchDatabase } from './lib/databases';
import { type LoadOptions, measureSlot, type Slot, summarize } from './lib/load';
import { printRatios, type RatioRow } from './lib/ratio-report';
import { buildServer, type RunningServer, signIn, startProcess } from './lib/server';
import { STREAMS_PER_SECOND, startStreamLoad } from './lib/stream-load';

const SONGS = Number(process.env.BENCH_SONGS ?? 100_000);
const LARGE_SONGS = Number(process.env.BENCH_LARGE_SONGS ?? 1_000_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
const CONNECTIONS = 50;
const list = (v: string | undefined, fallback: string) =>
  (v ?? fallback).split(',').filter(Boolean) as Dialect[];
const DIALECTS = list(process.env.BENCH_DIALECTS, 'sqlite,postgres');
/** Only the targets whose names start with one of these, separated by `|` (names hold commas): `app:|songs, u`. */
const ONLY = (process.env.BENCH_TARGETS ?? '').split('|').filter(Boolean);
const chosen = (target: Target) => ONLY.length === 0 || ONLY.some((prefix) => target.name.startsWith(prefix));
const LARGE_DIALECTS = list(process.env.BENCH_LARGE_DIALECTS, 'sqlite,postgres');
/** A word of many seeded song titles ("Watan", "Mani Watan (منی وطن)"...). */
export const SEARCH_WORD = 'watan';
const PAGE = 50;
const DEEP_PAGE = 1000;

const ADMIN = { username: 'bench', password: 'bench-password-0123' };

interface Target {
  name: string;
  /** With `{id}` when `eachSong`. */
  path: string;
  /** Who calls: the signed-in admin (the default), nobody, or the bench's app user with its bearer token. */
  caller?: 'admin' | 'anonymous' | 'appUser';
  /** Sent with If-None-Match: the ETag of the first answer (a 304 is the expected answer). */
  revalidate?: boolean;
  /** Each request asks for another offset below this: the uncached path (see LoadOptions.varyOffset). */
  uncached?: number;
  method?: 'POST';
  /** JSON body of every request. */
  body?: object;
  /** `{id}` in the path becomes each of the published songs in turn (LoadOptions.paths). */
  eachSong?: boolean;
  /** Measured while the app streams in the background (bench/lib/stream-load.ts). */
  underStreams?: boolean;
}

/**
 * The app's calls are limited per token (120/min) and per address (600/min) by default; the bench's one
 * app user from one address would meet 429s within a second, so its server is configured with these.
 */
const APP_RATE_LIMIT = '1000000000';
/** Songs the stream target rotates over (one app user streaming one song counts once per 30 s). */
const STREAM_SONGS = 1000;

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
  ...underStreamsTargets,
  { name: 'public: featured', path: '/api/featured', caller: 'anonymous' },
  { name: 'public: featured, 304', path: '/api/featured', caller: 'anonymous', revalidate: true },
  { name: `public: search ${SEARCH_WORD}`, path: `/api/search?q=${SEARCH_WORD}`, caller: 'anonymous' },
  ...appTargets,
];

/** Reads whose cached answers the app's streams used to drop (issue 12), with streams going on. */
const underStreamsTargets: Target[] = [
  {
    name: `songs, first page, ${STREAMS_PER_SECOND} streams/s`,
    path: `/api/songs?limit=${PAGE}`,
    underStreams: true,
  },
  {
    name: `dashboard, ${STREAMS_PER_SECOND} streams/s`,
    path: '/api/analytics/dashboard',
    underStreams: true,
  },
];

/** The mobile app's calls, with an app user's token; the stream writes, so it comes last. */
const appTargets: Target[] = [
  { name: 'app: songs, first page', path: `/api/songs?limit=${PAGE}`, caller: 'appUser' },
  {
    name: 'app: songs, first page, 304',
    path: `/api/songs?limit=${PAGE}`,
    caller: 'appUser',
    revalidate: true,
  },
  { name: `app: search ${SEARCH_WORD}`, path: `/api/search?q=${SEARCH_WORD}`, caller: 'appUser' },
  {
    name: `app: stream (${STREAM_SONGS} songs in turn)`,
    path: '/api/songs/{id}/stream',
    caller: 'appUser',
    method: 'POST',
    body: { deviceType: 'Pixel 8', platform: 'android', location: 'کویته' },
    eachSong: true,
  },
];

const searchTargets = (rareWord: string): Target[] => [
  { name: `songs, q=${SEARCH_WORD} (common)`, path: `/api/songs?q=${SEARCH_WORD}&limit=${PAGE}` },
  { name: `songs, q=${rareWord} (rare)`, path: `/api/songs?q=${encodeURIComponent(rareWord)}&limit=${PAGE}` },
];

const log = (message: string) => console.log(`[bench] ${message}`);

interface Callers {
  cookie: string;
  /** The app user's `Authorization` header value. */
  appUser: string;
  /** Published song ids, for `eachSong` targets. */
  songIds: readonly number[];
}

/** The bench's app user, registered through the API as the app would. */
async function registerAppUser(url: string): Promise<string> {
  const response = await fetch(`${url}/api/account/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'bench.listener@example.com', password: ADMIN.password, firstName: 'بنچ' }),
  });
  const body = (await response.json()) as { data?: { tokens?: { accessToken?: string } } };
  const token = body.data?.tokens?.accessToken;
  if (response.status !== 201 || !token) throw new Error(`app-user registration failed: ${response.status}`);
  return `Bearer ${token}`;
}

/** Ids of published songs as the app lists them. */
async function publishedSongIds(url: string, authorization: string): Promise<number[]> {
  const response = await fetch(`${url}/api/songs?limit=${STREAM_SONGS}`, { headers: { authorization } });
  if (!response.ok) throw new Error(`app song list answered ${response.status}`);
  return ((await response.json()) as { id: number }[]).map((song) => song.id);
}

type Prepared = Pick<LoadOptions, 'headers' | 'method' | 'body' | 'paths'> & { path: string };

/** How a target is loaded, after one checked request (a wrong answer makes figures meaningless). */
async function prepare(url: string, callers: Callers, target: Target): Promise<Prepared | string> {
  const caller = target.caller ?? 'admin';
  const headers: Record<string, string> =
    caller === 'admin'
      ? { cookie: callers.cookie }
      : caller === 'appUser'
        ? { authorization: callers.appUser }
        : {};
  const paths = target.eachSong ? callers.songIds.map((id) => target.path.replace('{id}', String(id))) : [];
  const path = paths[0] ?? target.path;
  if (target.eachSong && paths.length === 0) return `${target.path}: no published songs`;
  const body = target.body === undefined ? undefined : JSON.stringify(target.body);
  if (body !== undefined) headers['content-type'] = 'application/json';
  const method = target.method ?? 'GET';
  const response = await fetch(`${url}${path}`, { method, headers, ...(body === undefined ? {} : { body }) });
  const text = await response.text();
  if (response.status !== 200) return `${method} ${path} answered ${response.status}`;
  const total = response.headers.get('x-total-count');
  log(`${method} ${path}: 200, ${text.length} bytes${total ? `, total ${total}` : ''}`);
  const load: Prepared = {
    path,
    headers,
    method,
    ...(body === undefined ? {} : { body }),
    ...(paths.length > 0 ? { paths } : {}),
  };
  if (!target.revalidate) return load;
  const etag = response.headers.get('etag');
  if (!etag) return `${path} has no ETag`;
  const again = await fetch(`${url}${path}`, { headers: { ...headers, 'if-none-match': etag } });
  if (again.status !== 304) return `${path} answered ${again.status} to If-None-Match`;
  return { ...load, headers: { ...headers, 'if-none-match': etag } };
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
        APP_RATE_LIMIT_PER_TOKEN: APP_RATE_LIMIT,
        APP_RATE_LIMIT_PER_ADDRESS: APP_RATE_LIMIT,
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
    const targets = targetsFor(database.rareWord).filter(chosen);
    const cookie = await signIn(server.url, ADMIN);
    const appUser = targets.some((t) => t.caller === 'appUser' || t.underStreams)
      ? await registerAppUser(server.url)
      : '';
    const songIds = targets.some((t) => t.eachSong) ? await publishedSongIds(server.url, appUser) : [];
    const rows: RatioRow[] = [];
    const base = { connections: CONNECTIONS, warmupSeconds: 0, seconds: SECONDS };
    for (const target of targets) {
      const prepared = await prepare(server.url, { cookie, appUser, songIds }, target);
      if (typeof prepared === 'string') {
        log(`${dialect}: skipped, ${prepared}`);
        rows.push({ dialect, songs, target: target.name, note: prepared });
        continue;
      }
      const { path: firstPath, ...load } = prepared;
      const streams = target.underStreams ? await startStreamLoad(server.url, appUser) : undefined;
      const figures = await interleaved(
        { ...base, url: `${reference.url}/songs` },
        {
          ...base,
          ...load,
          url: `${server.url}${firstPath}`,
          ...(target.uncached ? { varyOffset: target.uncached } : {}),
        },
        server,
      );
      const sent = await streams?.stop();
      if (sent) log(`${dialect}: background ${Math.round(sent.perSecond)} streams/s, ${sent.non2xx} non-2xx`);
      const ratio = figures.product.requestsPerSecond / figures.reference.requestsPerSecond;
      log(
        `${dialect}: ${target.name}: ${Math.round(figures.product.requestsPerSecond)} req/s ` +
          `(${ratio.toFixed(2)}x), p95 ${figures.product.p95.toFixed(1)} ms, ` +
          `p99 ${figures.product.p99.toFixed(1)} ms, loop p99 ${figures.loopP99.toFixed(1)} ms`,
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
  log(
    `app-user targets: one app user from one address, so the server runs with APP_RATE_LIMIT_PER_TOKEN and ` +
      `APP_RATE_LIMIT_PER_ADDRESS at ${APP_RATE_LIMIT} per minute (defaults 120 and 600); the limit is still counted`,
  );
  log('building the server bundle...');
  const bundle = process.env.BENCH_BUNDLE ?? (await buildServer());
  const rows: RatioRow[] = [];
  for (const dialect of DIALECTS)
    rows.push(...(await benchDialect(dialect, SONGS, bundle, catalogueTargets)));
  if (LARGE_SONGS > 0) {
    for (const dialect of LARGE_DIALECTS)
      rows.push(...(await benchDialect(dialect, LARGE_SONGS, bundle, searchTargets)));
  }
  printRatios(rows, {
    seconds: SECONDS,
    rounds: ROUNDS,
    connections: CONNECTIONS,
    appRateLimits: `APP_RATE_LIMIT_PER_TOKEN=${APP_RATE_LIMIT} and APP_RATE_LIMIT_PER_ADDRESS=${APP_RATE_LIMIT}`,
  });
  log(`done in ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runCatalogueBench().catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
