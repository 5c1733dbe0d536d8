import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endJourney, startJourney } from './support/journey';
import type { TestServer } from './support/server';

let server: TestServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  ({ server, browser, page } = await startJourney());
});

afterAll(() => endJourney({ server, browser }));

const pathOf = (p: Page) => new URL(p.url()).pathname;

async function sidebarWidth(): Promise<number> {
  const box = await page.getByTestId('sidebar').boundingBox();
  return Math.round(box?.width ?? -1);
}

describe('signed-in layout', () => {
  it('navigates from the sidebar and highlights the current item', async () => {
    await page.goto(`${server.url}/`);
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    expect(await page.getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBe('page');

    await page.getByRole('link', { name: 'Artists' }).click();
    await page.getByRole('heading', { name: 'Artists Management', level: 1 }).waitFor();
    expect(pathOf(page)).toBe('/artists');
    expect(await page.getByRole('link', { name: 'Artists' }).getAttribute('aria-current')).toBe('page');
    expect(await page.getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBeNull();
  });

  it('shows the 404 page with a way home', async () => {
    await page.goto(`${server.url}/no-such-page`);
    await page.getByText('Oops! Page not found').waitFor();
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    expect(pathOf(page)).toBe('/');
  });

  it('collapses the sidebar to 64px and back to 256px, without persisting it', async () => {
    await page.goto(`${server.url}/`);
    await page.getByTestId('sidebar').waitFor();
    expect(await sidebarWidth()).toBe(256);

    await page.getByRole('button', { name: 'Collapse sidebar' }).click();
    await expect.poll(sidebarWidth).toBe(64);
    expect(await page.getByRole('link', { name: 'Songs' }).getAttribute('title')).toBe('Songs');

    await page.getByRole('button', { name: 'Expand sidebar' }).click();
    await expect.poll(sidebarWidth).toBe(256);

    await page.getByRole('button', { name: 'Collapse sidebar' }).click();
    await expect.poll(sidebarWidth).toBe(64);
    await page.reload();
    await page.getByRole('button', { name: 'Collapse sidebar' }).waitFor();
    expect(await sidebarWidth()).toBe(256);
  });

  it('scrolls the main area, not the page', async () => {
    const overflow = await page.evaluate(() => ({
      page: document.scrollingElement?.scrollHeight ?? 0,
      viewport: window.innerHeight,
      main: getComputedStyle(document.querySelector('main') as Element).overflowY,
    }));
    expect(overflow.page).toBeLessThanOrEqual(overflow.viewport);
    expect(overflow.main).toBe('auto');
  });
});
