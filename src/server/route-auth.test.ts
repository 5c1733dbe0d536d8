import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './testing/test-app';

/** The only /api routes reachable without a signed-in admin. Adding one here is a deliberate decision. */
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
];

describe('every admin route demands a session', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(async () => t.close());

  const apiRoutes = () => t.app.registeredRoutes.filter((r) => r.url.startsWith('/api'));

  it('has exactly the reviewed public routes', () => {
    const publicRoutes = apiRoutes()
      .filter((r) => r.public)
      .map((r) => `${r.method} ${r.url}`);
    expect(publicRoutes.sort()).toEqual([...PUBLIC_ROUTES].sort());
  });

  it('answers 401 to every other route without a session', async () => {
    const guarded = apiRoutes().filter((r) => !r.public);
    expect(guarded.length).toBeGreaterThan(0);
    for (const route of guarded) {
      const url = route.url.replace(/:[A-Za-z]+/g, '1');
      const res = await t.app.inject({ method: route.method as 'GET', url, payload: {} });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(res.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
    }
  });
});
