import type { FastifyInstance } from 'fastify';
import { type ApiClient, createApiClient } from '../../contract/api-client';

/**
 * The generated, typed API client (openapi-fetch) talking to `app` in process through `app.inject`,
 * so its answers are checked against the document like every other test's. `headers` are sent with
 * every call (e.g. `{ authorization: 'Bearer …' }` or `{ cookie }`); `remoteAddress` is the caller's
 * address as the server sees it (default 127.0.0.1), for per-address limits.
 */
export function typedClient(
  app: FastifyInstance,
  headers: Record<string, string> = {},
  { remoteAddress }: { remoteAddress?: string } = {},
): ApiClient {
  return createApiClient({
    baseUrl: 'http://localhost',
    headers,
    fetch: async (request: Request) => {
      const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
      const res = await app.inject({
        method: request.method as 'GET',
        url: new URL(request.url).pathname + new URL(request.url).search,
        headers: Object.fromEntries(request.headers),
        ...(remoteAddress ? { remoteAddress } : {}),
        ...(body ? { payload: body } : {}),
      });
      const status = res.statusCode;
      const noBody = status === 204 || status === 304 || request.method === 'HEAD';
      return new Response(noBody ? null : new Uint8Array(res.rawPayload), {
        status,
        headers: Object.entries(res.headers).flatMap(([k, v]) =>
          v === undefined ? [] : (Array.isArray(v) ? v : [String(v)]).map((x): [string, string] => [k, x]),
        ),
      });
    },
  });
}
