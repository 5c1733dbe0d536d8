import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuthService, SignedInAdmin } from '../modules/auth/service';
import { unauthenticated } from './errors';

export const SESSION_COOKIE = 'nazenk_session';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Reachable without a signed-in admin (login, health, OpenAPI, public mobile reads). */
    public?: boolean;
  }
  interface FastifyRequest {
    admin: SignedInAdmin | null;
  }
}

/** Every /api route needs a signed-in admin unless its route config says `public: true`. */
export function registerAuthGuard(app: FastifyInstance, auth: AuthService): void {
  app.decorateRequest('admin', null);
  app.addHook('onRequest', async (request) => {
    const token = request.cookies[SESSION_COOKIE];
    if (token) request.admin = await auth.resolveSession(token);
    if (isPublic(request)) return;
    if (!request.admin) throw unauthenticated();
  });
}

function isPublic(request: FastifyRequest): boolean {
  const route = request.routeOptions.url;
  // Unmatched URLs fall through to the not-found handler; the SPA and media files are public.
  if (!route?.startsWith('/api')) return true;
  return request.routeOptions.config.public === true;
}
