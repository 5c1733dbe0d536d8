import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  currentUserSchema,
  loginBodySchema,
  loginResponseSchema,
  logoutResponseSchema,
} from '../../../contract/auth';
import { SESSION_COOKIE } from '../../http/auth-guard';
import { unauthenticated } from '../../http/errors';
import { errors } from '../../openapi/route-docs';
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
        schema: {
          tags: ['auth'],
          summary: 'Sign in as an administrator',
          description:
            'Sets the HttpOnly session cookie `nazenk_session` that the admin operations need; a session ' +
            'ends on logout or when idle. Repeated failures are throttled.',
          body: loginBodySchema,
          response: {
            200: loginResponseSchema,
            ...errors({
              401: 'Wrong username or password (code INVALID_CREDENTIALS).',
              429: 'Too many failed attempts; try again later.',
            }),
          },
        },
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
      {
        config: { access: 'admin' },
        schema: {
          tags: ['auth'],
          summary: 'The signed-in administrator',
          description: 'Any status other than 200 means not signed in.',
          response: { 200: currentUserSchema },
        },
      },
      async (request) => {
        if (!request.admin) throw unauthenticated();
        return { username: request.admin.username, email: request.admin.email };
      },
    );

    r.post(
      '/api/auth/logout',
      {
        config: { access: 'public' },
        schema: {
          tags: ['auth'],
          summary: 'Sign out',
          description:
            'Ends the session of the cookie sent, if any, and clears the cookie; succeeds when signed out too.',
          response: { 200: logoutResponseSchema },
        },
      },
      async (request, reply) => {
        const token = request.cookies[SESSION_COOKIE];
        if (token) await auth.logout(token);
        reply.clearCookie(SESSION_COOKIE, { path: '/' });
        return { success: true as const };
      },
    );
  };
}
