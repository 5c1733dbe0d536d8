import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api';
import { AUTH_ME_KEY } from './auth-keys';

const MAX_READ_RETRIES = 3;

/** Retries reads up to 3 times, but never a 4xx: the answer would not change. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < MAX_READ_RETRIES;
}

/** Exponential back-off: 1 s, 2 s, 4 s … capped at 30 s. */
export function retryDelay(attemptIndex: number): number {
  return Math.min(1000 * 2 ** attemptIndex, 30_000);
}

/** The app's query client with the spec's defaults; a 401 from any call signs the UI out. */
export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => onUnauthenticated(error, query.queryKey) }),
    mutationCache: new MutationCache({ onError: (error) => onUnauthenticated(error, []) }),
    defaultOptions: {
      queries: { gcTime: 5 * 60 * 1000, retry: shouldRetry, retryDelay },
      mutations: { retry: 0 },
    },
  });
  function onUnauthenticated(error: unknown, key: readonly unknown[]) {
    if (!(error instanceof ApiError) || error.status !== 401 || key[0] === AUTH_ME_KEY[0]) return;
    if (client.getQueryData(AUTH_ME_KEY)) client.setQueryData(AUTH_ME_KEY, null);
  }
  return client;
}
