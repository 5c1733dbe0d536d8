import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppUser } from '../src/contract/users';
import type { ApiClient } from './support/api';
import { endJourney, startJourney } from './support/journey';
import { insertListeners } from './support/listeners';
import type { TestServer } from './support/server';

let server: TestServer;
let browser: Browser;
let page: Page;
let api: ApiClient;
let userIds: number[] = [];

beforeAll(async () => {
  ({ server, browser, page, api } = await startJourney());
  const day = 86_400_000;
  const at = (n: number) => new Date(Date.now() - n * day).toISOString();
  ({ userIds } = await insertListeners(server, [
    // Stored with Persian ی and ک; searched below with Arabic ي and ك.
    {
      username: 'karim',
      email: 'karim@example.com',
      firstName: 'کریم',
      lastName: 'بلوچ',
      signupMethod: 'google',
      createdAt: at(5),
    },
    {
      username: 'shay_b',
      email: 'shay@example.org',
      signupMethod: 'apple',
      isPremium: true,
      createdAt: at(4),
    },
    {
      username: 'mahnaz',
      email: 'mahnaz@example.net',
      firstName: 'Mahnaz',
      signupMethod: 'facebook',
      isActive: false,
      createdAt: at(3),
    },
    {
      username: 'old_one',
      email: 'old@example.com',
      firstName: 'Dur',
      lastName: 'Jan',
      signupMethod: 'myspace',
      createdAt: at(2),
    },
  ]));
});

afterAll(() => endJourney({ server, browser }));

const table = () => page.getByRole('table', { name: 'Users' });
const row = (text: string) => table().getByRole('row').filter({ hasText: text });
const bodyRows = () => table().locator('tbody tr');
const toast = (text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });
const total = () => page.getByTestId('total-users');
const user = (i: number) => api.get<AppUser>(`/api/users/${userIds[i]}`);

async function openScreen() {
  await page.goto(`${server.url}/users`);
  await page.getByRole('heading', { name: 'User Management', level: 1 }).waitFor();
  await row('@karim').waitFor();
}

async function choose(select: string, option: string) {
  await page.getByRole('combobox', { name: select }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('users journey', () => {
  it('shows the columns, the display-name rule and the badges', async () => {
    await openScreen();
    const headers = await table().locator('thead th').allTextContents();
    expect(headers).toEqual([
      'User',
      'Email',
      'Signup Method',
      'Account Type',
      'Status',
      'Joined Date',
      'Actions',
    ]);
    await expect.poll(() => total().textContent()).toBe('4');
    const karim = row('@karim');
    expect(await karim.textContent()).toContain('کریم بلوچ');
    expect(await karim.getByText('کریم بلوچ').getAttribute('dir')).toBe('auto');
    expect(await karim.textContent()).toContain('Google');
    expect(await karim.textContent()).toContain('Free');
    expect(await karim.textContent()).toContain('Active');
    // No first or last name: the username is the display name, and its initial the avatar.
    expect(await row('@shay_b').locator('td').first().textContent()).toContain('Sshay_b@shay_b');
    expect(await row('@shay_b').textContent()).toContain('Pro');
    expect(await row('@mahnaz').textContent()).toContain('Suspended');
    // An unknown stored method reads Email.
    expect(await row('@old_one').textContent()).toContain('Email');
    expect(await page.title()).toBe('Users · Nazenk');
  });

  it('searches by name or email and filters with the three selects, Total Users following', async () => {
    await openScreen();
    const search = page.getByRole('searchbox', { name: 'Search users' });
    await search.fill('كريم');
    await expect.poll(() => bodyRows().count()).toBe(1);
    await row('@karim').waitFor();
    await expect.poll(() => total().textContent()).toBe('1');
    await search.fill('example.org');
    await row('@shay_b').waitFor();
    await expect.poll(() => bodyRows().count()).toBe(1);
    await search.fill('');
    await expect.poll(() => bodyRows().count()).toBe(4);

    await choose('Filter by status', 'Suspended');
    await expect.poll(() => total().textContent()).toBe('1');
    await row('@mahnaz').waitFor();
    await choose('Filter by status', 'All Status');
    await choose('Filter by account', 'Pro');
    await expect.poll(() => total().textContent()).toBe('1');
    await row('@shay_b').waitFor();
    await choose('Filter by account', 'All Accounts');
    await choose('Filter by signup method', 'Email');
    await expect.poll(() => total().textContent()).toBe('1');
    await row('@old_one').waitFor();
    await choose('Filter by signup method', 'Apple');
    await row('@shay_b').waitFor();
    await choose('Filter by account', 'Free');
    await table().getByText('No users found matching your criteria').waitFor();
    await expect.poll(() => total().textContent()).toBe('0');
  });

  it('makes Pro, revokes Pro, suspends and activates: kept after a reload and through the API', async () => {
    await openScreen();
    await row('@karim').getByRole('button', { name: 'Make Pro' }).click();
    await toast('User upgraded to Pro').waitFor();
    await row('@karim').getByRole('button', { name: 'Revoke Pro' }).waitFor();
    expect((await user(0)).isPremium).toBe(true);
    await row('@karim').getByRole('button', { name: 'Suspend User' }).click();
    await toast('User suspended').waitFor();
    await row('@karim').getByRole('button', { name: 'Activate User' }).waitFor();
    expect((await user(0)).isActive).toBe(false);

    await page.reload();
    await row('@karim').getByRole('button', { name: 'Revoke Pro' }).waitFor();
    expect(await row('@karim').textContent()).toContain('Suspended');

    await row('@karim').getByRole('button', { name: 'Revoke Pro' }).click();
    await toast('Pro status revoked').waitFor();
    await row('@karim').getByRole('button', { name: 'Activate User' }).click();
    await toast('User activated').waitFor();
    await page.reload();
    await row('@karim').getByRole('button', { name: 'Make Pro' }).waitFor();
    await row('@karim').getByRole('button', { name: 'Suspend User' }).waitFor();
    expect(await user(0)).toMatchObject({ isPremium: false, isActive: true });
  });

  it('says "Failed to update user status" when a toggle fails, and nothing changes', async () => {
    await openScreen();
    await page.route('**/api/users/*', (route) =>
      route.request().method() === 'PUT' ? route.fulfill({ status: 500, body: '' }) : route.fallback(),
    );
    try {
      await row('@mahnaz').getByRole('button', { name: 'Activate User' }).click();
      await toast('Failed to update user status').waitFor();
    } finally {
      await page.unroute('**/api/users/*');
    }
    expect((await user(2)).isActive).toBe(false);
  });

  it('shows "Error loading users" within 2 s with a Retry', async () => {
    let fail = true;
    await page.route('**/api/users?*', (route) =>
      fail ? route.fulfill({ status: 500, body: '' }) : route.fallback(),
    );
    try {
      await page.goto(`${server.url}/users`);
      await page.getByText('Error loading users').waitFor({ timeout: 2_000 });
      fail = false;
      await page.getByRole('button', { name: 'Retry' }).click();
      await row('@karim').waitFor();
    } finally {
      await page.unroute('**/api/users?*');
    }
  });

  it('deletes a user after a confirmation that says it cannot be undone', async () => {
    await openScreen();
    await row('@old_one').getByRole('button', { name: 'Delete Dur Jan' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText('This action cannot be undone.').waitFor();
    await page.route('**/api/users/*', (route) =>
      route.request().method() === 'DELETE' ? route.fulfill({ status: 500, body: '' }) : route.fallback(),
    );
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await toast('Failed to delete user').waitFor();
    await page.unroute('**/api/users/*');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await toast('User deleted successfully').waitFor();
    await confirm.waitFor({ state: 'detached' });
    await expect.poll(() => row('@old_one').count()).toBe(0);
    expect((await api.request('GET', `/api/users/${userIds[3]}`)).status).toBe(404);
    await expect.poll(() => total().textContent()).toBe('3');
  });

  it('fits a 390 px phone: menu button, table scrolling inside its card', async () => {
    await page.setViewportSize({ width: 390, height: 800 });
    try {
      await openScreen();
      await page.getByRole('button', { name: 'Open menu' }).waitFor();
      const widths = await page.evaluate(() => {
        const table = document.querySelector('table[aria-label="Users"]') as HTMLElement;
        const frame = table.parentElement as HTMLElement;
        return {
          page: document.documentElement.scrollWidth,
          frame: frame.clientWidth,
          table: table.scrollWidth,
        };
      });
      expect(widths.page).toBeLessThanOrEqual(390);
      expect(widths.table).toBeGreaterThan(widths.frame);
    } finally {
      await page.setViewportSize({ width: 1280, height: 800 });
    }
  });
});
