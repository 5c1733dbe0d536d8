// Front-end figures of the admin screens (issue 5), against the built app (`npm run build` first):
//   1. time from navigation to /songs until the songs table shows its first page (50 rows), in headless
//      Chromium: a full page load and an in-app navigation from the sidebar, cold and warm;
//   2. the number of table rows in the DOM of /songs;
//   3. the gzipped JavaScript each of /, /artists, /albums, /songs, /categories loads (fresh browser
//      cache, signed in, until the network is idle).
//
// Seed first:  DATABASE_URL=sqlite:/tmp/bench100k/c.db DATA_DIR=/tmp/bench100k npm run seed:demo -- --songs 100000
// Run:         npx tsx bench/web-routes.ts   (BENCH_DATABASE_URL / BENCH_DATA_DIR / BENCH_RUNS override)
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, submitLogin } from '../e2e/support/browser';
import { gzippedSize } from '../e2e/support/bundle-size';
import { startProcess } from './lib/server';

const ROOT = path.resolve(import.meta.dirname, '..');
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'sqlite:/tmp/bench100k/c.db';
const DATA_DIR = process.env.BENCH_DATA_DIR ?? '/tmp/bench100k';
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const ADMIN = { username: 'bench-web', password: 'bench-web-password-1' };
const ROUTES = ['/', '/artists', '/albums', '/songs', '/categories'];
const FIRST_PAGE_ROWS = 50;
/** The server keeps list totals for 2 s; waiting longer makes every run count the 100,000 songs again. */
const COUNT_CACHE_MS = 2_100;

/** Creates (or resets) the bench admin with the operator CLI. */
function ensureAdmin() {
  const env = { ...process.env, DATABASE_URL, DATA_DIR };
  const tsx = path.join(ROOT, 'node_modules/.bin/tsx');
  for (const command of ['create', 'reset-password']) {
    const result = spawnSync(tsx, ['scripts/admin.ts', command, ADMIN.username], {
      cwd: ROOT,
      env,
      input: `${ADMIN.password}\n`,
      encoding: 'utf8',
    });
    if (result.status === 0) return;
  }
  throw new Error('could not create the bench admin');
}

const SONG_ROWS = 'table[aria-label="Songs"] tbody tr';

/** Resolves with the page's performance.now() at the moment the songs table shows its first page. */
async function firstPageShownAt(page: Page): Promise<number> {
  const handle = await page.waitForFunction(
    ([selector, rows]) => (document.querySelectorAll(selector).length >= rows ? performance.now() : false),
    [SONG_ROWS, FIRST_PAGE_ROWS] as const,
    { polling: 'raf', timeout: 30_000 },
  );
  return (await handle.jsonValue()) as number;
}

interface Load {
  /** ms from navigation start: the songs request sent, its answer in, the first page of rows shown. */
  request: number;
  answer: number;
  shown: number;
}

/** A full page load of /songs, timed from navigation start (the document's time origin). */
async function fullLoad(page: Page, url: string): Promise<Load> {
  await page.goto('about:blank');
  await page.goto(`${url}/songs`, { waitUntil: 'commit' });
  const shown = await firstPageShownAt(page);
  const api = await page.evaluate(() => {
    const entry = performance
      .getEntriesByType('resource')
      .find((e) => new URL(e.name).pathname === '/api/songs') as PerformanceResourceTiming | undefined;
    return { request: entry?.startTime ?? Number.NaN, answer: entry?.responseEnd ?? Number.NaN };
  });
  return { ...api, shown };
}

/** From the dashboard, a click on the sidebar's Songs link to the first page of rows. */
async function inAppNavigation(page: Page, url: string): Promise<number> {
  await page.goto(`${url}/`);
  await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
  await page.waitForLoadState('networkidle');
  const clickedAt = await page.evaluate(() => {
    const link = document.querySelector('a[href="/songs"]') as HTMLAnchorElement;
    const at = performance.now();
    link.click();
    return at;
  });
  return (await firstPageShownAt(page)) - clickedAt;
}

/** Signs in once and returns the session (cookies), to start fresh contexts (empty HTTP cache) from. */
async function signIn(browser: Browser, url: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${url}/login`);
  await submitLogin(page, ADMIN.username, ADMIN.password);
  await page.getByTestId('sidebar').waitFor();
  const state = await context.storageState();
  await context.close();
  return state;
}

type Session = Awaited<ReturnType<typeof signIn>>;

/** A signed-in context with an empty HTTP cache. */
function freshContext(browser: Browser, session: Session): Promise<BrowserContext> {
  return browser.newContext({ viewport: { width: 1280, height: 800 }, storageState: session });
}

/** The scripts a signed-in, cache-less visit to `route` loads, with their gzipped sizes. */
async function routeScripts(browser: Browser, session: Session, url: string, route: string) {
  const context = await freshContext(browser, session);
  const page = await context.newPage();
  const scripts = new Set<string>();
  page.on('response', (response) => {
    const u = new URL(response.url());
    if (u.origin === url && u.pathname.endsWith('.js')) scripts.add(u.pathname);
  });
  await page.goto(`${url}${route}`);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.waitForLoadState('networkidle');
  await context.close();
  const files = [...scripts].map((p) => ({ file: path.basename(p), gzip: gzippedSize(p) }));
  return { files, total: files.reduce((sum, f) => sum + f.gzip, 0) };
}

const ms = (n: number) => `${n.toFixed(0)} ms`;
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};
const sleep = (n: number) => new Promise((r) => setTimeout(r, n));

async function main() {
  if (
    !existsSync(path.join(ROOT, 'dist/server/main.js')) ||
    !existsSync(path.join(ROOT, 'dist/web/index.html'))
  ) {
    throw new Error('run `npm run build` first');
  }
  ensureAdmin();
  const server = await startProcess(
    [path.join(ROOT, 'dist/server/main.js')],
    { DATABASE_URL, DATA_DIR, LOG_LEVEL: 'warn', NODE_ENV: 'production' },
    path.join(DATA_DIR, 'bench-web.log'),
    '/api/health',
  );
  const browser = await launchBrowser();
  try {
    const session = await signIn(browser, server.url);
    // Cold: a new browser cache and a server whose list totals have expired.
    await sleep(COUNT_CACHE_MS);
    const coldContext = await freshContext(browser, session);
    const cold = (await fullLoad(await coldContext.newPage(), server.url)).shown;
    await coldContext.close();

    const context = await freshContext(browser, session);
    const page = await context.newPage();
    const loads: Load[] = [];
    const navigations: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      await sleep(COUNT_CACHE_MS);
      loads.push(await fullLoad(page, server.url));
      await sleep(COUNT_CACHE_MS);
      navigations.push(await inAppNavigation(page, server.url));
    }
    // Where the last full load spent its time (resource timing, ms from navigation start).
    await sleep(COUNT_CACHE_MS);
    const last = await fullLoad(page, server.url);
    const timeline = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((e) => ({
          name: new URL(e.name).pathname + new URL(e.name).search,
          start: e.startTime,
          end: (e as PerformanceResourceTiming).responseEnd,
        }))
        .filter((e) => e.name.startsWith('/api/') || e.name.startsWith('/assets/')),
    );
    const dom = await page.evaluate(() => ({
      bodyRows: document.querySelectorAll('table[aria-label="Songs"] tbody tr').length,
      allRows: document.querySelectorAll('tr').length,
      total: document.querySelector('nav[aria-label="Pagination"] p')?.textContent ?? '',
    }));
    // The previous page stays on screen until the next one arrives: wait for the first song to change.
    const firstSong = `${SONG_ROWS}:first-child td:nth-child(2)`;
    const before = await page.locator(firstSong).textContent();
    const nextStart = Date.now();
    await page.getByRole('button', { name: 'Next page' }).click();
    await page.waitForFunction(
      ([selector, text]) => document.querySelector(selector)?.textContent !== text,
      [firstSong, before] as const,
      { polling: 'raf' },
    );
    const nextPage = Date.now() - nextStart;
    await context.close();

    console.log(`\n/songs with ${dom.total.replace(/^Showing \S+ of /, '')} (${DATABASE_URL})`);
    console.log(`  full page load → first page, empty browser cache: ${ms(cold)}`);
    const warm = loads.map((l) => l.shown);
    console.log(
      `  full page load → first page, warm browser cache: median ${ms(median(warm))} (${warm.map(ms).join(', ')})`,
    );
    console.log(
      `    of which: songs request sent at ${ms(median(loads.map((l) => l.request)))}, answered ${ms(median(loads.map((l) => l.answer - l.request)))} later, rows shown ${ms(median(loads.map((l) => l.shown - l.answer)))} after the answer (medians)`,
    );
    console.log(
      `  in-app navigation → first page: median ${ms(median(navigations))}, all ${navigations.map(ms).join(', ')}`,
    );
    console.log(`  next page (warm): ${ms(nextPage)}`);
    console.log(`  timeline of one full load (first page shown at ${ms(last.shown)}):`);
    for (const e of timeline)
      console.log(`      ${ms(e.start).padStart(7)} → ${ms(e.end).padStart(7)}  ${e.name}`);
    console.log(`  rows in the DOM: ${dom.bodyRows} table body rows, ${dom.allRows} <tr> in all`);

    console.log('\nGzipped JavaScript per route (signed in, empty cache, until network idle):');
    for (const route of ROUTES) {
      const { files, total } = await routeScripts(browser, session, server.url, route);
      console.log(`  ${route.padEnd(12)} ${kb(total).padStart(9)}  (${files.length} files)`);
      for (const f of files.sort((a, b) => b.gzip - a.gzip))
        console.log(`      ${kb(f.gzip).padStart(9)}  ${f.file}`);
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
