// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { retryDelay, shouldRetry } from './query-client';
import { useCsvExport, useList, useToggle } from './resource-hooks';
import { INVALIDATES, playlists, songs, sortOptions, users } from './resources';

afterEach(() => vi.unstubAllGlobals());

function wrapperWith(client: QueryClient) {
  return ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
}

describe('useList', () => {
  it('answers the rows of the page and the X-Total-Count total, with the query in the URL', async () => {
    const fetchMock = vi.fn(async () => Response.json([{ id: 7 }], { headers: { 'X-Total-Count': '99' } }));
    vi.stubGlobal('fetch', fetchMock);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const { result } = renderHook(() => useList(users, { q: 'علی', status: 'active', limit: 50 }), {
      wrapper: wrapperWith(client),
    });
    expect(result.current.isLoading).toBe(true);
    await waitFor(() => expect(result.current.isLoading).toBe(false));
    expect(result.current.rows).toEqual([{ id: 7 }]);
    expect(result.current.total).toBe(99);
    expect(fetchMock.mock.calls[0]).toEqual([
      `/api/users?q=${encodeURIComponent('علی')}&status=active&limit=50`,
      expect.anything(),
    ]);
  });

  it('shows the error after the first failed attempt while the retries go on', async () => {
    const fetchMock = vi.fn(async () => new Response('down', { status: 503, statusText: 'Unavailable' }));
    vi.stubGlobal('fetch', fetchMock);
    // The app's own retry rules, with a long first delay so the retry is still pending when we look.
    const client = new QueryClient({
      defaultOptions: { queries: { retry: shouldRetry, retryDelay: (n) => retryDelay(n) * 60 } },
    });
    const { result } = renderHook(() => useList(playlists, { filter: 'hidden' }), {
      wrapper: wrapperWith(client),
    });
    await waitFor(() => expect(result.current.error?.message).toBe('API Error: Unavailable'));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(result.current.isFetching).toBe(true);
    client.clear();
  });
});

describe('useToggle', () => {
  it('PUTs the one field and refetches the groups the table lists for that write', async () => {
    const calls: { url: string; method: string; body: unknown }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        calls.push({
          url,
          method: init.method ?? 'GET',
          body: init.body ? JSON.parse(String(init.body)) : null,
        });
        return init.method === 'PUT'
          ? Response.json({ id: 3 })
          : Response.json([], { headers: { 'X-Total-Count': '0' } });
      }),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = wrapperWith(client);
    const lists = renderHook(() => [useList(playlists, {}), useList(songs, {})], { wrapper });
    await waitFor(() => expect(lists.result.current.every((l) => !l.isLoading)).toBe(true));
    const toggle = renderHook(() => useToggle(users), { wrapper });
    calls.length = 0;
    await act(() => toggle.result.current.mutateAsync({ id: 3, field: 'isActive', value: false }));
    expect(calls[0]).toEqual({ url: '/api/users/3', method: 'PUT', body: { isActive: false } });
    // users → playlists (creator names) is in the table; users → songs is not.
    expect(INVALIDATES.users).toContain('playlists');
    await waitFor(() => expect(calls.map((c) => c.url)).toContain('/api/playlists'));
    expect(calls.map((c) => c.url)).not.toContain('/api/songs');
  });
});

describe('sortOptions', () => {
  it('lists the contract sort values in its order with their labels', () => {
    expect(
      sortOptions(playlists, { newest: 'Newest', oldest: 'Oldest', name: 'Name', songs: 'Most songs' }),
    ).toEqual([
      { value: 'newest', label: 'Newest' },
      { value: 'oldest', label: 'Oldest' },
      { value: 'name', label: 'Name' },
      { value: 'songs', label: 'Most songs' },
    ]);
  });
});

describe('useCsvExport', () => {
  it("GETs the list's export with its search, filters and sort and saves it under the server's name", async () => {
    const fetchMock = vi.fn(
      async (_url: string, _init?: RequestInit) =>
        new Response('\uFEFFID,Title\r\n', {
          headers: {
            'Content-Type': 'text/csv; charset=utf-8',
            'Content-Disposition': `attachment; filename="songs-2026-11-22.csv"; filename*=UTF-8''songs-2026-11-22.csv`,
          },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => undefined }),
    );
    const client = new QueryClient();
    const { result } = renderHook(() => useCsvExport(songs), { wrapper: wrapperWith(client) });
    let saved = '';
    await act(async () => {
      saved = await result.current.mutateAsync({ q: 'لیلا', status: 'draft', sort: 'oldest' });
    });
    expect(saved).toBe('songs-2026-11-22.csv');
    expect(fetchMock.mock.calls[0]?.[0]).toBe(
      `/api/songs/export.csv?q=${encodeURIComponent('لیلا')}&status=draft&sort=oldest`,
    );
  });
});
