import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** How long the app (and any shared cache) may reuse a catalogue answer without asking again. */
export const APP_CACHE_CONTROL = 'public, max-age=30';
const ADMIN_CACHE_CONTROL = 'private, no-store';

/**
 * A route-level onRequest hook of the shared catalogue reads (docs/decisions/0007-shared-catalogue-reads.md): the session cookie picks the audience (a signed-in admin, or the app), resolved before the
 * response cache keys the request by it. The cookie chooses the answer, hence `Vary: Cookie`.
 */
export function resolveAudience(app: FastifyInstance) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    request.admin = await app.guards.admin(request);
    reply.header('Vary', 'Cookie');
    reply.header('Cache-Control', request.admin ? ADMIN_CACHE_CONTROL : APP_CACHE_CONTROL);
  };
}

/** A route-level onRequest hook of public reads that are the same for everyone (mobile config, search). */
export async function publicCacheHeaders(_request: FastifyRequest, reply: FastifyReply): Promise<void> {
  reply.header('Cache-Control', APP_CACHE_CONTROL);
}
