// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Toaster } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError } from '../../lib/api';
import { AuthContext, type AuthState } from '../../lib/auth-context';
import { createQueryClient } from '../../lib/query-client';
import LoginScreen from '.';

afterEach(cleanup);

function renderLogin(login: AuthState['login']) {
  const auth: AuthState = { user: null, isAuthenticated: false, isLoading: false, login, logout: vi.fn() };
  render(
    <QueryClientProvider client={createQueryClient()}>
      <AuthContext.Provider value={auth}>
        <LoginScreen />
      </AuthContext.Provider>
      <Toaster />
    </QueryClientProvider>,
  );
}

function fill(username: string, password: string) {
  fireEvent.change(screen.getByLabelText('Username'), { target: { value: username } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
}

describe('LoginScreen', () => {
  it('shows the title, labelled fields and the Sign in button', () => {
    renderLogin(vi.fn());
    expect(screen.getByRole('heading', { name: 'Admin Login' })).toBeTruthy();
    expect(screen.getByLabelText('Username').tagName).toBe('INPUT');
    expect(screen.getByLabelText('Password').getAttribute('type')).toBe('password');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy();
  });

  it('requires both fields before calling the server', () => {
    const login = vi.fn();
    renderLogin(login);
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByText('Username is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(screen.getByLabelText('Username').getAttribute('aria-invalid')).toBe('true');
    expect(login).not.toHaveBeenCalled();

    fill('   ', 'secret');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByText('Username is required')).toBeTruthy();
    expect(screen.queryByText('Password is required')).toBeNull();
    expect(login).not.toHaveBeenCalled();
  });

  it('toggles the password visibility', () => {
    renderLogin(vi.fn());
    const password = screen.getByLabelText('Password');
    fireEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password.getAttribute('type')).toBe('text');
    fireEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password.getAttribute('type')).toBe('password');
  });

  it('is busy while signing in and toasts the server error on failure', async () => {
    let reject: (e: unknown) => void = () => {};
    const login = vi.fn(() => new Promise<never>((_, r) => (reject = r)));
    renderLogin(login);
    fill(' admin ', 'wrong-password');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    const busy = await screen.findByRole('button', { name: 'Signing in...' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    expect(login).toHaveBeenCalledWith({ username: 'admin', password: 'wrong-password' });

    await act(async () => reject(new ApiError(401, 'Unauthorized', { error: 'Invalid credentials' })));
    expect(await screen.findByText('Login failed')).toBeTruthy();
    expect(screen.getByText('Invalid credentials')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy();
  });

  it('toasts a network failure', async () => {
    renderLogin(vi.fn(async () => Promise.reject(new NetworkError(new TypeError('Failed to fetch')))));
    fill('admin', 'password');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Network error. Please try again.')).toBeTruthy();
  });
});
