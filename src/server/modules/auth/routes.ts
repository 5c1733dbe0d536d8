import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUserSchema, loginBodySchema, loginResponseSchema } from '../../../contract/auth';
import { SESSION_COOKIE } from '../../http/auth-guard';
import { unauthenticated } from '../../http/errors';
import { normaliseUsername } from './admins-repo';
import { DEVICE_COOKIE, DEVICE_COOKIE_MAX_AGE_S, deviceCookies } from './device-cookie';
import { type AuthService, SESSION_MAX_AGE_MS } from './service';

export function authRoutes(auth: AuthService, options: { cookieSecure: boolean; secretKey: string }) {
  const { cookieSecure } = options;
  const devices = deviceCookies(options.secretKey);
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.post(
      '/api/auth/login',
      {
        config: { access: 'public' },
        schema: { tags: ['auth'], body: loginBodySchema, response: { 200: loginResponseSchema } },
      },
      async (request, reply) => {
        const old = request.cookies[SESSION_COOKIE];
        if (old) await auth.logout(old);
        const { token, user } = await auth.login({
          ...request.body,
          ip: request.ip,
          userAgent: request.headers['user-agent']?.slice(0, 512) ?? null,
          device: devices.read(request.cookies[DEVICE_COOKIE]),
        });
        reply.setCookie(DEVICE_COOKIE, devices.issue(normaliseUsername(user.username)), {
          path: '/api/auth',
          httpOnly: true,
          sameSite: 'strict',
          secure: cookieSecure,
          maxAge: DEVICE_COOKIE_MAX_AGE_S,
        });
        reply.setCookie(SESSION_COOKIE, token, {
          path: '/',
          httpOnly: true,
          sameSite: 'lax',
          secure: cookieSecure,
          maxAge: SESSION_MAX_AGE_MS / 1000,
        });
        return { user };
      },
    );

    r.get(
      '/api/auth/me',
      { config: { access: 'admin' }, schema: { tags: ['auth'], response: { 200: currentUserSchema } } },
      async (request) => {
        if (!request.admin) throw unauthenticated();
        return { username: request.admin.username, email: request.admin.email };
      },
    );

    r.post(
      '/api/auth/logout',
      { config: { access: 'public' }, schema: { tags: ['auth'] } },
      async (request, reply) => {
        const token = request.cookies[SESSION_COOKIE];
        if (token) await auth.logout(token);
        reply.clearCookie(SESSION_COOKIE, { path: '/' });
        return { success: true };
      },
    );
  };
}
