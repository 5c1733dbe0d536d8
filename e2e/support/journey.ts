import type { Browser, Page } from 'playwright-core';
import { type ApiClient, apiClient } from './api';
import { launchBrowser, newPage, signIn } from './browser';
import { type StartOptions, startServer, type TestServer } from './server';

/** What a journey runs against: the built server on a fresh database, Chromium, and two signed-in clients. */
export interface Journey {
  server: TestServer;
  browser: Browser;
  /** Signed in through the login screen. */
  page: Page;
  /** Signed in with fetch, for fixtures and checks through the real API. */
  api: ApiClient;
}

/** Starts a journey; pass `browser` to share one Chromium between journeys of a file. */
export async function startJourney(options: StartOptions = {}, browser?: Browser): Promise<Journey> {
  const [server, ownBrowser] = await Promise.all([startServer(options), browser ?? launchBrowser()]);
  const api = await apiClient(server);
  const page = await newPage(ownBrowser);
  await signIn(page, server);
  return { server, browser: ownBrowser, page, api };
}

/** Closes what it is given: the page's context, the browser, the server (any may be missing if setup failed). */
export async function endJourney({ server, browser, page }: Partial<Journey>): Promise<void> {
  await page?.context().close();
  await browser?.close();
  await server?.stop();
}
