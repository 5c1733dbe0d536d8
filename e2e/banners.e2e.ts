import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Banner } from '../src/contract/banners';
import type { ApiClient } from './support/api';
import { endJourney, startJourney } from './support/journey';
import type { TestServer } from './support/server';

let server: TestServer;
let browser: Browser;
let page: Page;
let api: ApiClient;
const alerts: string[] = [];

const TITLE = 'نوکیں سالءِ مبارک';

beforeAll(async () => {
  ({ server, browser, page, api } = await startJourney());
  page.on('dialog', (d) => {
    alerts.push(d.message());
    void d.accept();
  });
});

afterAll(() => endJourney({ server, browser }));

const cards = () => page.getByTestId('banner-card');
const card = (title: string) => page.getByRole('article', { name: title, exact: true });
const toast = (text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });
const dialog = () => page.getByRole('dialog');
const listed = async (query = '') => api.get<Banner[]>(`/api/banners?limit=1000${query}`);

async function openScreen() {
  await page.goto(`${server.url}/banners`);
  await page.getByRole('heading', { name: 'Banner Management', level: 1 }).waitFor();
}

describe('banners journey', () => {
  it('creates a banner with a real PNG through the form, after the form names what is wrong', async () => {
    await openScreen();
    await page.getByText('No banners found. Click "Add Banner" to create one.').waitFor();
    await page.getByRole('button', { name: 'Add Banner' }).click();
    await dialog().getByRole('heading', { name: 'Add New Banner' }).waitFor();

    // Title missing: the form says so (and a "Validation Error" toast).
    await dialog().getByRole('button', { name: 'Create Banner' }).click();
    await dialog().getByText('Banner title is required').waitFor();
    await toast('Validation Error').waitFor();

    // Bad input: script-bearing URL, priority out of range, end before start — each named, nothing sent.
    await dialog().getByLabel('Banner Title').fill(TITLE);
    await dialog().getByLabel('Description').fill('سالءِ نوکیں آوازانی — new year songs');
    await dialog().getByLabel('Target URL').fill('javascript:alert(1)');
    await dialog().getByLabel('Priority').fill('11');
    await dialog().getByLabel('Start Date').fill('2025-03-10');
    await dialog().getByLabel('End Date').fill('2025-03-01');
    await dialog().getByRole('button', { name: 'Create Banner' }).click();
    await dialog().getByText('Target URL must be a full http:// or https:// address').waitFor();
    await dialog().getByText('Priority must be between 1 and 10').waitFor();
    await dialog().getByText('End date must be on or after the start date').waitFor();

    // No image: "Banner image is required" under "Validation Error".
    await dialog().getByLabel('Target URL').fill('https://example.com/nowruz?from=app');
    await dialog().getByLabel('Priority').fill('7');
    await dialog().getByLabel('End Date').fill('2099-03-31');
    await dialog().getByRole('button', { name: 'Create Banner' }).click();
    await toast('Validation Error').filter({ hasText: 'Banner image is required' }).waitFor();
    expect(await listed()).toEqual([]);

    await dialog().getByRole('combobox', { name: 'Position' }).click();
    await page.getByRole('option', { name: 'Footer' }).click();
    const png = await sharp({ create: { width: 64, height: 24, channels: 3, background: '#7d3c98' } })
      .png()
      .toBuffer();
    await dialog()
      .getByLabel('Banner image')
      .setInputFiles({ name: 'nowruz.png', mimeType: 'image/png', buffer: png });
    await dialog().getByRole('button', { name: 'Change Image' }).waitFor();
    // What was typed survived every failed attempt.
    expect(await dialog().getByLabel('Banner Title').inputValue()).toBe(TITLE);
    await dialog().getByRole('button', { name: 'Create Banner' }).click();
    await toast('Banner created successfully!').waitFor();
    await dialog().waitFor({ state: 'detached' });

    const created = card(TITLE);
    await created.waitFor();
    expect(await created.getByRole('heading').getAttribute('dir')).toBe('auto');
    expect(await created.getByTestId('position-badge').textContent()).toBe('Footer');
    expect(await created.getByTestId('position-badge').getAttribute('data-variant')).toBe('green');
    expect(await created.textContent()).toContain('#7');
    const [stored] = await listed();
    expect(stored).toMatchObject({
      title: TITLE,
      position: 'footer',
      priority: 7,
      startDate: '2025-03-10',
      endDate: '2099-03-31',
      targetUrl: 'https://example.com/nowruz?from=app',
      isActive: true,
    });
    // The image is the uploaded PNG, served back as an image.
    expect(stored?.imageUrl).toMatch(/^\/media\/images\/banners\//);
    const image = await fetch(`${server.url}${stored?.imageUrl}`);
    expect([image.status, image.headers.get('content-type')]).toEqual([200, 'image/png']);
    expect(await created.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(64);
  });

  it('toggles the active state, verified after a reload and through the API', async () => {
    await openScreen();
    const toggle = card(TITLE).getByRole('switch');
    await toggle.click();
    await card(TITLE).getByTestId('active-badge').filter({ hasText: 'Inactive' }).waitFor();
    await expect.poll(async () => (await listed())[0]?.isActive).toBe(false);
    await page.reload();
    await card(TITLE).getByTestId('active-badge').filter({ hasText: 'Inactive' }).waitFor();
    expect(await card(TITLE).getByRole('switch').getAttribute('aria-checked')).toBe('false');

    await card(TITLE).getByRole('switch').click();
    await expect.poll(async () => (await listed())[0]?.isActive).toBe(true);
    await page.reload();
    await card(TITLE).getByTestId('active-badge').filter({ hasText: 'Active' }).waitFor();
  });

  it('filters on the server by position, status and schedule from the Filters button', async () => {
    const base = { imageUrl: 'https://cdn.example.com/b.png' };
    await api.post('/api/banners', { ...base, title: 'بہار hero', position: 'hero', isActive: false });
    await api.post('/api/banners', {
      ...base,
      title: 'Expired popup',
      position: 'popup',
      endDate: '2020-01-01',
    });
    await api.post('/api/banners', {
      ...base,
      title: 'Future sidebar',
      position: 'sidebar',
      startDate: '2099-01-01',
    });
    await openScreen();
    await expect.poll(() => cards().count()).toBe(4);

    const requests: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/banners?')) requests.push(r.url());
    });
    await page.getByRole('button', { name: 'Filters' }).click();
    const pick = async (filter: string, option: string) => {
      await page.getByRole('combobox', { name: filter }).click();
      await page.getByRole('option', { name: option, exact: true }).click();
    };
    await pick('Filter by schedule', 'Expired');
    await expect.poll(() => cards().count()).toBe(1);
    await card('Expired popup').waitFor();
    expect(requests.some((u) => u.includes('schedule=expired'))).toBe(true);

    await pick('Filter by schedule', 'Scheduled');
    await card('Future sidebar').waitFor();
    await expect.poll(() => cards().count()).toBe(1);

    await pick('Filter by schedule', 'Running now');
    await expect.poll(() => cards().count()).toBe(2);
    await pick('Filter by status', 'Inactive');
    await card('بہار hero').waitFor();
    await expect.poll(() => cards().count()).toBe(1);
    await pick('Filter by position', 'Footer');
    await page.getByText('No banners found. Click "Add Banner" to create one.').waitFor();

    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect.poll(() => cards().count()).toBe(4);
    await page.getByRole('searchbox', { name: 'Search banners' }).fill('بہار');
    await expect.poll(() => cards().count()).toBe(1);
  });

  it('refuses bad input on the server with the envelope and changes nothing', async () => {
    const [before] = await listed(`&q=${encodeURIComponent(TITLE)}`);
    for (const body of [
      { title: 'x', imageUrl: '/m.png', targetUrl: 'https://x.com/"><script>alert(1)</script>' },
      { title: 'x', imageUrl: '/m.png', targetUrl: `https://x.com/${'a'.repeat(2050)}` },
      { title: 'x', imageUrl: '/m.png', priority: 0 },
      { title: 'x', imageUrl: '/m.png', position: 'banner' },
      { title: 'x', imageUrl: '/m.png', startDate: '2025-02-02', endDate: '2025-02-01' },
    ]) {
      const created = await api.request('POST', '/api/banners', body);
      expect(created.status).toBe(400);
      expect(created.body).toMatchObject({ code: 'VALIDATION_ERROR' });
      const replaced = await api.request('PUT', `/api/banners/${before?.id}`, body);
      expect(replaced.status).toBe(400);
    }
    expect((await listed(`&q=${encodeURIComponent(TITLE)}`))[0]).toEqual(before);
    expect(await listed()).toHaveLength(4);
  });

  it('edits keeping what was typed, then deletes after the exact confirmation', async () => {
    await openScreen();
    // Keyboard: the dialog keeps focus inside and gives it back to the button that opened it.
    await page.getByRole('button', { name: 'Add Banner' }).focus();
    await page.keyboard.press('Enter');
    await dialog().getByRole('heading', { name: 'Add New Banner' }).waitFor();
    for (let i = 0; i < 20; i++) await page.keyboard.press('Tab');
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('[role=dialog]')))).toBe(true);
    await page.keyboard.press('Escape');
    await dialog().waitFor({ state: 'detached' });
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent?.trim()))
      .toBe('Add Banner');

    await card(TITLE)
      .getByRole('button', { name: `Edit ${TITLE}` })
      .click();
    await dialog().getByRole('heading', { name: 'Edit Banner' }).waitFor();
    expect(await dialog().getByLabel('Priority').inputValue()).toBe('7');
    await dialog().getByLabel('Priority').fill('9');
    await dialog().getByRole('button', { name: 'Update Banner' }).click();
    await toast('Banner updated successfully!').waitFor();
    await expect.poll(async () => (await listed(`&q=${encodeURIComponent(TITLE)}`))[0]?.priority).toBe(9);

    await card(TITLE)
      .getByRole('button', { name: `Delete ${TITLE}` })
      .click();
    await page.getByRole('alertdialog').getByText(`Are you sure you want to delete "${TITLE}"?`).waitFor();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await toast('Banner deleted successfully').waitFor();
    await card(TITLE).waitFor({ state: 'detached' });
    expect(await listed(`&q=${encodeURIComponent(TITLE)}`)).toEqual([]);
    expect(alerts).toEqual([]);
  });
});
