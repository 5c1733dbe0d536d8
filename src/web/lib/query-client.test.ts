import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from './api';
import { AUTH_ME_KEY } from './auth-keys';
import { createQueryClient, retryDelay, shouldRetry } from './query-client';

describe('query client defaults', () => {
  it('retries reads 3 times but never a 4xx', () => {
    const serverError = new ApiError(503, 'Service Unavailable', {});
    expect([0, 1, 2, 3].map((n) => shouldRetry(n, serverError))).toEqual([true, true, true, false]);
    expect(shouldRetry(0, new NetworkError(null))).toBe(true);
    expect(shouldRetry(0, new ApiError(404, 'Not Found', {}))).toBe(false);
    expect(shouldRetry(0, new ApiError(429, 'Too Many Requests', {}))).toBe(false);
  });

  it('backs off exponentially up to 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 10].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });

  it('keeps data 5 minutes and never retries writes', () => {
    const defaults = createQueryClient().getDefaultOptions();
    expect(defaults.queries?.gcTime).toBe(300_000);
    expect(defaults.mutations?.retry).toBe(0);
  });

  it('signs the UI out when a call answers 401', async () => {
    const client = createQueryClient();
    client.setQueryData(AUTH_ME_KEY, { username: 'admin', email: null });
    await client
      .fetchQuery({
        queryKey: ['artists'],
        queryFn: () => Promise.reject(new ApiError(401, 'Unauthorized', {})),
      })
      .catch(() => {});
    expect(client.getQueryData(AUTH_ME_KEY)).toBeNull();
  });
});
