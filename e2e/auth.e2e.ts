import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, signIn, submitLogin } from './support/browser';
import { gzippedSize } from './support/bundle-size';
import { startServer, type TestServer } from './support/server';

const LOGIN_JS_BUDGET_BYTES = 170 * 1024;

let server: TestServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

afterEach(async () => {
  await page?.context().close();
});

const pathOf = (p: Page) => new URL(p.url()).pathname;

describe('sign-in journeys', () => {
  it('signs in from /login and lands on the dashboard', async () => {
    page = await newPage(browser);
    await signIn(page, server);

    const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Login successful' });
    await toast.waitFor();
    expect(await toast.textContent()).toContain(`Welcome back, ${server.admin.username}!`);
    expect(pathOf(page)).toBe('/');
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    const username = page.getByTestId('sidebar-username');
    expect(await username.textContent()).toBe(server.admin.username);
    expect(await username.getAttribute('dir')).toBe('auto');
  });

  it('refuses a wrong password and stays on the login screen', async () => {
    page = await newPage(browser);
    await page.goto(`${server.url}/login`);
    await submitLogin(page, server.admin.username, 'not-the-password');

    const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Login failed' });
    await toast.waitFor();
    expect(await toast.textContent()).toContain('Invalid credentials');
    expect(pathOf(page)).toBe('/login');
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(await page.getByTestId('sidebar').count()).toBe(0);
  });

  it('signs out back to the login screen and ends the session', async () => {
    page = await newPage(browser);
    await signIn(page, server);
    await page.getByRole('button', { name: 'Logout' }).click();

    await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
    expect(pathOf(page)).toBe('/login');
    const me = await page.request.get(`${server.url}/api/auth/me`);
    expect(me.status()).toBe(401);

    await page.reload();
    await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
    expect(await page.getByTestId('sidebar').count()).toBe(0);
  });

  it('keeps a deep link through sign-in', async () => {
    page = await newPage(browser);
    await page.goto(`${server.url}/songs`);
    await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
    expect(pathOf(page)).toBe('/songs');

    await submitLogin(page, server.admin.username, server.admin.password);
    await page.getByRole('heading', { name: 'Songs Management', level: 1 }).waitFor();
    expect(pathOf(page)).toBe('/songs');
    expect(await page.getByRole('link', { name: 'Songs' }).getAttribute('aria-current')).toBe('page');
  });

  it(`loads under ${LOGIN_JS_BUDGET_BYTES / 1024} KB of gzipped JavaScript on the login page`, async () => {
    page = await newPage(browser);
    const scripts = new Set<string>();
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (url.origin === server.url && url.pathname.endsWith('.js')) scripts.add(url.pathname);
    });
    await page.goto(`${server.url}/login`);
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await page.waitForLoadState('networkidle');

    const total = [...scripts].reduce((sum, p) => sum + gzippedSize(p), 0);
    console.info(`login page JS: ${scripts.size} files, ${(total / 1024).toFixed(1)} KB gzipped`);
    expect(scripts.size).toBeGreaterThan(0);
    expect(total).toBeLessThan(LOGIN_JS_BUDGET_BYTES);
  });
});
