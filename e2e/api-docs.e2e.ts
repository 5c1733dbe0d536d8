import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from './support/api';
import { gzippedSize } from './support/bundle-size';
import { endJourney, startJourney } from './support/journey';
import type { TestServer } from './support/server';

let server: TestServer;
let browser: Browser;
let page: Page;
let api: ApiClient;

beforeAll(async () => {
  ({ server, browser, page, api } = await startJourney());
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
});

afterAll(() => endJourney({ server, browser, page }));

const endpoint = (name: string) => page.locator(`[data-endpoint="${name}"]`);

describe('API Documentation', () => {
  it('loads its JavaScript only on its route, opens directly and after a reload, rendered from the document', async () => {
    const scripts = new Set<string>();
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (url.origin === server.url && url.pathname.endsWith('.js')) scripts.add(url.pathname);
    });
    await page.goto(`${server.url}/`);
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    await page.waitForLoadState('networkidle');
    const before = new Set(scripts);
    await page.getByRole('link', { name: 'API Docs' }).click();
    await endpoint('GET /api/genres').waitFor();
    const own = [...scripts].filter((p) => !before.has(p));
    const ownBytes = own.reduce((sum, p) => sum + gzippedSize(p), 0);
    console.info(
      `/api-docs screen JS loaded on navigation: ${own.length} files, ${(ownBytes / 1024).toFixed(1)} KB gzipped`,
    );
    expect(own.length).toBeGreaterThan(0);

    scripts.clear();
    await page.goto(`${server.url}/api-docs`);
    await page.getByRole('heading', { name: 'API Documentation', level: 1 }).waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'API Documentation', level: 1 }).waitFor();
    await endpoint('GET /api/genres').waitFor();
    const total = [...scripts].reduce((sum, p) => sum + gzippedSize(p), 0);
    console.info(
      `/api-docs opened directly: ${scripts.size} JS files, ${(total / 1024).toFixed(1)} KB gzipped`,
    );
    expect(await page.getByTestId('base-url').textContent()).toBe(`${server.url}/api`);

    const doc = await api.get<{ paths: Record<string, Record<string, unknown>> }>('/api/openapi.json');
    const operations = Object.values(doc.paths).flatMap((item) =>
      Object.keys(item).filter((m) => ['get', 'post', 'put', 'patch', 'delete'].includes(m)),
    );
    expect(await page.getByTestId('endpoint').count()).toBe(operations.length);
    const table = page.getByRole('table', { name: 'Status codes' });
    for (const status of ['200', '201', '400', '401', '404', '500']) {
      await table.getByRole('cell', { name: new RegExp(`^${status} `) }).waitFor();
    }
  });

  it('finds an endpoint by search and copies its generated curl sample to the clipboard', async () => {
    await page.goto(`${server.url}/api-docs`);
    await page.getByLabel('Search endpoints').fill('upload-image');
    await page.getByText('3 of ').waitFor();
    expect(await page.getByTestId('endpoint').count()).toBe(3);
    const card = endpoint('POST /api/artists/upload-image');
    await card.locator('button[aria-expanded]').click();
    await card.getByRole('button', { name: 'Copy curl sample' }).click();
    await page.getByText('Code snippet copied successfully').waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toContain(`curl -X POST '${server.url}/api/artists/upload-image'`);
    expect(copied).toContain("-F 'image=@/path/to/file'");

    await card.getByRole('tab', { name: 'Kotlin' }).click();
    await card.getByRole('button', { name: 'Copy Kotlin sample' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain('OkHttpClient()');

    await card.getByRole('button', { name: 'Copy POST /api/artists/upload-image' }).click();
    await page.getByText('Copied to clipboard').first().waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      `POST ${server.url}/api/artists/upload-image`,
    );
  });

  it("shows an example that has the shape of the live API's answer", async () => {
    await api.post('/api/genres', { name: 'Zahirok — زہیروک', color: '#8B5CF6' });
    const live = await api.get<Record<string, unknown>[]>('/api/genres');
    await page.goto(`${server.url}/api-docs`);
    const card = endpoint('GET /api/genres/{id}');
    await card.locator('button[aria-expanded]').click();
    const text = await card
      .getByText(/"songCount"/)
      .first()
      .textContent();
    const example = JSON.parse(text ?? '{}') as Record<string, unknown>;
    expect(Object.keys(example).sort()).toEqual(Object.keys(live[0] ?? {}).sort());
    for (const [key, value] of Object.entries(live[0] ?? {}))
      if (value !== null) expect(typeof example[key], key).toBe(typeof value);
  });
});
