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
  /** POST one file as multipart (`field`), answering the parsed JSON body. */
  upload: <T = unknown>(
    path: string,
    field: string,
    file: { name: string; type: string; data: Buffer },
  ) => Promise<T>;
  /** Uploads `seconds` of silence as a WAV named `name`, answering its audio URL for a new song. */
  uploadAudio: (name: string, seconds: number) => Promise<string>;
}

/** A valid mono 8 kHz 8-bit PCM WAV of `seconds` of silence: a real audio file for upload fixtures. */
export function silentWav(seconds = 1): Buffer {
  const samples = 8000 * seconds;
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + samples, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16); // fmt chunk size
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(8000, 24); // sample rate
  header.writeUInt32LE(8000, 28); // byte rate
  header.writeUInt16LE(1, 32); // block align
  header.writeUInt16LE(8, 34); // bits per sample
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(samples, 40);
  return Buffer.concat([header, Buffer.alloc(samples, 0x80)]);
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
  async function upload<T>(path: string, field: string, file: { name: string; type: string; data: Buffer }) {
    const form = new FormData();
    form.append(field, new Blob([new Uint8Array(file.data)], { type: file.type }), file.name);
    const response = await fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { Cookie: cookie, Origin: server.url },
      body: form,
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`POST ${path} → ${response.status} ${text}`);
    return JSON.parse(text) as T;
  }
  return {
    request,
    get: (path) => ok('GET', path),
    post: (path, body) => ok('POST', path, body),
    put: (path, body) => ok('PUT', path, body),
    delete: async (path) => (await request('DELETE', path)).status,
    upload,
    uploadAudio: async (name, seconds) =>
      (
        await upload<{ audioUrl: string }>('/api/upload/audio', 'audio', {
          name,
          type: 'audio/wav',
          data: silentWav(seconds),
        })
      ).audioUrl,
  };
}
