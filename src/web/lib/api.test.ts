import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, NetworkError } from './api';

afterEach(() => vi.unstubAllGlobals());

function stubFetch(response: Response | Error) {
  const fetchMock = vi.fn(async () => {
    if (response instanceof Error) throw response;
    return response;
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('api client', () => {
  it('sends JSON same-origin and returns the parsed body', async () => {
    const fetchMock = stubFetch(Response.json({ user: { username: 'admin' } }));
    await expect(api.post('/api/auth/login', { username: 'a', password: 'b' })).resolves.toEqual({
      user: { username: 'admin' },
    });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/auth/login');
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('same-origin');
    expect(init.body).toBe('{"username":"a","password":"b"}');
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('throws ApiError with the envelope of a failed call', async () => {
    stubFetch(
      Response.json(
        { error: 'Invalid credentials', code: 'INVALID_CREDENTIALS', details: null },
        { status: 401, statusText: 'Unauthorized' },
      ),
    );
    const error = await api.get('/api/auth/me').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 401,
      statusText: 'Unauthorized',
      serverMessage: 'Invalid credentials',
      code: 'INVALID_CREDENTIALS',
      message: 'Invalid credentials',
    });
  });

  it('falls back to "API Error: {status text}" without an envelope', async () => {
    stubFetch(new Response('<html>', { status: 502, statusText: 'Bad Gateway' }));
    const error = await api.get('/api/x').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 502, serverMessage: undefined, message: 'API Error: Bad Gateway' });
  });

  it('throws NetworkError when there is no answer', async () => {
    stubFetch(new TypeError('Failed to fetch'));
    await expect(api.get('/api/x')).rejects.toBeInstanceOf(NetworkError);
  });

  it('returns undefined for an empty body', async () => {
    stubFetch(new Response(null, { status: 204 }));
    await expect(api.delete('/api/x/1')).resolves.toBeUndefined();
  });
});
