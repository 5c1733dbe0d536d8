import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Settings } from '../src/contract/settings';
import { startTestBucket, type TestBucket } from '../src/server/media/testing/s3rver';
import type { ApiClient } from './support/api';
import { endJourney, startJourney } from './support/journey';
import type { TestServer } from './support/server';

let server: TestServer;
let browser: Browser;
let page: Page;
let api: ApiClient;
let bucket: TestBucket;

const SECRETS = {
  firebaseServerKey: 'AAAAfirebase-server-key-9f8e7d6c5b4a',
  twitterApiSecret: 'tw-secret-0a1b2c3d4e5f6a7b8c9d',
  stripeSecretKey: 'sk_live_stripe-secret-kept-51Habc',
} as const;

beforeAll(async () => {
  [{ server, browser, page, api }, bucket] = await Promise.all([
    startJourney(),
    startTestBucket('nazenk-e2e'),
  ]);
});

afterAll(async () => {
  await endJourney({ server, browser });
  await bucket?.close();
});

const toast = (text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });
const field = (name: string) => page.getByLabel(name, { exact: true });
const settings = () => api.get<Settings>('/api/settings');

async function openScreen() {
  await page.goto(`${server.url}/settings`);
  await page.getByRole('heading', { name: 'App Settings', level: 1 }).waitFor();
  await page.getByRole('button', { name: 'Save Changes' }).waitFor();
}

describe('settings journey', () => {
  it('saves typed values, keeps fields without inputs, and never sends a stored secret back', async () => {
    // A key field with no input on this screen, stored beforehand: saving the screen must keep it.
    const before = await settings();
    await api.put('/api/settings', {
      ...before,
      apiKeys: { ...before.apiKeys, stripeSecretKey: SECRETS.stripeSecretKey, paypalClientId: 'پے پال-id' },
    });
    await openScreen();

    await field('Android App ID').fill('ca-app-pub-3940256099942544~3347511713');
    await field('OneSignal App ID').fill('اپ-شناخت-۱۲۳');
    await field('Firebase Server Key').fill(SECRETS.firebaseServerKey);
    expect(await field('Firebase Server Key').getAttribute('type')).toBe('password');
    await page.getByRole('button', { name: 'Show Firebase Server Key' }).click();
    expect(await field('Firebase Server Key').getAttribute('type')).toBe('text');
    expect(await field('Firebase Server Key').inputValue()).toBe(SECRETS.firebaseServerKey);
    await page.getByRole('button', { name: 'Hide Firebase Server Key' }).click();
    await field('Twitter API Secret').fill(SECRETS.twitterApiSecret);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await toast('Settings saved')
      .filter({ hasText: 'Your settings have been updated successfully.' })
      .waitFor();

    // Through the API: values stored, secrets answered masked, the input-less fields untouched.
    const saved = await settings();
    expect(saved.admob.androidAppId).toBe('ca-app-pub-3940256099942544~3347511713');
    expect(saved.apiKeys.oneSignalAppId).toBe('اپ-شناخت-۱۲۳');
    expect(saved.apiKeys.paypalClientId).toBe('پے پال-id');
    expect(saved.apiKeys.firebaseServerKey).toBe('••••••••5b4a');
    expect(saved.apiKeys.stripeSecretKey).toBe('••••••••Habc');
    const mobile = await fetch(`${server.url}/api/mobile/admob/android`).then((r) => r.json());
    expect(JSON.stringify(mobile)).toContain('ca-app-pub-3940256099942544~3347511713');

    // After a reload, neither the page source nor any response holds a stored secret.
    const bodies: string[] = [];
    const pending: Promise<void>[] = [];
    page.on('response', (r) => {
      pending.push(
        r.text().then(
          (t) => void bodies.push(t),
          () => undefined,
        ),
      );
    });
    await page.reload();
    await page.getByRole('button', { name: 'Save Changes' }).waitFor();
    await Promise.all(pending);
    const source = await fetch(`${server.url}/settings`).then((r) => r.text());
    const seen = [await page.content(), source, ...bodies].join('\n');
    expect(bodies.length).toBeGreaterThan(2);
    for (const secret of Object.values(SECRETS)) expect(seen).not.toContain(secret);

    // "Show" on a stored secret reveals only its mask.
    await page.getByRole('button', { name: 'Show Firebase Server Key' }).click();
    expect(await field('Firebase Server Key').inputValue()).toBe('••••••••5b4a');
    // Typing into a stored mask replaces it as a whole.
    await field('Firebase Server Key').press('End');
    await field('Firebase Server Key').pressSequentially('Z');
    expect(await field('Firebase Server Key').inputValue()).toBe('Z');
  });

  it('keeps what was typed when a save fails, and asks before leaving with unsaved changes', async () => {
    await openScreen();
    const tooLong = 'ف'.repeat(4097);
    await field('Facebook App ID').fill(tooLong);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await toast('Failed to save settings. Please try again.').waitFor();
    expect(await field('Facebook App ID').inputValue()).toBe(tooLong);
    expect((await settings()).apiKeys.facebookAppId).toBe('');

    const asked: string[] = [];
    page.once('dialog', (d) => {
      asked.push(d.message());
      void d.dismiss();
    });
    await page.getByRole('link', { name: 'Dashboard' }).first().click();
    await expect.poll(() => asked.length).toBe(1);
    expect(asked[0]).toContain('unsaved changes');
    expect(new URL(page.url()).pathname).toBe('/settings');

    await field('Facebook App ID').fill('فیس-بک-۴۲');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await toast('Settings saved').waitFor();
    expect((await settings()).apiKeys.facebookAppId).toBe('فیس-بک-۴۲');
    // Saved: leaving no longer asks.
    await page.getByRole('link', { name: 'Dashboard' }).first().click();
    await page.waitForURL(`${server.url}/`);
  });

  it("asks before the browser's Back button leaves unsaved changes, and goes back once confirmed", async () => {
    await page.goto(`${server.url}/dashboard`);
    await page.getByRole('link', { name: 'Settings' }).first().click();
    await page.getByRole('button', { name: 'Save Changes' }).waitFor();
    await field('Twitter API Key').fill('توییتر-کلید');

    const asked: string[] = [];
    page.once('dialog', (d) => {
      asked.push(d.message());
      void d.dismiss();
    });
    // The router puts the history entry back (asynchronously) and asks.
    await page.goBack();
    await expect.poll(() => asked.length).toBe(1);
    expect(asked[0]).toContain('unsaved changes');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/settings');
    expect(await field('Twitter API Key').inputValue()).toBe('توییتر-کلید');

    page.once('dialog', (d) => {
      asked.push(d.message());
      void d.accept();
    });
    // The URL flips to /dashboard and back before the question: wait for the answer, then the page.
    await page.goBack();
    await expect.poll(() => asked.length).toBe(2);
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    expect((await settings()).apiKeys.twitterApiKey).not.toBe('توییتر-کلید');
  });

  it('tests the storage connection with the values in the form and names the failing part', async () => {
    await openScreen();
    const s = bucket.settings;
    await field('Access Key').fill(s.accessKeyId);
    await field('Secret Key').fill(s.secretAccessKey);
    await field('Bucket Name').fill(s.bucket);
    await field('Region').fill(s.region);
    await field('Endpoint URL').fill(s.endpoint);
    const result = page.getByTestId('storage-test-result');
    await page.getByRole('button', { name: 'Test connection' }).click();
    await result
      .getByText('Connected: a test file was written to and deleted from the bucket "nazenk-e2e".')
      .waitFor();
    expect(await bucket.keys()).toEqual([]);

    await field('Bucket Name').fill('missing-bucket');
    await page.getByRole('button', { name: 'Test connection' }).click();
    await result.getByText(/^Bucket failed: The bucket "missing-bucket" does not exist/).waitFor();
    await field('Bucket Name').fill(s.bucket);
    await field('Access Key').fill('NOTAKEY');
    await page.getByRole('button', { name: 'Test connection' }).click();
    await result.getByText(/^Credentials failed:/).waitFor();
    // Nothing was saved by testing.
    expect((await settings()).apiKeys.doSpacesBucket).toBe('');
  });
});
