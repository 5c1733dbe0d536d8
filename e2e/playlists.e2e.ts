import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Album } from '../src/contract/albums';
import type { Artist } from '../src/contract/artists';
import type { Playlist, PlaylistCounts } from '../src/contract/playlists';
import type { ApiClient } from './support/api';
import { insertSongs } from './support/db';
import { endJourney, startJourney } from './support/journey';
import { insertListeners } from './support/listeners';
import type { TestServer } from './support/server';

let server: TestServer;
let browser: Browser;
let page: Page;
let api: ApiClient;
const ids: Record<'wedding' | 'zahirok' | 'hidden' | 'private', number> = {
  wedding: 0,
  zahirok: 0,
  hidden: 0,
  private: 0,
};

beforeAll(async () => {
  ({ server, browser, page, api } = await startJourney());
  const artist = await api.post<Artist>('/api/artists', { name: 'نازنین' });
  const album = await api.post<Album>('/api/albums', { title: 'سحر', primaryArtistId: artist.id });
  const songIds = await insertSongs(server, [
    { title: 'لیلو جان', albumId: album.id, duration: 200 },
    { title: 'Zahirok', albumId: album.id, duration: 3500 },
  ]);
  const day = 86_400_000;
  const at = (n: number) => new Date(Date.now() - n * day).toISOString();
  const { playlistIds } = await insertListeners(
    server,
    [
      // Stored with Persian ی and ک; searched below with Arabic ي and ك.
      { username: 'karim', email: 'karim@example.com', firstName: 'کریم', lastName: 'بلوچ' },
      { username: 'shay_b', email: 'shay@example.com' },
    ],
    [
      { name: 'شب ءِ سوت', description: 'Songs for the henna night', owner: 0, songIds, createdAt: at(4) },
      { name: 'Zahirok classics', owner: 1, isFeatured: true, songIds: songIds.slice(1), createdAt: at(3) },
      { name: 'Hidden gems', isHidden: true, createdAt: at(2) },
      { name: 'My own', isPublic: false, owner: 1, createdAt: at(1) },
    ],
  );
  [ids.wedding, ids.zahirok, ids.hidden, ids.private] = playlistIds as [number, number, number, number];
});

afterAll(() => endJourney({ server, browser }));

const table = () => page.getByRole('table', { name: 'Playlists' });
const row = (name: string) => table().getByRole('row').filter({ hasText: name });
const bodyRows = () => table().locator('tbody tr');
const toast = (text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });
const counter = (f: string) => page.getByTestId(`count-${f}`);
const playlist = (id: number) => api.get<Playlist>(`/api/playlists/${id}`);

async function openScreen() {
  await page.goto(`${server.url}/playlists`);
  await page.getByRole('heading', { name: 'Playlists Management', level: 1 }).waitFor();
  await row('Hidden gems').waitFor();
}

describe('playlists journey', () => {
  it('counts the whole table, and the tabs filter on the server', async () => {
    await openScreen();
    await expect.poll(() => counter('all').textContent()).toBe('4');
    expect(await counter('featured').textContent()).toBe('1');
    expect(await counter('public').textContent()).toBe('2');
    expect(await counter('hidden').textContent()).toBe('1');
    expect(await page.title()).toBe('Playlists · Nazenk');

    const requests: string[] = [];
    page.on('request', (r) => r.url().includes('/api/playlists?') && requests.push(r.url()));
    await page.getByRole('tab', { name: 'Featured' }).click();
    await expect.poll(() => bodyRows().count()).toBe(1);
    await row('Zahirok classics').waitFor();
    await page.getByRole('tab', { name: 'Public' }).click();
    await row('شب ءِ سوت').waitFor();
    await expect.poll(() => bodyRows().count()).toBe(2);
    await page.getByRole('tab', { name: 'Hidden' }).click();
    await row('Hidden gems').waitFor();
    await expect.poll(() => bodyRows().count()).toBe(1);
    expect(requests.some((u) => u.includes('filter=hidden'))).toBe(true);
    await page.getByRole('tab', { name: 'All' }).click();
    await expect.poll(() => bodyRows().count()).toBe(4);
  });

  it('shows creator, badges and song totals with dir="auto" on user text', async () => {
    await openScreen();
    const wedding = row('شب ءِ سوت');
    expect(await wedding.textContent()).toContain('کریم بلوچ');
    expect(await wedding.textContent()).toContain('Public');
    expect(await wedding.getByRole('button', { name: 'شب ءِ سوت', exact: true }).getAttribute('dir')).toBe(
      'auto',
    );
    expect(await row('Hidden gems').textContent()).toContain('Hidden');
    expect(await row('My own').textContent()).toContain('Private');
    expect(await row('Zahirok classics').textContent()).toContain('Featured');
    expect(await row('Zahirok classics').textContent()).toContain('shay_b');
  });

  it('searches name, description and creator on the server, folding Arabic letters', async () => {
    await openScreen();
    const search = page.getByRole('searchbox', { name: 'Search playlists' });
    await search.fill('كريم');
    await expect.poll(() => bodyRows().count()).toBe(1);
    await row('شب ءِ سوت').waitFor();
    await search.fill('henna');
    await row('شب ءِ سوت').waitFor();
    await search.fill('shay_b');
    await expect.poll(() => bodyRows().count()).toBe(2);
    await search.fill('nothing like this');
    await table().getByText('No playlists found').waitFor();
    // The counters still count the whole table.
    expect(await counter('all').textContent()).toBe('4');
  });

  it('features, unfeatures, hides and shows: kept after a reload and through the API', async () => {
    await openScreen();
    await row('My own').getByRole('button', { name: 'Feature', exact: true }).click();
    await toast('Playlist updated successfully').waitFor();
    await row('My own').getByRole('button', { name: 'Unfeature' }).waitFor();
    expect((await playlist(ids.private)).isFeatured).toBe(true);
    await expect.poll(() => counter('featured').textContent()).toBe('2');

    await row('شب ءِ سوت').getByRole('button', { name: 'Hide' }).click();
    await row('شب ءِ سوت').getByRole('button', { name: 'Show' }).waitFor();
    expect((await playlist(ids.wedding)).isHidden).toBe(true);
    await expect.poll(() => counter('public').textContent()).toBe('1');

    await page.reload();
    await row('My own').getByRole('button', { name: 'Unfeature' }).waitFor();
    await row('شب ءِ سوت').getByRole('button', { name: 'Show' }).waitFor();
    expect(await row('شب ءِ سوت').textContent()).toContain('Hidden');

    await row('My own').getByRole('button', { name: 'Unfeature' }).click();
    await row('My own').getByRole('button', { name: 'Feature', exact: true }).waitFor();
    await row('شب ءِ سوت').getByRole('button', { name: 'Show' }).click();
    await row('شب ءِ سوت').getByRole('button', { name: 'Hide' }).waitFor();
    await page.reload();
    await row('شب ءِ سوت').getByRole('button', { name: 'Hide' }).waitFor();
    expect(await playlist(ids.private)).toMatchObject({ isFeatured: false, isHidden: false });
    expect(await playlist(ids.wedding)).toMatchObject({ isFeatured: false, isHidden: false });
  });

  it('says "Failed to update playlist" when a toggle fails, and nothing changes', async () => {
    await openScreen();
    await page.route('**/api/playlists/*', (route) =>
      route.request().method() === 'PUT' ? route.fulfill({ status: 500, body: '' }) : route.fallback(),
    );
    try {
      await row('Hidden gems').getByRole('button', { name: 'Show' }).click();
      await toast('Failed to update playlist').waitFor();
      await row('Hidden gems').getByRole('button', { name: 'Show' }).waitFor();
    } finally {
      await page.unroute('**/api/playlists/*');
    }
    expect((await playlist(ids.hidden)).isHidden).toBe(true);
  });

  it("opens a read-only view of a playlist's songs with the total duration", async () => {
    await openScreen();
    await row('شب ءِ سوت').getByRole('button', { name: 'View songs of شب ءِ سوت' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'شب ءِ سوت' }).waitFor();
    await dialog.getByText('2 songs · total duration 1:01:40').waitFor();
    const songs = dialog.getByRole('table', { name: 'Playlist songs' });
    await songs.getByText('لیلو جان').waitFor();
    expect(await songs.getByText('لیلو جان').getAttribute('dir')).toBe('auto');
    expect(await songs.textContent()).toContain('58:20');
    expect(await dialog.getByRole('button', { name: /delete|remove/i }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  it('shows the load error within 2 s with a Retry that loads the list', async () => {
    let fail = true;
    await page.route('**/api/playlists?*', (route) =>
      fail ? route.fulfill({ status: 503, body: '' }) : route.fallback(),
    );
    try {
      await page.goto(`${server.url}/playlists`);
      const started = Date.now();
      await page.getByText('Error loading playlists: 503: Service Unavailable').waitFor({ timeout: 2_000 });
      expect(Date.now() - started).toBeLessThan(2_000);
      fail = false;
      await page.getByRole('button', { name: 'Retry' }).click();
      await row('Hidden gems').waitFor();
    } finally {
      await page.unroute('**/api/playlists?*');
    }
  });

  it('deletes a playlist after confirmation', async () => {
    await openScreen();
    await row('Zahirok classics').getByRole('button', { name: 'Delete Zahirok classics' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText('Are you sure you want to delete').waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect((await api.request('GET', `/api/playlists/${ids.zahirok}`)).status).toBe(200);

    await page.route('**/api/playlists/*', (route) =>
      route.request().method() === 'DELETE' ? route.fulfill({ status: 500, body: '' }) : route.fallback(),
    );
    await row('Zahirok classics').getByRole('button', { name: 'Delete Zahirok classics' }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await toast('Failed to delete playlist').waitFor();
    await page.unroute('**/api/playlists/*');

    await confirm.getByRole('button', { name: 'Delete' }).click();
    await toast('Playlist deleted successfully').waitFor();
    await confirm.waitFor({ state: 'detached' });
    await expect.poll(() => row('Zahirok classics').count()).toBe(0);
    expect((await api.request('GET', `/api/playlists/${ids.zahirok}`)).status).toBe(404);
    expect((await api.get<PlaylistCounts>('/api/playlists/counts')).all).toBe(3);
  });

  it('fits a 390 px phone: the table scrolls inside its card, not the page', async () => {
    await page.setViewportSize({ width: 390, height: 800 });
    try {
      await openScreen();
      const widths = await page.evaluate(() => {
        const table = document.querySelector('table[aria-label="Playlists"]') as HTMLElement;
        const frame = table.parentElement as HTMLElement;
        return {
          page: document.documentElement.scrollWidth,
          frame: frame.clientWidth,
          table: table.scrollWidth,
        };
      });
      expect(widths.page).toBeLessThanOrEqual(390);
      expect(widths.table).toBeGreaterThan(widths.frame);
    } finally {
      await page.setViewportSize({ width: 1280, height: 800 });
    }
  });
});
