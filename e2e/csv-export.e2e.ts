import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import type { Browser, Download, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Album } from '../src/contract/albums';
import type { Artist } from '../src/contract/artists';
import { insertSongs } from './support/db';
import { endJourney, startJourney } from './support/journey';
import type { TestServer } from './support/server';

let server: TestServer;
let browser: Browser;
let page: Page;

const LAILA = 'لیلا جان';
const LAILA_LIVE = 'لیلا جان (زنده)';

beforeAll(async () => {
  let api: Awaited<ReturnType<typeof startJourney>>['api'];
  ({ server, browser, page, api } = await startJourney());
  const artist = await api.post<Artist>('/api/artists', { name: 'نازنین بلوچ' });
  const album = await api.post<Album>('/api/albums', { title: 'سحر', primaryArtistId: artist.id });
  await insertSongs(server, [
    { title: LAILA, albumId: album.id, duration: 245 },
    { title: LAILA_LIVE, albumId: album.id, duration: 301, status: 'draft' },
    { title: '=SUM(1,2)', albumId: album.id },
    { title: 'Zahirok', albumId: album.id, language: 'Brahui' },
  ]);
});

afterAll(() => endJourney({ server, browser }));

const titles = () =>
  page
    .getByRole('table', { name: 'Songs' })
    .locator('tbody tr td:nth-child(2) div[dir="auto"]')
    .allTextContents();

/** The rows of a downloaded CSV, after checking its BOM. */
async function csvOf(download: Download): Promise<Record<string, string>[]> {
  const bytes = await readFile((await download.path()) as string);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return parse(bytes, { bom: true, columns: true });
}

describe('CSV export journey', () => {
  it('exports the searched songs list as the file the screen shows', async () => {
    await page.goto(`${server.url}/songs`);
    await page.getByRole('heading', { name: 'Songs Management', level: 1 }).waitFor();
    await page.getByRole('searchbox', { name: 'Search songs' }).fill('لیلا');
    await expect.poll(async () => (await titles()).sort()).toEqual([LAILA, LAILA_LIVE].sort());
    const shown = await titles();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^songs-\d{4}-\d\d-\d\d\.csv$/);
    const rows = await csvOf(download);
    expect(rows.map((r) => r.Title)).toEqual(shown);
    expect(rows.find((r) => r.Title === LAILA)).toMatchObject({
      Artist: 'نازنین بلوچ',
      Album: 'سحر',
      'Duration (seconds)': '245',
      Status: 'published',
    });
  });

  it('works from the keyboard at phone width, formula titles neutralised', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${server.url}/songs`);
    await page.getByRole('heading', { name: 'Songs Management', level: 1 }).waitFor();
    await page.getByRole('searchbox', { name: 'Search songs' }).fill('sum');
    await expect.poll(titles).toEqual(['=SUM(1,2)']);
    const button = page.getByRole('button', { name: 'Export CSV' });
    const box = await button.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    await button.focus();
    const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
    const rows = await csvOf(download);
    expect(rows.map((r) => r.Title)).toEqual(["'=SUM(1,2)"]);
    await page.setViewportSize({ width: 1280, height: 800 });
  });
});
