// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthContext, type AuthState } from '../lib/auth-context';
import AppLayout from './app-layout';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderLayout(path: string, overrides: Partial<AuthState> = {}) {
  const auth: AuthState = {
    user: { username: 'نازنک', email: 'admin@example.com' },
    isAuthenticated: true,
    isLoading: false,
    login: vi.fn(),
    logout: vi.fn(async () => {}),
    ...overrides,
  };
  render(
    <AuthContext.Provider value={auth}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route element={<AppLayout />}>
            <Route path="*" element={<h1>Page</h1>} />
          </Route>
        </Routes>
      </MemoryRouter>
    </AuthContext.Provider>,
  );
  return auth;
}

describe('AppLayout sidebar', () => {
  it('lists the menu in the spec order', () => {
    renderLayout('/artists');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const labels = within(nav)
      .getAllByRole('link')
      .map((a) => a.textContent);
    expect(labels).toEqual([
      'Dashboard',
      'Artists',
      'Albums',
      'Songs',
      'Categories',
      'Playlists',
      'Banners',
      'Users',
      'Upload Manager',
      'API Docs',
      'Settings',
      'Audit Log',
    ]);
  });

  it.each([
    ['/', 'Dashboard'],
    ['/dashboard', 'Dashboard'],
    ['/songs', 'Songs'],
    ['/api-docs/', 'API Docs'],
  ])('highlights the item of %s', (path, label) => {
    renderLayout(path);
    const current = screen.getAllByRole('link').filter((a) => a.getAttribute('aria-current') === 'page');
    expect(current.map((a) => a.textContent)).toEqual([label]);
  });

  it('shows the user with dir="auto" and the brand', () => {
    renderLayout('/');
    expect(screen.getByText('نازنک').getAttribute('dir')).toBe('auto');
    expect(screen.getByText('admin@example.com').getAttribute('dir')).toBe('auto');
    expect(screen.getByText('Nazenk')).toBeTruthy();
  });

  it('collapses to a 64px rail whose items name themselves in a tooltip on focus, and expands back', async () => {
    // Radix positions the tooltip with a ResizeObserver, which jsdom lacks.
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    );
    renderLayout('/');
    const sidebar = screen.getByTestId('sidebar');
    expect(sidebar.style.width).toBe('256px');

    fireEvent.click(screen.getByRole('button', { name: 'Collapse sidebar' }));
    expect(sidebar.style.width).toBe('64px');
    expect(screen.queryByText('Nazenk')).toBeNull();
    fireEvent.focus(screen.getByRole('link', { name: 'Songs' }));
    expect((await screen.findByRole('tooltip')).textContent).toBe('Songs');
    fireEvent.blur(screen.getByRole('link', { name: 'Songs' }));

    fireEvent.click(screen.getByRole('button', { name: 'Expand sidebar' }));
    expect(sidebar.style.width).toBe('256px');
    fireEvent.focus(screen.getByRole('link', { name: 'Songs' }));
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('names the screen in document.title', () => {
    renderLayout('/playlists');
    expect(document.title).toBe('Playlists · Nazenk');
  });

  it('logs out from the Logout button', () => {
    const auth = renderLayout('/');
    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(auth.logout).toHaveBeenCalledOnce();
  });
});
