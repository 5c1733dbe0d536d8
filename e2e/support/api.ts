import type { TestServer } from './server';

/** A signed-in JSON client of the real API, for creating fixtures and checking state in journeys. */
export interface ApiClient {
  request: <T = unknown>(
    method: string,
    path: string,
    body?: unknown,
  ) => Promise<{ status: number; body: T }>;
  get: <T = unknown>(path: string) => Promise<T>;
  post: <T = unknown>(path: string, body: unknown) => Promise<T>;
  put: <T = unknown>(path: string, body: unknown) => Promise<T>;
  delete: (path: string) => Promise<number>;
}

/** Signs in as the test admin with fetch and returns a client carrying the session cookie. */
export async function apiClient(server: TestServer): Promise<ApiClient> {
  const login = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: server.url },
    body: JSON.stringify(server.admin),
  });
  if (!login.ok) throw new Error(`login failed: ${login.status} ${await login.text()}`);
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');

  async function request<T>(method: string, path: string, body?: unknown) {
    const headers: Record<string, string> = {
      Cookie: cookie,
      Origin: server.url,
      Accept: 'application/json',
    };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers,
      body: body === undefined ? null : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
  }
  async function ok<T>(method: string, path: string, body?: unknown): Promise<T> {
    const result = await request<T>(method, path, body);
    if (result.status >= 400)
      throw new Error(`${method} ${path} → ${result.status} ${JSON.stringify(result.body)}`);
    return result.body;
  }
  return {
    request,
    get: (path) => ok('GET', path),
    post: (path, body) => ok('POST', path, body),
    put: (path, body) => ok('PUT', path, body),
    delete: async (path) => (await request('DELETE', path)).status,
  };
}
