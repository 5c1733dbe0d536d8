import { type Browser, chromium, type Page } from 'playwright-core';
import type { TestServer } from './server';

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** Debian's Chromium (override with CHROMIUM_PATH). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
}

/** A fresh page in its own context (no cookies shared with other tests), with a 1280x800 window. */
export async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  context.setDefaultTimeout(10_000);
  return context.newPage();
}

/** Fills and submits the login form on the current page. */
export async function submitLogin(page: Page, username: string, password: string): Promise<void> {
  await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * Signs in through the UI, starting at `path` (default /login), and waits for the signed-in layout
 * after the page reload.
 */
export async function signIn(page: Page, server: TestServer, path = '/login'): Promise<void> {
  await page.goto(`${server.url}${path}`);
  await submitLogin(page, server.admin.username, server.admin.password);
  await page.getByTestId('sidebar').waitFor();
}
