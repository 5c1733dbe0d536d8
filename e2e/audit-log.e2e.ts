import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from './support/api';
import { endJourney, startJourney } from './support/journey';
import type { TestServer } from './support/server';

let server: TestServer;
let browser: Browser;
let page: Page;
let api: ApiClient;

const BEFORE = 'نور محمد';
const AFTER = 'نور محمد نورل';
const SHOTS = process.env.AUDIT_SCREENSHOTS;

beforeAll(async () => {
  ({ server, browser, page, api } = await startJourney());
  await api.post('/api/artists', { name: BEFORE, country: 'پاکستان' });
  // Other entries the filters must leave out.
  await api.post('/api/genres', { name: 'لیوا' });
  await api.post('/api/artists', { name: 'ملنگ شاه' });
});

afterAll(() => endJourney({ server, browser }));

const table = () => page.getByRole('table', { name: 'Audit log' });
const bodyRows = () => table().locator('tbody tr');

async function choose(select: string, option: string) {
  await page.getByRole('combobox', { name: select }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('audit log journey', () => {
  it('finds an artist edit with its name before and after, filtered', async () => {
    await page.goto(`${server.url}/artists`);
    const artistRow = page
      .getByRole('table', { name: 'Artists' })
      .locator('tbody tr')
      .filter({ hasText: BEFORE });
    await artistRow.getByRole('button', { name: `Edit ${BEFORE}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Edit Artist' }).waitFor();
    await dialog.getByLabel('Name').fill(AFTER);
    await dialog.getByRole('button', { name: 'Update Artist' }).click();
    await page.locator('[data-sonner-toast]').filter({ hasText: 'Artist updated successfully' }).waitFor();

    await page.getByRole('link', { name: 'Audit Log' }).click();
    await page.getByRole('heading', { name: 'Audit Log', level: 1 }).waitFor();
    await expect.poll(() => bodyRows().count()).toBe(4);

    await choose('Filter by resource', 'Artists');
    await expect.poll(() => bodyRows().count()).toBe(3);
    await choose('Filter by action', 'Updated');
    const today = new Date().toISOString().slice(0, 10);
    await page.getByLabel('From', { exact: true }).fill(today);
    await page.getByLabel('To', { exact: true }).fill(today);
    await expect.poll(() => bodyRows().count()).toBe(1);
    const entry = bodyRows().first();
    const text = (await entry.textContent()) ?? '';
    expect(text).toContain('admin');
    expect(text).toContain('Updated');
    expect(text).toContain(AFTER);
    expect(await entry.locator('del').first().textContent()).toBe(`before: ${BEFORE}`);
    expect(await entry.locator('ins').first().textContent()).toBe(`after: ${AFTER}`);

    // A day with no entries empties the list.
    await page.getByLabel('From', { exact: true }).fill('2020-01-01');
    await page.getByLabel('To', { exact: true }).fill('2020-01-02');
    await table().getByText('No entries match these filters').waitFor();
    await page.getByLabel('From', { exact: true }).fill(today);
    await page.getByLabel('To', { exact: true }).fill(today);
    await expect.poll(() => bodyRows().count()).toBe(1);

    if (SHOTS) await page.screenshot({ path: `${SHOTS}/audit-log-1280.png`, fullPage: true });
    // On a phone the entry is one column: what changed is on screen, nothing scrolls sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      await expect.poll(() => table().locator('th:visible').allTextContents()).toEqual(['Record']);
      expect(await entry.locator('ins:visible').textContent()).toBe(`after: ${AFTER}`);
      expect(await entry.locator('time:visible').count()).toBe(1);
      const overflows = await table().evaluate((el) => {
        const box = el.parentElement ?? el;
        return box.scrollWidth > box.clientWidth || document.documentElement.scrollWidth > 390;
      });
      expect(overflows).toBe(false);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/audit-log-390.png`, fullPage: true });
    } finally {
      await page.setViewportSize({ width: 1280, height: 800 });
    }
  });
});
