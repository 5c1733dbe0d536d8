import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Album } from '../src/contract/albums';
import type { Artist } from '../src/contract/artists';
import type { Genre } from '../src/contract/genres';
import type { ApiClient } from './support/api';
import { endJourney, startJourney } from './support/journey';
import type { TestServer } from './support/server';

let server: TestServer;
let browser: Browser;
let page: Page;
let api: ApiClient;

// Artists with Arabic-script names, created through the API.
const NAZANIN = 'نازنین بلوچ';
const AKHTAR = 'اختر چنال';
const NOOR = 'نور بی بی';
const EXTRA_ARTISTS = ['Akbar', 'Amina', 'Asad', 'Ayaz', 'Azra', 'Aziz'];
// Stored with Persian ی (U+06CC); searched with Arabic ي (U+064A).
const PERSIAN_TITLE = 'موسیقی شب';
const ARABIC_QUERY = 'موسيقي';

const artistIds = new Map<string, number>();
const genreIds = new Map<string, number>();

beforeAll(async () => {
  ({ server, browser, page, api } = await startJourney());
  for (const name of [NAZANIN, AKHTAR, NOOR, ...EXTRA_ARTISTS]) {
    artistIds.set(name, (await api.post<Artist>('/api/artists', { name, country: 'Pakistan' })).id);
  }
  for (const name of ['Folk', 'Sepat']) {
    genreIds.set(name, (await api.post<Genre>('/api/genres', { name })).id);
  }
});

afterAll(() => endJourney({ server, browser }));

const cards = () => page.getByTestId('album-card');
const card = (title: string) =>
  cards().filter({ has: page.getByRole('heading', { name: title, exact: true }) });
const toast = (text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });
const dialog = () => page.getByRole('dialog');
const count = () => page.getByTestId('albums-count');

async function openScreen() {
  await page.goto(`${server.url}/albums`);
  await page.getByRole('heading', { name: 'Albums Management', level: 1 }).waitFor();
}

async function choose(trigger: string, option: string, scope = page.locator('body')) {
  await scope.getByRole('combobox', { name: trigger }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Types into an artist search box and picks the suggestion with that name. */
async function pickArtist(box: string, typed: string, name: string) {
  await dialog().getByRole('combobox', { name: box }).fill(typed);
  await dialog().getByRole('option', { name }).click();
}

describe('albums journey', () => {
  it('shows the empty grid, then the validation messages of the spec', async () => {
    await openScreen();
    await page.getByText('No albums found').waitFor();
    expect(await count().textContent()).toBe('0 of 0 albums');

    await page.getByRole('button', { name: 'Add Album' }).click();
    await dialog().getByRole('heading', { name: 'Add New Album' }).waitFor();
    await dialog().getByRole('button', { name: 'Create Album' }).click();
    await dialog().getByText('Album title is required').waitFor();
    await dialog().getByText('Primary artist is required for single albums').waitFor();

    await choose('Album Type', 'Collaboration', dialog());
    await dialog()
      .getByLabel(/Album Title/)
      .fill('  ');
    await dialog().getByRole('button', { name: 'Create Album' }).click();
    await dialog().getByText('At least one artist is required for collaboration albums').waitFor();
    await dialog().getByText('Album title is required').waitFor();
    await dialog().getByRole('button', { name: 'Cancel' }).click();
    await dialog().waitFor({ state: 'detached' });
  });

  it('creates a single album with genre, date, description and an uploaded cover', async () => {
    await openScreen();
    await page.getByRole('button', { name: 'Add Album' }).click();
    await dialog()
      .getByLabel(/Album Title/)
      .fill('سحر');
    await pickArtist('Primary Artist', 'نازن', NAZANIN);
    expect(await dialog().getByRole('combobox', { name: 'Primary Artist' }).inputValue()).toBe(NAZANIN);
    await choose('Genre', 'Folk', dialog());
    await dialog().getByLabel('Release Date').fill('2021-05-01');
    await dialog().getByLabel('Description').fill('آوازانی سحر');

    // Over 5MB is refused on the client.
    const big = Buffer.alloc(5 * 1024 * 1024 + 10, 1);
    await dialog()
      .getByLabel('Cover image')
      .setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: big });
    await toast('File too large').getByText('Please select an image smaller than 5MB.').waitFor();

    const png = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#c0392b' } })
      .png()
      .toBuffer();
    await dialog()
      .getByLabel('Cover image')
      .setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: png });
    await dialog().getByRole('button', { name: 'Change Image' }).waitFor();
    await dialog().getByRole('button', { name: 'Create Album' }).click();
    await toast('Album created successfully!').waitFor();
    await dialog().waitFor({ state: 'detached' });

    const created = card('سحر');
    await created.waitFor();
    expect(await created.getByTestId('album-credit').textContent()).toBe(NAZANIN);
    expect(await created.getByTestId('album-credit').getAttribute('dir')).toBe('auto');
    expect(await created.textContent()).toContain('Published');
    expect(await created.textContent()).toContain('Folk');
    const cover = await created.getByRole('img', { name: 'Cover of سحر' }).getAttribute('src');
    expect(cover).toMatch(/\S/);
    const [album] = await api.get<Album[]>('/api/albums?q=%D8%B3%D8%AD%D8%B1');
    expect(album).toMatchObject({
      albumType: 'single',
      primaryArtistId: artistIds.get(NAZANIN),
      collaboratingArtistIds: [],
      genreId: genreIds.get('Folk'),
      releaseDate: '2021-05-01',
      description: 'آوازانی سحر',
      coverArt: cover,
    });
  });

  it('reports a failed cover upload and keeps the form', async () => {
    await openScreen();
    await page.route('**/api/albums/upload-image', (route) => route.fulfill({ status: 500, json: {} }));
    await page.getByRole('button', { name: 'Add Album' }).click();
    await dialog()
      .getByLabel(/Album Title/)
      .fill('No cover');
    await pickArtist('Primary Artist', 'نور', NOOR);
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    await dialog()
      .getByLabel('Cover image')
      .setInputFiles({ name: 'c.png', mimeType: 'image/png', buffer: png });
    await dialog().getByRole('button', { name: 'Create Album' }).click();
    await toast('Failed to upload album cover. Please try again.').waitFor();
    expect(
      await dialog()
        .getByLabel(/Album Title/)
        .inputValue(),
    ).toBe('No cover');
    await page.unroute('**/api/albums/upload-image');
    await dialog().getByRole('button', { name: 'Cancel' }).click();
    await dialog().waitFor({ state: 'detached' });
  });

  it('creates a collaboration album from at most 5 suggestions of artists not yet chosen', async () => {
    await openScreen();
    await page.getByRole('button', { name: 'Add Album' }).click();
    await dialog()
      .getByLabel(/Album Title/)
      .fill('Duet of the Coast');
    await choose('Album Type', 'Collaboration', dialog());
    const search = dialog().getByRole('combobox', { name: 'Collaborating Artists' });
    await search.fill('A');
    await expect.poll(() => dialog().getByRole('option').count()).toBe(5);
    await search.fill('اختر');
    await dialog().getByRole('option', { name: AKHTAR }).click();
    await search.fill('نور');
    await dialog().getByRole('option', { name: NOOR }).click();
    const chosen = dialog().getByRole('list', { name: 'Selected artists' });
    expect(await chosen.getByRole('listitem').allTextContents()).toEqual([AKHTAR, NOOR]);
    await search.fill('اختر');
    await dialog().getByText('No artists found').waitFor();
    await choose('Genre', 'Sepat', dialog());
    await dialog().getByLabel('Release Date').fill('2019-11-20');
    await dialog().getByRole('button', { name: 'Create Album' }).click();
    await toast('Album created successfully!').waitFor();

    const created = card('Duet of the Coast');
    await created.waitFor();
    expect(await created.getByTestId('album-credit').textContent()).toBe(`${AKHTAR} & ${NOOR}`);
    await created.getByTestId('album-cover-placeholder').waitFor();
    const [album] = await api.get<Album[]>('/api/albums?q=Duet');
    expect(album).toMatchObject({
      albumType: 'collaboration',
      primaryArtistId: null,
      collaboratingArtistIds: [artistIds.get(AKHTAR), artistIds.get(NOOR)],
      coverArt: null,
      description: null,
    });
  });

  it('credits collaborations of three artists as "A + N others"', async () => {
    await api.post('/api/albums', {
      title: PERSIAN_TITLE,
      albumType: 'collaboration',
      selectedArtists: [artistIds.get(NOOR), artistIds.get(NAZANIN), artistIds.get(AKHTAR)],
      releaseDate: '2024-02-02',
    });
    await openScreen();
    await card(PERSIAN_TITLE).waitFor();
    expect(await card(PERSIAN_TITLE).getByTestId('album-credit').textContent()).toBe(`${NOOR} + 2 others`);
    expect(await count().textContent()).toBe('3 of 3 albums');
  });

  it('edits an album, keeping the typed values when the save fails', async () => {
    await openScreen();
    await card('Duet of the Coast').getByRole('button', { name: 'Edit Duet of the Coast' }).click();
    await dialog().getByRole('heading', { name: 'Edit Album' }).waitFor();
    expect(
      await dialog()
        .getByLabel(/Album Title/)
        .inputValue(),
    ).toBe('Duet of the Coast');
    expect(
      await dialog().getByRole('list', { name: 'Selected artists' }).getByRole('listitem').allTextContents(),
    ).toEqual([AKHTAR, NOOR]);

    await page.route('**/api/albums/*', (route) =>
      route.request().method() === 'PUT'
        ? route.fulfill({ status: 500, json: { error: 'Database unavailable', code: 'INTERNAL_ERROR' } })
        : route.fallback(),
    );
    await dialog()
      .getByLabel(/Album Title/)
      .fill('Duet of Makran');
    await dialog()
      .getByRole('button', { name: `Remove ${NOOR}` })
      .click();
    await dialog().getByLabel('Description').fill('Recorded in Gwadar');
    await dialog().getByRole('button', { name: 'Update Album' }).click();
    await toast('Failed to save album').getByText('Database unavailable').waitFor();
    expect(
      await dialog()
        .getByLabel(/Album Title/)
        .inputValue(),
    ).toBe('Duet of Makran');
    expect(await dialog().getByLabel('Description').inputValue()).toBe('Recorded in Gwadar');
    expect(
      await dialog().getByRole('list', { name: 'Selected artists' }).getByRole('listitem').allTextContents(),
    ).toEqual([AKHTAR]);
    await page.unroute('**/api/albums/*');

    await dialog().getByRole('button', { name: 'Update Album' }).click();
    await toast('Album updated successfully!').waitFor();
    await dialog().waitFor({ state: 'detached' });
    await card('Duet of Makran').waitFor();
    expect(await card('Duet of Makran').getByTestId('album-credit').textContent()).toBe(AKHTAR);
    expect(await card('Duet of the Coast').count()).toBe(0);
  });

  it('searches by title or artist on the server, folding Arabic ي to Persian ی', async () => {
    await openScreen();
    await expect.poll(() => cards().count()).toBe(3);
    const box = page.getByRole('searchbox', { name: 'Search albums' });

    await box.fill(ARABIC_QUERY);
    await expect.poll(() => cards().count()).toBe(1);
    await card(PERSIAN_TITLE).waitFor();
    expect(await count().textContent()).toBe('1 of 3 albums');

    await box.fill('نازنین');
    await expect.poll(() => cards().count()).toBe(2);
    await card('سحر').waitFor();

    await box.fill('nothing like this');
    await page.getByText('No albums found').waitFor();
    expect(await count().textContent()).toBe('0 of 3 albums');

    await box.fill('');
    await expect.poll(() => cards().count()).toBe(3);
  });

  it('filters by genre and by year (years newest first)', async () => {
    await openScreen();
    await expect.poll(() => cards().count()).toBe(3);

    await choose('Filter by genre', 'Folk');
    await expect.poll(() => cards().count()).toBe(1);
    await card('سحر').waitFor();
    expect(await count().textContent()).toBe('1 of 3 albums');
    await choose('Filter by genre', 'All Genres');
    await expect.poll(() => cards().count()).toBe(3);

    await page.getByRole('combobox', { name: 'Filter by year' }).click();
    expect(await page.getByRole('option').allTextContents()).toEqual(['All Years', '2024', '2021', '2019']);
    await page.getByRole('option', { name: '2019' }).click();
    await expect.poll(() => cards().count()).toBe(1);
    await card('Duet of Makran').waitFor();
    await choose('Filter by year', 'All Years');
    await expect.poll(() => cards().count()).toBe(3);
  });

  it('refuses to delete an album that still has songs, with the server message', async () => {
    const [album] = await api.get<Album[]>('/api/albums?q=Makran');
    const audioFileUrl = await api.uploadAudio('makran.wav', 2);
    for (let i = 1; i <= 12; i++) {
      await api.post('/api/songs', { title: `Track ${i}`, albumId: album?.id, audioFileUrl });
    }
    await openScreen();
    await card('Duet of Makran').getByRole('button', { name: 'Delete Duet of Makran' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText('Are you sure you want to delete').waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await toast('Failed to delete album').getByText('Album still has 12 songs').waitFor();
    await confirm.getByRole('alert').getByText('Album still has 12 songs').waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    await card('Duet of Makran').waitFor();
  });

  it('deletes an album after confirmation', async () => {
    await openScreen();
    await card('سحر').getByRole('button', { name: 'Delete سحر' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await toast('Album deleted successfully').waitFor();
    await confirm.waitFor({ state: 'detached' });
    await expect.poll(() => card('سحر').count()).toBe(0);
    expect(await count().textContent()).toBe('2 of 2 albums');
    expect(await api.get<Album[]>('/api/albums?q=%D8%B3%D8%AD%D8%B1')).toEqual([]);
  });

  it('pages through the albums on the server, 24 at a time', async () => {
    for (let i = 1; i <= 30; i++) {
      await api.post('/api/albums', {
        title: `Album ${String(i).padStart(2, '0')}`,
        primaryArtistId: artistIds.get(NAZANIN),
      });
    }
    await openScreen();
    await page.getByText('Showing 1–24 of 32 albums').waitFor();
    await expect.poll(() => cards().count()).toBe(24);
    await page.getByRole('button', { name: 'Next page' }).click();
    await page.getByText('Showing 25–32 of 32 albums').waitFor();
    // The previous page stays on screen until the next one arrives; wait for the cards, not the label.
    await expect.poll(() => cards().count()).toBe(8);
  });

  it('shows "Error loading albums" when the list fails', async () => {
    await page.route('**/api/albums?*', (route) => route.fulfill({ status: 400, body: '' }));
    await openScreen();
    await page.getByText('Error loading albums').waitFor();
    await page.unroute('**/api/albums?*');
  });
});
