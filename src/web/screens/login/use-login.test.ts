import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../../lib/api';
import { loginErrorMessage } from './use-login';

describe('loginErrorMessage', () => {
  it('uses the server message, else "Invalid credentials"', () => {
    expect(loginErrorMessage(new ApiError(429, 'Too Many Requests', { error: 'Too many attempts' }))).toBe(
      'Too many attempts',
    );
    expect(loginErrorMessage(new ApiError(401, 'Unauthorized', {}))).toBe('Invalid credentials');
    expect(loginErrorMessage(new Error('bad body'))).toBe('Invalid credentials');
  });

  it('names a network failure', () => {
    expect(loginErrorMessage(new NetworkError(new TypeError('Failed to fetch')))).toBe(
      'Network error. Please try again.',
    );
  });
});
