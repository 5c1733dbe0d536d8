import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from './testing/databases';
import { createTestApp, type TestApp } from './testing/test-app';

describe.each(testDialects())('http basics on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => t.close());

  it('reports health with the database checked', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: dialect });
  });

  it('answers unknown /api paths with a JSON 404, never the web app', async () => {
    const cookie = await t.signIn();
    for (const url of ['/api/nope', '/api/auth/whoami?x=1', '/API/NOPE']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { cookie } });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toContain('application/json');
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND', details: null });
    }
  });

  it('refuses NUL characters and ids past 32 bits with a 400, on every dialect', async () => {
    const cookie = await t.signIn();
    const cases = [
      { method: 'GET', url: '/api/genres?q=a%00b' },
      { method: 'POST', url: '/api/genres', payload: { name: 'Sepad\u0000' } },
      { method: 'GET', url: '/api/genres/2147483648' },
    ] as const;
    for (const c of cases) {
      const res = await t.app.inject({ ...c, headers: { cookie } });
      expect(res.statusCode, c.url).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    }
  });

  it('publishes the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    expect(res.json().paths).toHaveProperty('/api/auth/login');
  });

  it('sets security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
  });
});
