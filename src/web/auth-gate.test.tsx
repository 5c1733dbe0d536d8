// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthGate } from './auth-gate';
import { AuthProvider } from './lib/auth-provider';
import { createQueryClient } from './lib/query-client';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderAt(path: string, me: () => Promise<Response>) {
  vi.stubGlobal('fetch', vi.fn(me));
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <AuthProvider>
          <AuthGate />
        </AuthProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

// A lazy screen's first import is transformed on demand: slow on a loaded machine.
const SCREEN = { timeout: 15_000 };

const signedIn = async () => Response.json({ username: 'admin', email: 'admin@example.com' });

describe('AuthGate', () => {
  it('shows "Loading..." while the session check runs', () => {
    renderAt('/', () => new Promise<Response>(() => {}));
    expect(screen.getByRole('status').textContent).toBe('Loading...');
  });

  it.each([
    ['a 401', async () => Response.json({ error: 'Not signed in' }, { status: 401 })],
    ['a network failure', async () => Promise.reject(new TypeError('Failed to fetch'))],
  ])('shows the login screen on every path after %s', async (_name, me) => {
    renderAt('/songs', me);
    expect(await screen.findByRole('heading', { name: 'Admin Login' }, SCREEN)).toBeTruthy();
  });

  it('shows the requested screen when signed in', async () => {
    renderAt('/songs', signedIn);
    expect(await screen.findByRole('heading', { name: 'Songs Management' }, SCREEN)).toBeTruthy();
    expect(screen.getByText('admin@example.com')).toBeTruthy();
  });

  it('shows the 404 page for an unknown path', async () => {
    renderAt('/no-such-page', signedIn);
    expect(await screen.findByText('Oops! Page not found', {}, SCREEN)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Return to Home' }).getAttribute('href')).toBe('/');
  });

  it('leaves /login for the dashboard when signed in', async () => {
    renderAt('/login', signedIn);
    expect(await screen.findByRole('heading', { name: 'Dashboard' }, SCREEN)).toBeTruthy();
  });
});
