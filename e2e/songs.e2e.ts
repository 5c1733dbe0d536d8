import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Album } from '../src/contract/albums';
import type { Artist } from '../src/contract/artists';
import type { Song } from '../src/contract/songs';
import type { ApiClient } from './support/api';
import { insertSongs, setSongCounters } from './support/db';
import { endJourney, startJourney } from './support/journey';
import type { TestServer } from './support/server';

let server: TestServer;
let browser: Browser;
let page: Page;
let api: ApiClient;

const NAZANIN = 'نازنین بلوچ';
const AKHTAR = 'اختر چنال';
const NOOR = 'نور بی بی';
const LAILA = 'لیلا جان';
// Stored with Persian ی (U+06CC); searched with Arabic ي (U+064A).
const PERSIAN_TITLE = 'موسیقی دریا';
const ARABIC_QUERY = 'موسيقي';
let lailaAudio: string;
let coastId: number;

beforeAll(async () => {
  ({ server, browser, page, api } = await startJourney());
  const artist = async (name: string) => (await api.post<Artist>('/api/artists', { name })).id;
  const [nazanin, akhtar, noor] = [await artist(NAZANIN), await artist(AKHTAR), await artist(NOOR)];
  const sahar = await api.post<Album>('/api/albums', { title: 'سحر', primaryArtistId: nazanin });
  const coast = await api.post<Album>('/api/albums', {
    title: 'Coast',
    albumType: 'collaboration',
    selectedArtists: [akhtar, noor],
  });
  coastId = coast.id;
  lailaAudio = await api.uploadAudio('laila.wav', 1);
  const zahirokAudio = await api.uploadAudio('zahirok.wav', 125);
  const laila = await api.post<Song>('/api/songs', {
    title: LAILA,
    albumId: sahar.id,
    audioFileUrl: lailaAudio,
    language: 'Balochi',
  });
  const zahirok = await api.post<Song>('/api/songs', {
    title: 'Zahirok',
    albumId: coast.id,
    audioFileUrl: zahirokAudio,
    language: 'Brahui',
  });
  await setSongCounters(server, laila.id, { totalStreams: 12_345, likesCount: 10, downloadsCount: 3 });
  await setSongCounters(server, zahirok.id, {
    totalStreams: 999,
    likesCount: 20,
    downloadsCount: 1_250_000_000,
  });
  await insertSongs(server, [
    {
      title: 'Silent Night',
      albumId: coast.id,
      language: 'Brahui',
      status: 'processing',
      duration: 200,
      audioFileUrl: null,
      totalStreams: 2_500_000,
      likesCount: 5,
    },
    {
      title: PERSIAN_TITLE,
      albumId: sahar.id,
      language: 'Balochi',
      status: 'draft',
      duration: 61,
      audioFileUrl: null,
      totalStreams: 1_500,
      likesCount: 999_999,
    },
  ]);
});

afterAll(() => endJourney({ server, browser }));

const table = () => page.getByRole('table', { name: 'Songs' });
const rows = () => table().locator('tbody tr');
const row = (title: string) => rows().filter({ has: page.getByText(title, { exact: true }) });
/** The titles of the rows shown, in order. */
const titles = () => rows().locator('td:nth-child(2) div[dir="auto"]').allTextContents();
const toast = (text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

async function openScreen() {
  await page.goto(`${server.url}/songs`);
  await page.getByRole('heading', { name: 'Songs Management', level: 1 }).waitFor();
  await rows().first().waitFor();
}

async function choose(trigger: string, option: string) {
  await page.getByRole('combobox', { name: trigger }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('songs journey', () => {
  it('lists songs with the spec columns, m:ss durations, K/M/B counts and status colours', async () => {
    await openScreen();
    const headers = await table().locator('thead th').allTextContents();
    expect(headers).toEqual(['#', 'Song', 'Duration', 'Streams', 'Likes', 'Downloads', 'Status', 'Actions']);
    await expect.poll(() => rows().count()).toBe(4);

    const silent = await row('Silent Night').locator('td').allTextContents();
    expect(silent.slice(2, 7)).toEqual(['3:20', '2.5M', '5', '0', 'processing']);
    expect(await row('Silent Night').getByText('processing').getAttribute('data-variant')).toBe('blue');
    expect(await row('Silent Night').textContent()).toContain(`Coast · ${AKHTAR} & ${NOOR}`);

    const zahirok = await row('Zahirok').locator('td').allTextContents();
    expect(zahirok.slice(2, 7)).toEqual(['2:05', '999', '20', '1.3B', 'published']);
    expect(await row('Zahirok').getByText('published').getAttribute('data-variant')).toBe('green');

    const persian = await row(PERSIAN_TITLE).locator('td').allTextContents();
    expect(persian.slice(2, 7)).toEqual(['1:01', '1.5K', '1.0M', '0', 'draft']);
    expect(await row(PERSIAN_TITLE).getByText('draft').getAttribute('data-variant')).toBe('grey');
    expect(await row(LAILA).textContent()).toContain(`سحر · ${NAZANIN}`);
    expect(await row(LAILA).getByText(LAILA, { exact: true }).getAttribute('dir')).toBe('auto');
  });

  it('searches titles on the server, folding Arabic ي to Persian ی', async () => {
    await openScreen();
    const box = page.getByRole('searchbox', { name: 'Search songs' });
    await box.fill(ARABIC_QUERY);
    await expect.poll(titles).toEqual([PERSIAN_TITLE]);
    await box.fill('zahir');
    await expect.poll(titles).toEqual(['Zahirok']);
    await box.fill('no such song');
    await table().getByText('No songs found').waitFor();
    await box.fill('');
    await expect.poll(() => rows().count()).toBe(4);
  });

  it('filters by language and status, and sorts by most played and most liked, on the server', async () => {
    await openScreen();
    await choose('Filter by language', 'Brahui');
    await expect.poll(async () => (await titles()).sort()).toEqual(['Silent Night', 'Zahirok']);
    await choose('Filter by status', 'Processing');
    await expect.poll(titles).toEqual(['Silent Night']);
    await choose('Filter by status', 'All Status');
    await choose('Filter by language', 'All Languages');
    await expect.poll(() => rows().count()).toBe(4);

    await choose('Sort songs', 'Most Played');
    await expect.poll(titles).toEqual(['Silent Night', LAILA, PERSIAN_TITLE, 'Zahirok']);
    await choose('Sort songs', 'Most Liked');
    await expect.poll(titles).toEqual([PERSIAN_TITLE, 'Zahirok', LAILA, 'Silent Night']);
    await choose('Sort songs', 'Oldest');
    await expect.poll(titles).toEqual([LAILA, 'Zahirok', 'Silent Night', PERSIAN_TITLE]);
    expect(await rows().first().locator('td').first().textContent()).toBe('1');
  });

  it('previews one song at a time; pressing the playing one stops it, the end resets it', async () => {
    await openScreen();
    const audio = page.getByTestId('preview-audio');
    expect(await row('Silent Night').getByRole('button', { name: 'Play Silent Night' }).isDisabled()).toBe(
      true,
    );

    await page.getByRole('button', { name: 'Play Zahirok' }).click();
    await page.getByRole('button', { name: 'Pause Zahirok' }).waitFor();
    await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => !a.paused)).toBe(true);

    await page.getByRole('button', { name: `Play ${LAILA}` }).click();
    await page.getByRole('button', { name: `Pause ${LAILA}` }).waitFor();
    await page.getByRole('button', { name: 'Play Zahirok' }).waitFor();
    expect(await audio.getAttribute('src')).toBe(lailaAudio);
    // The one-second song ends by itself and the button resets.
    await page.getByRole('button', { name: `Play ${LAILA}` }).waitFor({ timeout: 5_000 });

    await page.getByRole('button', { name: 'Play Zahirok' }).click();
    await page.getByRole('button', { name: 'Pause Zahirok' }).click();
    await page.getByRole('button', { name: 'Play Zahirok' }).waitFor();
    expect(await page.getByRole('button', { name: /^Pause / }).count()).toBe(0);
    expect(await audio.evaluate((a: HTMLAudioElement) => a.paused)).toBe(true);

    // A broken file resets too.
    await page.route('**/media/**', (route) => route.fulfill({ status: 404, body: '' }));
    await page.getByRole('button', { name: 'Play Zahirok' }).click();
    await page.getByRole('button', { name: 'Play Zahirok' }).waitFor();
    await page.unroute('**/media/**');
  });

  it('downloads with the server file name, or says why it cannot', async () => {
    await openScreen();
    await page.getByRole('button', { name: 'Download Silent Night' }).click();
    await toast('No audio file available for download').waitFor();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: `Download ${LAILA}` }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${LAILA}.wav`);

    await page.route('**/api/songs/*/download', (route) => route.fulfill({ status: 500, body: '' }));
    await page.getByRole('button', { name: 'Download Zahirok' }).click();
    await toast('Failed to download song').waitFor();
    await page.unroute('**/api/songs/*/download');
  });

  it('deletes only the song after the confirmation, and reports a failed delete', async () => {
    await openScreen();
    await page.getByRole('button', { name: 'Delete Zahirok' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText('This will only delete the song, not the album.').waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });

    await page.route('**/api/songs/*', (route) =>
      route.request().method() === 'DELETE' ? route.fulfill({ status: 500, body: '' }) : route.fallback(),
    );
    await page.getByRole('button', { name: 'Delete Zahirok' }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await toast('Failed to delete song').waitFor();
    await page.unroute('**/api/songs/*');

    await confirm.getByRole('button', { name: 'Delete' }).click();
    await confirm.waitFor({ state: 'detached' });
    await expect.poll(() => row('Zahirok').count()).toBe(0);
    await expect.poll(() => rows().count()).toBe(3);
    const album = await api.get<Album>(`/api/albums/${coastId}`);
    expect(album.totalTracks).toBe(1);
  });

  it('goes to the upload manager from "Add Song"', async () => {
    await openScreen();
    await page.getByRole('button', { name: 'Add Song' }).click();
    await page.waitForURL(`${server.url}/upload`);
  });

  it('pages 50 songs at a time on the server', async () => {
    await insertSongs(
      server,
      Array.from({ length: 60 }, (_, i) => ({
        title: `Demo ${String(i + 1).padStart(2, '0')}`,
        albumId: coastId,
      })),
    );
    // Written by another connection: the server sees it by SQLite's data_version and drops its caches.
    await openScreen();
    await page.getByText('Showing 1–50 of 63 songs').waitFor();
    await expect.poll(() => rows().count()).toBe(50);
    await page.getByRole('button', { name: 'Next page' }).click();
    await page.getByText('Showing 51–63 of 63 songs').waitFor();
    await expect.poll(() => rows().count()).toBe(13);
    await expect.poll(() => rows().first().locator('td').first().textContent()).toBe('51');
    await page.getByLabel('Go to page').fill('1');
    await page.getByLabel('Go to page').press('Enter');
    await page.getByText('Showing 1–50 of 63 songs').waitFor();
    await expect.poll(() => rows().first().locator('td').first().textContent()).toBe('1');
  });

  it('shows "Error loading songs" when the list fails', async () => {
    await page.route('**/api/songs?*', (route) => route.fulfill({ status: 400, body: '' }));
    await page.goto(`${server.url}/songs`);
    await table().getByText('Error loading songs').waitFor();
    await page.unroute('**/api/songs?*');
  });
});
