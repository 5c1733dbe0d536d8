import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../contract/errors';
import { accessLevels, requireDeclaredAccess } from './http/auth-guard';
import { appUserWithToken } from './testing/app-users';
import { testDialects } from './testing/databases';
import { createTestApp, type TestApp } from './testing/test-app';

/** The only /api routes reachable without credentials. Adding one here is a deliberate decision. */
const PUBLIC_ROUTES = [
  'GET /api/health',
  'GET /api/openapi.json',
  'POST /api/auth/login',
  'POST /api/auth/logout',
  'GET /api/mobile/config',
  'GET /api/mobile/admob/:platform',
  'GET /api/mobile/social',
  'GET /api/mobile/notifications',
  'GET /api/mobile/storage-config',
  'GET /api/banners/active',
  'POST /api/banners/:id/impression',
  'POST /api/banners/:id/click',
  'GET /api/search',
  'GET /api/featured',
  'POST /api/account/refresh',
  'GET /api/songs/:id/audio',
  'POST /api/account/register',
  'POST /api/account/login',
  'POST /api/account/social/:provider',
  'POST /api/account/password-reset',
  'GET /api/songs',
  'GET /api/songs/:id',
  'GET /api/albums',
  'GET /api/albums/:id',
  'GET /api/artists',
  'GET /api/artists/:id',
  'GET /api/genres',
  'GET /api/genres/:id',
];

/** The codes of a refused credential; a public route must never answer with one. */
const AUTH_CODES: string[] = [ErrorCode.unauthenticated, ErrorCode.tokenExpired, ErrorCode.accountSuspended];

describe('access declaration', () => {
  it('refuses to start with an /api route that does not declare its access level', async () => {
    const app: FastifyInstance = Fastify();
    app.addHook('onRoute', requireDeclaredAccess);
    expect(() => app.get('/api/forgotten', async () => 'x')).toThrow(/must declare config.access/);
    expect(() =>
      app.get('/api/typo', { config: { access: 'everyone' as 'public' } }, async () => 'x'),
    ).toThrow(/must declare config.access/);
    // Outside /api (the SPA, media files) nothing is required.
    app.get('/media/x', async () => 'x');
    await app.close();
  });
});

describe.each(testDialects())('every route proves its access level (%s)', (dialect) => {
  let t: TestApp;
  let adminCookie = '';
  const bearer = { valid: '', expired: '', revoked: '', suspended: '', adminSession: '' };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    adminCookie = await t.signIn();
    const db = t.database.db;
    bearer.valid = (await appUserWithToken(db, { username: 'شیرین' })).authorization;
    const expired = await appUserWithToken(db);
    await db
      .updateTable('appUserTokens')
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where('userId', '=', expired.id)
      .execute();
    bearer.expired = expired.authorization;
    const revoked = await appUserWithToken(db);
    await db
      .updateTable('appUserTokens')
      .set({ revokedAt: new Date().toISOString() })
      .where('userId', '=', revoked.id)
      .execute();
    bearer.revoked = revoked.authorization;
    // Suspended through the admin's own screen, which also revokes the user's tokens.
    const suspended = await appUserWithToken(db);
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${suspended.id}`,
      headers: { cookie: adminCookie },
      payload: { isActive: false },
    });
    expect(put.statusCode).toBe(200);
    bearer.suspended = suspended.authorization;
    // The admin's session token presented as a bearer token.
    bearer.adminSession = `Bearer ${adminCookie.split('=')[1]}`;
  });
  afterAll(async () => t?.close());

  const apiRoutes = () => t.app.registeredRoutes.filter((r) => r.url.startsWith('/api'));
  const send = (route: { method: string; url: string }, headers: Record<string, string>) =>
    t.app.inject({
      method: route.method as 'GET',
      url: route.url.replace(/:[A-Za-z]+/g, '1'),
      headers,
      payload: {},
    });
  const name = (route: { method: string; url: string }) => `${route.method} ${route.url}`;

  it('has exactly the reviewed public routes', () => {
    const publicRoutes = apiRoutes()
      .filter((r) => r.access === 'public')
      .map(name);
    expect(publicRoutes.sort()).toEqual([...PUBLIC_ROUTES].sort());
  });

  it('public routes answer without credentials', async () => {
    for (const route of apiRoutes().filter((r) => r.access === 'public')) {
      const res = await send(route, {});
      expect(res.statusCode, name(route)).toBeLessThan(500);
      if (res.statusCode >= 400) expect(AUTH_CODES, name(route)).not.toContain(res.json().code);
    }
  });

  it('app-user routes refuse a missing, expired, revoked or admin credential (401) and a suspended user (403)', async () => {
    const routes = apiRoutes().filter((r) => accessLevels(r.access).includes('appUser'));
    expect(routes.length).toBeGreaterThan(0);
    for (const route of routes) {
      const alsoAdmin = accessLevels(route.access).includes('admin');
      const cases: [string, Record<string, string>, number, string][] = [
        ['missing', {}, 401, ErrorCode.unauthenticated],
        ['malformed', { authorization: 'Bearer' }, 401, ErrorCode.unauthenticated],
        ['other scheme', { authorization: 'Basic YWRtaW46YWRtaW4=' }, 401, ErrorCode.unauthenticated],
        ['unknown', { authorization: `Bearer ${'x'.repeat(43)}` }, 401, ErrorCode.unauthenticated],
        ['expired', { authorization: bearer.expired }, 401, ErrorCode.tokenExpired],
        ['revoked', { authorization: bearer.revoked }, 401, ErrorCode.unauthenticated],
        ['admin session as bearer', { authorization: bearer.adminSession }, 401, ErrorCode.unauthenticated],
        ['suspended', { authorization: bearer.suspended }, 403, ErrorCode.accountSuspended],
      ];
      if (!alsoAdmin) cases.push(['admin cookie', { cookie: adminCookie }, 401, ErrorCode.unauthenticated]);
      for (const [label, headers, status, code] of cases) {
        const res = await send(route, headers);
        expect(res.statusCode, `${name(route)} with ${label} credential`).toBe(status);
        expect(res.json().code, `${name(route)} with ${label} credential`).toBe(code);
      }
      if (route.method === 'GET') {
        const res = await send(route, { authorization: bearer.valid });
        if (res.statusCode >= 400)
          expect(AUTH_CODES, `${name(route)} with a valid token`).not.toContain(res.json().code);
      }
    }
  });

  it('admin routes refuse a missing session and an app-user token (401)', async () => {
    const routes = apiRoutes().filter((r) => accessLevels(r.access).includes('admin'));
    expect(routes.length).toBeGreaterThan(0);
    for (const route of routes) {
      const alsoAppUser = accessLevels(route.access).includes('appUser');
      const res = await send(route, {});
      expect(res.statusCode, name(route)).toBe(401);
      expect(res.json()).toMatchObject({ code: ErrorCode.unauthenticated });
      if (alsoAppUser) continue;
      const asAppUser = await send(route, { authorization: bearer.valid });
      expect(asAppUser.statusCode, `${name(route)} with an app-user token`).toBe(401);
      expect(asAppUser.json()).toMatchObject({ code: ErrorCode.unauthenticated });
    }
  });
});
