import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Artist } from '../src/contract/artists';
import type { ApiClient } from './support/api';
import { endJourney, startJourney } from './support/journey';
import type { TestServer } from './support/server';

let server: TestServer;
let browser: Browser;
let page: Page;
let api: ApiClient;
/** Messages of window.alert, in order. */
const alerts: string[] = [];

const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
// Stored with Persian ی (U+06CC); searched below with Arabic ي (U+064A).
const PERSIAN_NAME = 'علی بلوچ';
const ARABIC_QUERY = 'علي';
const UPLOAD_FAILED =
  'Image upload failed (storage not configured), but artist will be created without image.';
const SAVE_FAILED = 'Failed to save artist. Please check the form data and try again.';

beforeAll(async () => {
  ({ server, browser, page, api } = await startJourney());
  page.on('dialog', (dialog) => {
    alerts.push(dialog.message());
    void dialog.accept();
  });
});

afterAll(() => endJourney({ server, browser }));

const table = () => page.getByRole('table', { name: 'Artists' });
const bodyRows = () => table().locator('tbody tr');
const row = (name: string) => bodyRows().filter({ hasText: name });
const toast = (text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });
const dialog = () => page.getByRole('dialog');

async function openScreen() {
  await page.goto(`${server.url}/artists`);
  await page.getByRole('heading', { name: 'Artists Management', level: 1 }).waitFor();
}

async function search(text: string) {
  await page.getByRole('searchbox', { name: 'Search artists' }).fill(text);
}

async function findArtist(name: string): Promise<Artist> {
  const found = await api.get<Artist[]>(`/api/artists?q=${encodeURIComponent(name)}`);
  const artist = found.find((a) => a.name === name);
  if (!artist) throw new Error(`artist ${name} not found`);
  return artist;
}

describe('artists journey', () => {
  it('shows the table columns and validates the form', async () => {
    await openScreen();
    await table().getByText('No artists found').waitFor();
    const headers = await table().locator('thead th').allTextContents();
    expect(headers).toEqual(['Artist', 'Country', 'Content', 'Followers', 'Status', 'Actions']);

    await page.getByRole('button', { name: 'Add Artist' }).click();
    await dialog().getByRole('heading', { name: 'Add New Artist' }).waitFor();
    await dialog().getByText('Max 5MB, JPG/PNG only').waitFor();
    await dialog().getByRole('button', { name: 'Create Artist' }).click();
    await dialog().getByText('Artist name is required').waitFor();
    expect(await dialog().getByLabel('Name').getAttribute('aria-invalid')).toBe('true');
    await dialog().getByRole('button', { name: 'Cancel' }).click();
  });

  it('creates a verified artist with an uploaded avatar', async () => {
    await openScreen();
    await page.getByRole('button', { name: 'Add Artist' }).click();
    await dialog().getByLabel('Name').fill(PERSIAN_NAME);
    await dialog().getByLabel('Country').fill('ایران');
    await dialog().getByLabel('Bio').fill('خواننده‌ی بلوچی از سراوان');
    await dialog()
      .getByLabel('Avatar image')
      .setInputFiles({ name: 'avatar.png', mimeType: 'image/png', buffer: PNG_1PX });
    await dialog().getByRole('img', { name: 'Avatar image preview' }).waitFor();
    await dialog().getByRole('checkbox', { name: 'Verified artist' }).click();
    await dialog().getByRole('button', { name: 'Create Artist' }).click();
    await toast('Artist created successfully').waitFor();
    await dialog().waitFor({ state: 'detached' });

    const created = row(PERSIAN_NAME);
    await created.waitFor();
    expect(await created.textContent()).toContain('Verified');
    expect(await created.textContent()).toContain('ایران');
    expect(await created.getByText(PERSIAN_NAME).getAttribute('dir')).toBe('auto');
    const artist = await findArtist(PERSIAN_NAME);
    expect(artist.avatar).toBeTruthy();
    const avatar = created.locator('img');
    expect(await avatar.getAttribute('src')).toBe(artist.avatar);
    await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
    expect(artist.bio).toBe('خواننده‌ی بلوچی از سراوان');
    expect(artist.verified).toBe(true);
    expect(alerts).toEqual([]);
  });

  it('still creates the artist, without image, when the image upload fails', async () => {
    await openScreen();
    await page.route('**/api/artists/upload-image', (route) => route.fulfill({ status: 500, body: '' }));
    await page.getByRole('button', { name: 'Add Artist' }).click();
    await dialog().getByLabel('Name').fill('Sabzal Sami');
    await dialog().getByLabel('Country').fill('Pakistan');
    await dialog()
      .getByLabel('Avatar image')
      .setInputFiles({ name: 'avatar.png', mimeType: 'image/png', buffer: PNG_1PX });
    await dialog().getByRole('button', { name: 'Create Artist' }).click();
    await toast('Artist created successfully').waitFor();
    expect(alerts).toEqual([UPLOAD_FAILED]);
    await page.unroute('**/api/artists/upload-image');
    await row('Sabzal Sami').waitFor();
    expect(await row('Sabzal Sami').textContent()).toContain('Pending');
    expect((await findArtist('Sabzal Sami')).avatar).toBeNull();
    alerts.length = 0;
  });

  it('keeps what the user typed when the save fails', async () => {
    await openScreen();
    await page.route('**/api/artists', (route) =>
      route.request().method() === 'POST' ? route.fulfill({ status: 500, body: '' }) : route.fallback(),
    );
    await page.getByRole('button', { name: 'Add Artist' }).click();
    await dialog().getByLabel('Name').fill('Noor Jahan Baloch');
    await dialog().getByLabel('Country').fill('Oman');
    await dialog().getByLabel('Bio').fill('Singer from Muscat');
    await dialog().getByRole('button', { name: 'Create Artist' }).click();
    await expect.poll(() => alerts.length).toBe(1);
    expect(alerts).toEqual([SAVE_FAILED]);
    expect(await dialog().getByLabel('Name').inputValue()).toBe('Noor Jahan Baloch');
    expect(await dialog().getByLabel('Country').inputValue()).toBe('Oman');
    expect(await dialog().getByLabel('Bio').inputValue()).toBe('Singer from Muscat');
    await page.unroute('**/api/artists');
    await dialog().getByRole('button', { name: 'Cancel' }).click();
    alerts.length = 0;
  });

  it('searches by name (Arabic ي finds Persian ی) and by country', async () => {
    await api.post('/api/artists', { name: 'Akhtar Chanal', country: 'Pakistan' });
    await openScreen();
    await row('Akhtar Chanal').waitFor();
    expect(await bodyRows().count()).toBe(3);

    await search(ARABIC_QUERY);
    await expect.poll(() => bodyRows().count()).toBe(1);
    await row(PERSIAN_NAME).waitFor();

    await search('pakistan');
    await expect.poll(() => bodyRows().count()).toBe(2);
    await row('Sabzal Sami').waitFor();
    await row('Akhtar Chanal').waitFor();

    await search('nobody at all');
    await table().getByText('No artists found').waitFor();
    await search('');
    await expect.poll(() => bodyRows().count()).toBe(3);
  });

  it('edits an artist', async () => {
    await openScreen();
    await row('Sabzal Sami').getByRole('button', { name: 'Edit Sabzal Sami' }).click();
    await dialog().getByRole('heading', { name: 'Edit Artist' }).waitFor();
    expect(await dialog().getByLabel('Country').inputValue()).toBe('Pakistan');
    await dialog().getByLabel('Name').fill('Sabzal Sami Baloch');
    await dialog().getByRole('checkbox', { name: 'Verified artist' }).click();
    await dialog().getByRole('button', { name: 'Update Artist' }).click();
    await toast('Artist updated successfully').waitFor();
    await row('Sabzal Sami Baloch').waitFor();
    expect(await row('Sabzal Sami Baloch').textContent()).toContain('Verified');
  });

  it('refuses to delete an artist who still has an album, with the server message', async () => {
    const artist = await findArtist(PERSIAN_NAME);
    const album = await api.post<{ id: number }>('/api/albums', {
      title: 'سازی شپ',
      albumType: 'single',
      primaryArtistId: artist.id,
    });
    const audioFileUrl = await api.uploadAudio('lailla.wav', 65);
    await api.post('/api/songs', { title: 'لیلا جان', albumId: album.id, audioFileUrl });
    await openScreen();
    await expect.poll(async () => (await row(PERSIAN_NAME).textContent()) ?? '').toContain('1 album');
    expect(await row(PERSIAN_NAME).textContent()).toContain('1 song');

    await row(PERSIAN_NAME)
      .getByRole('button', { name: `Delete ${PERSIAN_NAME}` })
      .click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText('Are you sure you want to delete').waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await confirm.getByRole('alert').filter({ hasText: 'Artist still has 1 album' }).waitFor();
    await toast('Artist still has 1 album').waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await row(PERSIAN_NAME).waitFor();
  });

  it('deletes an artist after confirmation', async () => {
    await openScreen();
    await row('Akhtar Chanal').getByRole('button', { name: 'Delete Akhtar Chanal' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await toast('Artist deleted successfully').waitFor();
    await expect.poll(() => row('Akhtar Chanal').count()).toBe(0);
    expect(await api.get<Artist[]>('/api/artists?q=Akhtar')).toEqual([]);
  });

  it('opens a read-only artist page with their albums and songs', async () => {
    await openScreen();
    await row(PERSIAN_NAME)
      .getByRole('link', { name: `View ${PERSIAN_NAME}` })
      .click();
    await page.getByRole('heading', { name: PERSIAN_NAME, level: 1 }).waitFor();
    const artist = await findArtist(PERSIAN_NAME);
    expect(new URL(page.url()).pathname).toBe(`/artists/${artist.id}`);
    await page.getByText('خواننده‌ی بلوچی از سراوان').waitFor();
    await page.getByRole('heading', { name: 'Albums (1)' }).waitFor();
    await page.getByRole('list', { name: 'Albums' }).getByText('سازی شپ').waitFor();
    await page.getByRole('heading', { name: /^Songs/ }).waitFor();
    const songs = page.getByRole('table', { name: 'Songs' });
    await songs.getByText('لیلا جان').waitFor();
    const songRow = await songs.locator('tbody tr').first().textContent();
    expect(songRow).toContain('1:05');
    expect(songRow).toContain('published');
    expect(await page.getByRole('button', { name: /Edit|Delete/ }).count()).toBe(0);

    await page.getByRole('link', { name: 'Back to Artists' }).click();
    await page.getByRole('heading', { name: 'Artists Management', level: 1 }).waitFor();

    await page.goto(`${server.url}/artists/999999`);
    await page.getByText('Artist not found').waitFor();
  });

  it('pages through artists 50 at a time', async () => {
    for (let i = 1; i <= 55; i++) await api.post('/api/artists', { name: `Paged Artist ${i}` });
    await openScreen();
    await page.getByText('Showing 1–50 of 57 artists').waitFor();
    await expect.poll(() => bodyRows().count()).toBe(50);
    await page.getByRole('button', { name: 'Next page' }).click();
    await page.getByText('Showing 51–57 of 57 artists').waitFor();
    await expect.poll(() => bodyRows().count()).toBe(7);
  });

  it('shows "Error loading artists" when the list fails', async () => {
    await page.route('**/api/artists?*', (route) => route.fulfill({ status: 400, body: '' }));
    await openScreen();
    await page.getByText('Error loading artists').waitFor();
    await page.unroute('**/api/artists?*');
  });
});
