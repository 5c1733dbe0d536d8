import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { actAs } from '../audit/context';
import { type BearerAuth, bearerToken, invalidToken, type SignedInAppUser } from '../modules/accounts/bearer';
import type { AuthService, SignedInAdmin } from '../modules/auth/service';
import { unauthenticated } from './errors';

export const SESSION_COOKIE = 'nazenk_session';

/** Who may call a route: anyone, a signed-in app user (bearer token) or a signed-in admin (session cookie). */
export type AccessLevel = 'public' | 'appUser' | 'admin';
/** One level, or several signed-in levels any of which is enough (e.g. an app user's own stats, or an admin). */
export type RouteAccess = AccessLevel | readonly Exclude<AccessLevel, 'public'>[];

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Required on every /api route: startup fails on a route that does not say who may call it. */
    access?: RouteAccess;
  }
  interface FastifyRequest {
    /** Set by the guard on admin routes (and by `app.guards.admin` when a route asks for it). */
    admin: SignedInAdmin | null;
    /** Set by the guard on app-user routes. */
    appUser: SignedInAppUser | null;
  }
  interface FastifyInstance {
    guards: Guards;
  }
}

export interface Guards {
  /** The admin of the request's session cookie, or null; looked up once per request. */
  admin(request: FastifyRequest): Promise<SignedInAdmin | null>;
  /** The app user of the request's bearer token; throws 401 (missing, unknown, expired, revoked) or 403 (suspended). */
  appUser(request: FastifyRequest): Promise<SignedInAppUser>;
}

export const accessLevels = (access: RouteAccess): readonly AccessLevel[] =>
  typeof access === 'string' ? [access] : access;

/** Fails at startup when an /api route does not declare its access level. */
export function requireDeclaredAccess(route: RouteOptions): void {
  if (!route.url.startsWith('/api')) return;
  const access = route.config?.access;
  const valid = ['public', 'appUser', 'admin'];
  if (!access || accessLevels(access).length === 0 || !accessLevels(access).every((a) => valid.includes(a))) {
    throw new Error(
      `Route ${String(route.method)} ${route.url} must declare config.access (public, appUser or admin)`,
    );
  }
}

/**
 * Resolves only what a route needs: nothing for public routes, the session cookie for admin routes, the
 * bearer token for app-user routes. Routes outside /api (the SPA, media files) and unmatched URLs pass.
 */
export function registerAuthGuard(app: FastifyInstance, auth: AuthService, bearer: BearerAuth): void {
  const adminOf = new WeakMap<FastifyRequest, Promise<SignedInAdmin | null>>();
  const guards: Guards = {
    admin(request) {
      let found = adminOf.get(request);
      if (!found) {
        const token = request.cookies[SESSION_COOKIE];
        found = token ? auth.resolveSession(token) : Promise.resolve(null);
        adminOf.set(request, found);
      }
      return found;
    },
    async appUser(request) {
      const token = bearerToken(request.headers.authorization);
      if (!token) throw request.headers.authorization ? invalidToken() : unauthenticated();
      return bearer.resolve(token);
    },
  };
  app.decorate('guards', guards);
  app.decorateRequest('admin', null);
  app.decorateRequest('appUser', null);

  app.addHook('onRequest', async (request) => {
    const url = request.routeOptions.url;
    const access = request.routeOptions.config.access;
    if (!url?.startsWith('/api') || !access) return;
    const levels = accessLevels(access);
    if (levels.includes('public')) return;
    // With both levels allowed, a bearer header means the caller is the app.
    if (levels.includes('appUser') && (!levels.includes('admin') || request.headers.authorization)) {
      request.appUser = await guards.appUser(request);
      return;
    }
    request.admin = await guards.admin(request);
    if (!request.admin) throw unauthenticated();
  });

  // The handler (and every write it makes) runs as the signed-in admin, for the audit log. Set this
  // late, just before the handler, so body parsing cannot lose the context.
  app.addHook('preHandler', (request, _reply, done) => {
    const admin = request.admin;
    if (admin) actAs({ id: admin.id, username: admin.username }, done);
    else done();
  });
}
