import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Artist } from '../src/contract/artists';
import type { Dashboard } from '../src/contract/dashboard';
import type { ApiClient } from './support/api';
import { launchBrowser } from './support/browser';
import { endJourney, startJourney } from './support/journey';
import type { TestServer } from './support/server';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const CARDS = [
  'Total Users',
  'Songs Library',
  'Artists',
  'Albums',
  'Published Songs',
  'Active Banners',
  'Total Genres',
  'Languages',
];

/** The value shown on each stat card, by title. */
async function cardValues(page: Page): Promise<Record<string, string>> {
  const values: Record<string, string> = {};
  for (const title of CARDS) {
    values[title] =
      (await page.getByRole('group', { name: title }).getByTestId('stat-value').textContent()) ?? '';
  }
  return values;
}

async function openDashboard(page: Page, server: TestServer) {
  await page.goto(`${server.url}/dashboard`);
  await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
  await page.getByRole('group', { name: 'Total Users' }).waitFor();
}

describe('dashboard on an empty catalogue', () => {
  let server: TestServer;
  let page: Page;
  let api: ApiClient;

  beforeAll(async () => {
    ({ server, page, api } = await startJourney({}, browser));
  });

  afterAll(() => endJourney({ server, page }));

  it('shows the eight cards at zero, Languages fixed at 2, and no activity', async () => {
    await openDashboard(page, server);
    expect(await page.getByRole('group').locator('h2').allTextContents()).toEqual(CARDS);
    expect(await cardValues(page)).toEqual({
      'Total Users': '0',
      'Songs Library': '0',
      Artists: '0',
      Albums: '0',
      'Published Songs': '0',
      'Active Banners': '0',
      'Total Genres': '0',
      Languages: '2',
    });
    await page.getByText('No recent activity to display').waitFor();
    expect(await page.getByTestId('streams-total').textContent()).toBe('0 streams in the last 30 days');
    await page.getByTestId('streams-chart').locator('svg.recharts-surface').waitFor();
  });

  it('reflects created artists, albums, genres and banners, with recent activity', async () => {
    await api.post('/api/genres', { name: 'Sepat' });
    const artist = await api.post<Artist>('/api/artists', { name: 'علی بلوچ', country: 'ایران' });
    const album = await api.post<{ id: number }>('/api/albums', {
      title: 'سازی شپ',
      albumType: 'single',
      primaryArtistId: artist.id,
    });
    const audioFileUrl = await api.uploadAudio('song.wav', 2);
    await api.post('/api/songs', { title: 'لیلا جان', albumId: album.id, audioFileUrl });
    const banner = { imageUrl: 'https://example.com/b.png', position: 'hero' };
    await api.post('/api/banners', { ...banner, title: 'Eid release', isActive: true });
    await api.post('/api/banners', { ...banner, title: 'Old promo', isActive: false });

    await openDashboard(page, server);
    const values = await cardValues(page);
    expect(values).toEqual({
      'Total Users': '0',
      'Songs Library': '1',
      Artists: '1',
      Albums: '1',
      'Published Songs': '1',
      'Active Banners': '1',
      'Total Genres': '1',
      Languages: '2',
    });

    const activity = page.getByRole('list', { name: 'Recent Activity' }).getByRole('listitem');
    expect(await activity.count()).toBe(3);
    expect(await activity.nth(0).textContent()).toContain('New song added');
    expect(await activity.nth(0).textContent()).toContain('لیلا جان');
    expect(await activity.nth(0).textContent()).toContain('just now');
    expect(await activity.nth(1).textContent()).toContain('New album created');
    expect(await activity.nth(1).textContent()).toContain('سازی شپ');
    expect(await activity.nth(2).textContent()).toContain('New artist added');
    expect(await activity.nth(2).getByText('علی بلوچ').getAttribute('dir')).toBe('auto');
  });

  it('refreshes after a change made on another screen', async () => {
    await page.getByRole('link', { name: 'Categories' }).click();
    await page.getByRole('button', { name: 'Add Category' }).click();
    await page.getByRole('dialog').getByLabel('Name').fill('Zahirok');
    await page.getByRole('dialog').getByRole('button', { name: 'Create Category' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.getByRole('link', { name: 'Dashboard' }).click();
    await expect
      .poll(async () =>
        page.getByRole('group', { name: 'Total Genres' }).getByTestId('stat-value').textContent(),
      )
      .toBe('2');
  });

  it('shows an error text when the figures cannot be loaded', async () => {
    await page.route('**/api/analytics/dashboard', (route) => route.fulfill({ status: 400, body: '' }));
    await page.goto(`${server.url}/`);
    await page.getByText('Error loading dashboard').waitFor();
    await page.unroute('**/api/analytics/dashboard');
  });
});

describe('dashboard on the demo catalogue', () => {
  let server: TestServer;
  let page: Page;
  let api: ApiClient;

  beforeAll(async () => {
    ({ server, page, api } = await startJourney({ seedSongs: 300 }, browser));
  });

  afterAll(() => endJourney({ server, page }));

  it('shows the figures, six recent items and the streams of the last 30 days', async () => {
    const { data } = await api.get<{ success: true; data: Dashboard }>('/api/analytics/dashboard');
    await openDashboard(page, server);
    const n = (v: number) => v.toLocaleString('en-US');
    expect(await cardValues(page)).toEqual({
      'Total Users': n(data.users.total),
      'Songs Library': n(data.content.songs),
      Artists: n(data.content.artists),
      Albums: n(data.content.albums),
      'Published Songs': n(data.content.publishedSongs),
      'Active Banners': n(data.banners.active),
      'Total Genres': n(data.content.genres),
      Languages: '2',
    });
    expect(data.content.songs).toBe(300);
    expect(data.users.total).toBeGreaterThan(0);

    const activity = page.getByRole('list', { name: 'Recent Activity' }).getByRole('listitem');
    expect(await activity.count()).toBe(6);
    for (const time of await activity.locator('time').allTextContents()) expect(time).toMatch(/ago|just now/);

    const total = data.streamsPerDay.reduce((sum, d) => sum + d.streams, 0);
    expect(data.streamsPerDay).toHaveLength(30);
    expect(total).toBeGreaterThan(0);
    expect(await page.getByTestId('streams-total').textContent()).toBe(
      `${n(total)} streams in the last 30 days`,
    );
    const area = page
      .getByTestId('streams-chart')
      .locator('.recharts-area-area path, path.recharts-area-area');
    await area.first().waitFor();
    expect(((await area.first().getAttribute('d')) ?? '').length).toBeGreaterThan(100);
  });
});
