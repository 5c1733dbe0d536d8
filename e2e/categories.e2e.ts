import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from './support/api';
import { endJourney, startJourney } from './support/journey';
import type { TestServer } from './support/server';

let server: TestServer;
let browser: Browser;
let page: Page;
let api: ApiClient;

// Stored with Persian ی (U+06CC); searched below with Arabic ي (U+064A).
const PERSIAN_NAME = 'موسیقی علی';
const ARABIC_QUERY = 'علي';

beforeAll(async () => {
  ({ server, browser, page, api } = await startJourney());
});

afterAll(() => endJourney({ server, browser }));

const cards = () => page.getByTestId('category-card');
const card = (name: string) => cards().filter({ has: page.getByRole('heading', { name, exact: true }) });
const toast = (text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });
const dialog = () => page.getByRole('dialog');

async function openScreen() {
  await page.goto(`${server.url}/categories`);
  await page.getByRole('heading', { name: 'Categories Management', level: 1 }).waitFor();
}

async function search(text: string) {
  await page.getByRole('searchbox', { name: 'Search categories' }).fill(text);
}

describe('categories journey', () => {
  it('shows the empty grid, then validates and creates a category with the default colour', async () => {
    await openScreen();
    await page.getByText('No categories found').waitFor();

    await page.getByRole('button', { name: 'Add Category' }).click();
    await dialog().getByRole('heading', { name: 'Add New Category' }).waitFor();
    expect(await dialog().getByLabel('Color').inputValue()).toBe('#ff6b6b');
    await dialog().getByRole('button', { name: 'Create Category' }).click();
    await dialog().getByText('Category name is required').waitFor();
    expect(await dialog().getByLabel('Name').getAttribute('aria-invalid')).toBe('true');

    await dialog().getByLabel('Name').fill(PERSIAN_NAME);
    await dialog().getByLabel('Description').fill('آوازانی بلوچی — folk songs of Makran');
    await dialog().getByRole('button', { name: 'Create Category' }).click();
    await toast('Category created successfully').waitFor();
    await dialog().waitFor({ state: 'detached' });

    const created = card(PERSIAN_NAME);
    await created.waitFor();
    expect(await created.getByRole('heading').getAttribute('dir')).toBe('auto');
    expect(await created.textContent()).toContain('#FF6B6B');
    expect(await created.textContent()).toContain('Active');
  });

  it('shows #8B5CF6 for a genre stored without a colour, and an inactive one as Inactive', async () => {
    await api.post('/api/genres', { name: 'Brahui Classics', description: 'Old recordings', color: null });
    await api.post('/api/genres', { name: 'Sepat', isActive: false });
    await openScreen();
    await card('Brahui Classics').waitFor();
    expect(await card('Brahui Classics').textContent()).toContain('#8B5CF6');
    expect(await card('Sepat').textContent()).toContain('Inactive');
  });

  it('searches on the server by name or description, folding Arabic ي to Persian ی', async () => {
    await openScreen();
    await card('Sepat').waitFor();

    await search(ARABIC_QUERY);
    await expect.poll(() => cards().count()).toBe(1);
    await card(PERSIAN_NAME).waitFor();

    await search('recordings');
    await card('Brahui Classics').waitFor();
    await expect.poll(() => cards().count()).toBe(1);

    await search('nothing like this');
    await page.getByText('No categories found').waitFor();

    await search('');
    await expect.poll(() => cards().count()).toBe(3);
  });

  it('edits a category, keeping the values the user typed when the save fails', async () => {
    await openScreen();
    await card(PERSIAN_NAME)
      .getByRole('button', { name: `Edit ${PERSIAN_NAME}` })
      .click();
    await dialog().getByRole('heading', { name: 'Edit Category' }).waitFor();
    expect(await dialog().getByLabel('Name').inputValue()).toBe(PERSIAN_NAME);

    await page.route('**/api/genres/*', (route) =>
      route.request().method() === 'PUT'
        ? route.fulfill({ status: 500, json: { error: 'Database unavailable', code: 'INTERNAL_ERROR' } })
        : route.fallback(),
    );
    await dialog().getByLabel('Name').fill('سازی علی');
    await dialog().getByLabel('Color').fill('#123456');
    await dialog().getByRole('button', { name: 'Update Category' }).click();
    await toast('Failed to save category').waitFor();
    expect(await toast('Failed to save category').textContent()).toContain('Database unavailable');
    expect(await dialog().getByLabel('Name').inputValue()).toBe('سازی علی');
    expect(await dialog().getByLabel('Color').inputValue()).toBe('#123456');
    await page.unroute('**/api/genres/*');

    await dialog().getByRole('switch', { name: 'Active' }).click();
    await dialog().getByRole('button', { name: 'Update Category' }).click();
    await toast('Category updated successfully').waitFor();
    const edited = card('سازی علی');
    await edited.waitFor();
    expect(await edited.textContent()).toContain('#123456');
    expect(await edited.textContent()).toContain('Inactive');
  });

  it('keeps a new category form filled in when the create fails', async () => {
    await openScreen();
    await page.route('**/api/genres', (route) =>
      route.request().method() === 'POST' ? route.fulfill({ status: 500, body: '' }) : route.fallback(),
    );
    await page.getByRole('button', { name: 'Add Category' }).click();
    await dialog().getByLabel('Name').fill('Zahirok');
    await dialog().getByLabel('Description').fill('Songs of longing');
    await dialog().getByRole('button', { name: 'Create Category' }).click();
    await toast('Failed to save category').waitFor();
    expect(await dialog().getByLabel('Name').inputValue()).toBe('Zahirok');
    expect(await dialog().getByLabel('Description').inputValue()).toBe('Songs of longing');
    await page.unroute('**/api/genres');
    await dialog().getByRole('button', { name: 'Cancel' }).click();
    await dialog().waitFor({ state: 'detached' });
  });

  it('deletes after confirmation, and reports a failed delete', async () => {
    await openScreen();
    await card('Sepat').getByRole('button', { name: 'Delete Sepat' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText('Are you sure you want to delete').waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    await card('Sepat').waitFor();

    await page.route('**/api/genres/*', (route) =>
      route.request().method() === 'DELETE' ? route.fulfill({ status: 500, body: '' }) : route.fallback(),
    );
    await card('Sepat').getByRole('button', { name: 'Delete Sepat' }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await toast('Failed to delete genre').waitFor();
    await page.unroute('**/api/genres/*');

    await confirm.getByRole('button', { name: 'Delete' }).click();
    await toast('Category deleted successfully').waitFor();
    await confirm.waitFor({ state: 'detached' });
    await expect.poll(() => card('Sepat').count()).toBe(0);
    const left = await api.request<unknown[]>('GET', '/api/genres?q=Sepat');
    expect(left.body).toEqual([]);
  });

  it('pages through many categories on the server', async () => {
    for (let i = 1; i <= 30; i++) {
      await api.post('/api/genres', { name: `Genre ${String(i).padStart(2, '0')}` });
    }
    await openScreen();
    await page.getByText('Showing 1–24 of 32 categories').waitFor();
    await expect.poll(() => cards().count()).toBe(24);
    await page.getByRole('button', { name: 'Next page' }).click();
    await page.getByText('Showing 25–32 of 32 categories').waitFor();
    await expect.poll(() => cards().count()).toBe(8);
  });

  it('shows "Error loading categories" when the list fails', async () => {
    await page.route('**/api/genres?*', (route) => route.fulfill({ status: 400, body: '' }));
    await openScreen();
    await page.getByText('Error loading categories').waitFor();
    await page.unroute('**/api/genres?*');
  });
});
