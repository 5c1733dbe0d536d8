import type { FastifyInstance } from 'fastify';

/**
 * API answers are not stored by browsers or proxies unless a route says otherwise: a route that sets its
 * own Cache-Control keeps it; a public read that carries an ETag may be stored but is revalidated
 * (`no-cache`); everything else, settings and admin reads included, is `no-store`.
 */
export function registerNoStoreDefault(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (!request.url.toLowerCase().startsWith('/api') || reply.hasHeader('cache-control')) return payload;
    const publicRead = request.routeOptions.config?.access === 'public' && reply.hasHeader('etag');
    reply.header('cache-control', publicRead ? 'no-cache' : 'no-store');
    return payload;
  });
}
