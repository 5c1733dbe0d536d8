/** The HTTP error of an API call: status, status text and the server's error envelope when present. */
export class ApiError extends Error {
  readonly status: number;
  readonly statusText: string;
  /** The envelope's human message, if the body carried one. */
  readonly serverMessage: string | undefined;
  readonly code: string | undefined;
  readonly details: unknown;

  constructor(
    status: number,
    statusText: string,
    envelope: Partial<Record<'error' | 'code', unknown>> & { details?: unknown },
  ) {
    const serverMessage = typeof envelope.error === 'string' ? envelope.error : undefined;
    super(serverMessage ?? `API Error: ${statusText || status}`);
    this.name = 'ApiError';
    this.status = status;
    this.statusText = statusText;
    this.serverMessage = serverMessage;
    this.code = typeof envelope.code === 'string' ? envelope.code : undefined;
    this.details = envelope.details;
  }
}

/** The request never got an HTTP answer (offline, DNS, connection refused, aborted). */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super('Network error', { cause });
    this.name = 'NetworkError';
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface RequestOptions {
  body?: unknown;
  signal?: AbortSignal;
  /** Read the body as a Blob (a file download) instead of JSON. */
  blob?: boolean;
}

async function readBody(response: Response): Promise<unknown> {
  const type = response.headers.get('content-type') ?? '';
  if (response.status === 204 || !type.includes('json')) return undefined;
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}

/** A parsed body together with the response headers (e.g. X-Total-Count of a list). */
export interface ApiResponse<T> {
  data: T;
  headers: Headers;
}

/** Calls a same-origin JSON endpoint; resolves with the parsed body and headers or throws ApiError/NetworkError. */
export async function requestWithHeaders<T = unknown>(
  method: Method,
  path: string,
  options: RequestOptions = {},
): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const init: RequestInit = { method, headers, credentials: 'same-origin' };
  if (options.signal) init.signal = options.signal;
  if (options.body instanceof FormData) {
    // multipart: the browser sets Content-Type with the boundary
    init.body = options.body;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(options.body);
  }
  let response: Response;
  try {
    response = await fetch(path, init);
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new NetworkError(err);
  }
  const body = options.blob && response.ok ? await response.blob() : await readBody(response);
  if (!response.ok) {
    const envelope = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
    throw new ApiError(response.status, response.statusText, envelope);
  }
  return { data: body as T, headers: response.headers };
}

/** Calls a same-origin JSON endpoint; resolves with the parsed body or throws ApiError/NetworkError. */
export async function request<T = unknown>(
  method: Method,
  path: string,
  options: RequestOptions = {},
): Promise<T> {
  return (await requestWithHeaders<T>(method, path, options)).data;
}

export const api = {
  get: <T = unknown>(path: string, signal?: AbortSignal) => request<T>('GET', path, signal ? { signal } : {}),
  post: <T = unknown>(path: string, body?: unknown) => request<T>('POST', path, { body }),
  put: <T = unknown>(path: string, body?: unknown) => request<T>('PUT', path, { body }),
  patch: <T = unknown>(path: string, body?: unknown) => request<T>('PATCH', path, { body }),
  delete: <T = unknown>(path: string) => request<T>('DELETE', path),
  /** GET returning the body and the response headers. */
  getWithHeaders: <T = unknown>(path: string, signal?: AbortSignal) =>
    requestWithHeaders<T>('GET', path, signal ? { signal } : {}),
  /** POST a multipart form (e.g. an image upload); the body is a FormData. */
  upload: <T = unknown>(path: string, form: FormData) => request<T>('POST', path, { body: form }),
  /** GET a file: the body as a Blob, with the headers (Content-Disposition names it). */
  download: (path: string) => requestWithHeaders<Blob>('GET', path, { blob: true }),
};
