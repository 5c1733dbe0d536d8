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
const openTooltip = (text: string) => page.getByRole('tooltip', { name: text });

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
    // The rail names its items in a Radix tooltip on hover and on keyboard focus.
    await page.getByRole('link', { name: 'Songs' }).hover();
    await openTooltip('Songs').waitFor();
    await page.mouse.move(600, 400, { steps: 5 });
    await openTooltip('Songs').waitFor({ state: 'detached' });
    await page.getByRole('link', { name: 'Albums' }).focus();
    await page.keyboard.press('Tab');
    await openTooltip('Songs').waitFor();

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

  it('loads the app, not the API, for /api-docs and /apixyz, and names each screen in the title', async () => {
    await page.goto(`${server.url}/api-docs`);
    await page.getByRole('link', { name: 'API Docs' }).waitFor();
    await page.reload();
    await expect.poll(() => page.title()).toBe('API Docs · Nazenk');
    expect(await page.getByRole('link', { name: 'API Docs' }).getAttribute('aria-current')).toBe('page');
    await page.goto(`${server.url}/apixyz`);
    await page.getByText('Oops! Page not found').waitFor();
    await page.goto(`${server.url}/users`);
    await expect.poll(() => page.title()).toBe('Users · Nazenk');
    const signedOut = await browser.newPage();
    try {
      for (const path of ['/api-docs', '/apixyz']) {
        await signedOut.goto(`${server.url}${path}`);
        await signedOut.getByRole('heading', { name: 'Admin Login' }).waitFor();
      }
      expect((await signedOut.request.get(`${server.url}/api/nope`)).status()).toBe(404);
    } finally {
      await signedOut.context().close();
    }
  });

  it('turns the sidebar into a drawer below 768 px, opened from a menu button', async () => {
    await page.setViewportSize({ width: 390, height: 800 });
    try {
      await page.goto(`${server.url}/songs`);
      await page.getByRole('heading', { name: 'Songs Management', level: 1 }).waitFor();
      expect(await page.getByTestId('sidebar').count()).toBe(0);
      await expect
        .poll(async () => Math.round((await page.locator('main').boundingBox())?.width ?? 0))
        .toBe(390);
      await page.getByRole('button', { name: 'Open menu' }).click();
      const drawer = page.getByRole('dialog', { name: 'Menu' });
      await drawer.getByRole('link', { name: 'Artists' }).click();
      await drawer.waitFor({ state: 'detached' });
      await page.getByRole('heading', { name: 'Artists Management', level: 1 }).waitFor();
      // Escape closes the drawer and gives the focus back to the menu button.
      await page.getByRole('button', { name: 'Open menu' }).click();
      await drawer.waitFor();
      await page.keyboard.press('Escape');
      await drawer.waitFor({ state: 'detached' });
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
        .toBe('Open menu');
    } finally {
      await page.setViewportSize({ width: 1280, height: 800 });
    }
  });
});
