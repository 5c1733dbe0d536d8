import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchList, listSearch } from './list-fetch';

afterEach(() => vi.unstubAllGlobals());

function stubList(rows: unknown[], total: number | null, exact?: 'true' | 'false') {
  const fetchMock = vi.fn(async (_url: string) => {
    const headers: Record<string, string> = {};
    if (total !== null) headers['X-Total-Count'] = String(total);
    if (exact) headers['X-Total-Count-Exact'] = exact;
    return Response.json(rows, { headers });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('listSearch', () => {
  it('drops empty values and encodes the rest', () => {
    expect(listSearch({ limit: 50, offset: 0, q: '', sort: undefined, verified: false, x: null })).toBe(
      '?limit=50&offset=0&verified=false',
    );
    expect(listSearch({ q: 'علی' })).toBe(`?q=${encodeURIComponent('علی')}`);
    expect(listSearch({})).toBe('');
  });
});

describe('fetchList', () => {
  it('reads the rows and the X-Total-Count header', async () => {
    const fetchMock = stubList([{ id: 1 }, { id: 2 }], 1234);
    await expect(fetchList('/api/artists', { limit: 2, offset: 0 })).resolves.toEqual({
      rows: [{ id: 1 }, { id: 2 }],
      total: 1234,
      totalExact: true,
    });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/artists?limit=2&offset=0');
  });

  it('falls back to the row count without the header', async () => {
    stubList([{ id: 1 }], null);
    await expect(fetchList('/api/genres', {})).resolves.toEqual({
      rows: [{ id: 1 }],
      total: 1,
      totalExact: true,
    });
  });

  it('reads a lower-bound total from X-Total-Count-Exact: false', async () => {
    stubList([{ id: 1 }], 10_000, 'false');
    await expect(fetchList('/api/songs', { q: 'وطن' })).resolves.toEqual({
      rows: [{ id: 1 }],
      total: 10_000,
      totalExact: false,
    });
  });
});
