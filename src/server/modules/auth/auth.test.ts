import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isoMinus } from '../../clock';
import { hashPassword } from '../../security/passwords';
import { hashToken } from '../../security/tokens';
import { testDialects } from '../../testing/databases';
import { createTestApp, sessionCookie, TEST_ADMIN, type TestApp } from '../../testing/test-app';
import { adminsRepo } from './admins-repo';

describe.each(testDialects())('admin authentication on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => t.close());

  const login = (payload: unknown, url = '/api/auth/login', headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, payload: payload as object, headers });
  const me = (cookie?: string) =>
    t.app.inject({ method: 'GET', url: '/api/auth/me', headers: cookie ? { cookie } : {} });

  it('signs in, sets a hardened session cookie and answers /me', async () => {
    const res = await login(TEST_ADMIN);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ user: { username: 'admin', email: null } });
    const cookie = res.cookies.find((c) => c.name === 'nazenk_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const who = await me(sessionCookie(res));
    expect(who.statusCode).toBe(200);
    expect(who.json()).toEqual({ username: 'admin', email: null });
  });

  it('stores only hashes of passwords and session tokens', async () => {
    const res = await login(TEST_ADMIN);
    const token = sessionCookie(res).split('=')[1] ?? '';
    const admin = await t.database.db.selectFrom('admins').selectAll().executeTakeFirstOrThrow();
    expect(admin.passwordHash).toMatch(/^scrypt\$/);
    expect(admin.passwordHash).not.toContain(TEST_ADMIN.password);
    const sessions = await t.database.db.selectFrom('adminSessions').select('tokenHash').execute();
    expect(sessions.map((s) => s.tokenHash)).not.toContain(token);
  });

  it('opens a new session at every login and ends the one the browser still held', async () => {
    const first = sessionCookie(await login(TEST_ADMIN));
    const second = sessionCookie(await login(TEST_ADMIN, '/api/auth/login', { cookie: first }));
    expect(second).not.toBe(first);
    expect((await me(first)).statusCode).toBe(401);
    expect((await me(second)).statusCode).toBe(200);
  });

  it('answers 401 with the envelope when signed out', async () => {
    const res = await me();
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'Authentication required', code: 'UNAUTHENTICATED', details: null });
    expect((await me('nazenk_session=forged-token')).statusCode).toBe(401);
  });

  it('logs out: the session no longer works', async () => {
    const cookie = sessionCookie(await login(TEST_ADMIN));
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
    expect(out.statusCode).toBe(200);
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it('expires a session left idle too long', async () => {
    const cookie = sessionCookie(await login(TEST_ADMIN));
    await t.database.db
      .updateTable('adminSessions')
      .set({ lastSeenAt: isoMinus(13 * 3600 * 1000) })
      .execute();
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it('validates the body with the envelope', async () => {
    const missing = await login({ username: 'admin' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ field: 'password' }] });
    const extra = await login({ ...TEST_ADMIN, role: 'root' });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().details[0].field).toContain('role');
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ code: 'INVALID_JSON' });
    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'x'.repeat(3 * 1024 * 1024), password: 'y' }),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
  });

  it('refuses state-changing requests from a foreign origin', async () => {
    const foreign = await login(TEST_ADMIN, '/api/auth/login', { origin: 'https://evil.example' });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toMatchObject({ code: 'FORBIDDEN_ORIGIN' });
    const crossSite = await login(TEST_ADMIN, '/api/auth/login', { 'sec-fetch-site': 'cross-site' });
    expect(crossSite.statusCode).toBe(403);
    const same = await login(TEST_ADMIN, '/api/auth/login', {
      origin: 'http://localhost:80',
      host: 'localhost:80',
    });
    expect(same.statusCode).toBe(200);
  });
});

describe.each(testDialects())('login throttling on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => t.close());

  const attempt = (username: string, password: string, url = '/api/auth/login', ip = '10.0.0.1') =>
    t.app.inject({ method: 'POST', url, payload: { username, password }, remoteAddress: ip });

  it('locks a username at one address after 5 attempts, whatever the case or a trailing slash', async () => {
    const urls = [
      '/api/auth/login',
      '/api/auth/login/',
      '/API/Auth/Login',
      '/api/auth/LOGIN/',
      '/api/auth/login',
    ];
    for (const [i, url] of urls.entries()) {
      const res = await attempt(i % 2 ? 'ADMIN' : ' admin ', 'wrong', url, '10.0.1.1');
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        error: 'Invalid credentials',
        code: 'INVALID_CREDENTIALS',
        details: null,
      });
    }
    const blocked = await attempt('admin', TEST_ADMIN.password, '/api/auth/login', '10.0.1.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ code: 'RATE_LIMITED', details: { retryAfterSeconds: 900 } });
    expect(blocked.headers['retry-after']).toBe('900');
    // The lock is on that address only: the admin elsewhere still signs in.
    expect((await attempt('admin', TEST_ADMIN.password, '/api/auth/login', '10.0.1.2')).statusCode).toBe(200);
  });

  it('locks an address after 20 attempts across usernames', async () => {
    for (let i = 0; i < 20; i++)
      expect((await attempt(`user${i}`, 'nope', undefined, '10.0.2.1')).statusCode).toBe(401);
    const blocked = await attempt('someone', 'nope', undefined, '10.0.2.1');
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await attempt('someone', 'nope', undefined, '10.0.2.2')).statusCode).toBe(401);
  });
});

describe.each(testDialects())('cached session checks on %s', (dialect) => {
  let t: TestApp;
  let clock = new Date('2026-03-01T09:00:00Z');
  beforeAll(async () => {
    t = await createTestApp(dialect, { clock: () => clock });
  });
  afterAll(async () => t.close());

  const me = async (cookie: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } })).statusCode;
  const signedIn = async () => {
    clock = new Date('2026-03-01T09:00:00Z');
    const cookie = await t.signIn();
    expect([await me(cookie), await me(cookie)]).toEqual([200, 200]);
    return cookie;
  };

  it('signs out at once although the session was just checked', async () => {
    const cookie = await signedIn();
    const other = await t.signIn();
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
    expect(await me(cookie)).toBe(401);
    expect(await me(other)).toBe(200);
  });

  it('expires by the clock on the very next request after a cached check', async () => {
    const cookie = await signedIn();
    // The lookup is still cached (it lives on real time); the idle limit is checked on the app's clock.
    clock = new Date(clock.getTime() + 12 * 3600 * 1000 + 1);
    expect(await me(cookie)).toBe(401);
    clock = new Date('2026-03-01T09:00:00Z');
    expect(await me(cookie)).toBe(401);
  });

  it('touches the session at most once a minute and stays signed in while in use', async () => {
    const cookie = await signedIn();
    for (let hour = 1; hour <= 30; hour += 11) {
      clock = new Date(Date.parse('2026-03-01T09:00:00Z') + hour * 3600 * 1000);
      expect(await me(cookie)).toBe(200);
    }
  });

  it('ends every session of an admin whose password is reset', async () => {
    const admins = adminsRepo(t.database.db);
    const credentials = { username: 'rustam', password: 'رستم پاسورڈ 123' };
    await admins.create({
      username: 'rustam',
      email: null,
      passwordHash: await hashPassword(credentials.password),
    });
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: credentials });
    const cookie = sessionCookie(login);
    const other = await signedIn();
    expect([await me(cookie), await me(cookie)]).toEqual([200, 200]);
    expect(await admins.resetPassword('rustam', await hashPassword('نیا پاسورڈ 456'))).toBe(true);
    expect(await me(cookie)).toBe(401);
    expect(await me(other)).toBe(200);
  });

  it('keeps no answer for an unknown token: a session created for it later is found', async () => {
    const cookie = await signedIn();
    const forged = 'nazenk_session=not-yet-a-session';
    expect(await me(forged)).toBe(401);
    const stored = await t.database.db
      .selectFrom('adminSessions')
      .select(['id', 'adminId'])
      .executeTakeFirstOrThrow();
    await t.database.db
      .insertInto('adminSessions')
      .values({
        tokenHash: hashToken('not-yet-a-session'),
        adminId: stored.adminId,
        createdAt: clock.toISOString(),
        lastSeenAt: clock.toISOString(),
        userAgent: null,
        ip: null,
      })
      .execute();
    expect(await me(forged)).toBe(200);
    expect(await me(cookie)).toBe(200);
  });
});
