import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { hashToken } from '../../security/tokens';
import { testDialects } from '../../testing/databases';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { SIGN_IN_LIMIT } from './sign-in-routes';

let address = 0;
/** Each test comes from its own client address, so the per-address sign-in limit never couples tests. */
const nextAddress = () => `10.1.${Math.floor(++address / 250)}.${(address % 250) + 1}`;

describe.each(testDialects())('app-user accounts on %s', (dialect) => {
  let t: TestApp;
  let adminCookie = '';
  beforeAll(async () => {
    t = await createTestApp(dialect);
    adminCookie = await t.signIn();
  });
  afterAll(async () => t?.close());

  const send = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    options: { payload?: object; auth?: string; ip?: string; cookie?: string } = {},
  ): Promise<LightMyRequestResponse> =>
    t.app.inject({
      method,
      url,
      remoteAddress: options.ip ?? '127.0.0.1',
      headers: {
        ...(options.auth ? { authorization: `Bearer ${options.auth}` } : {}),
        ...(options.cookie ? { cookie: options.cookie } : {}),
        'user-agent': 'NazenkApp/1.0 (Android 14)',
      },
      ...(options.payload ? { payload: options.payload } : {}),
    });

  let n = 0;
  const register = async (fields: Record<string, unknown> = {}, ip = nextAddress()) => {
    const res = await send('POST', '/api/account/register', {
      ip,
      payload: { email: `Listener${++n}_${dialect}@Example.com`, password: 'long enough pw', ...fields },
    });
    expect(res.statusCode, res.body).toBe(201);
    const data = res.json().data;
    return {
      user: data.user,
      access: data.tokens.accessToken as string,
      refresh: data.tokens.refreshToken as string,
    };
  };

  it('registers with email and password, answering the account and a token pair in the envelope', async () => {
    const res = await send('POST', '/api/account/register', {
      ip: nextAddress(),
      payload: {
        email: ' Shirin@Example.COM ',
        password: 'correct horse',
        firstName: 'شیرین',
        lastName: 'بلوچ',
      },
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      success: true,
      message: 'Account created',
      data: {
        user: {
          email: 'shirin@example.com',
          username: 'shirin',
          firstName: 'شیرین',
          lastName: 'بلوچ',
          signupMethod: 'email',
          isPremium: false,
          isActive: true,
        },
        tokens: { tokenType: 'Bearer' },
      },
    });
    const { accessToken, refreshToken, expiresAt, refreshExpiresAt } = body.data.tokens;
    expect(accessToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(refreshToken).not.toBe(accessToken);
    expect(Date.parse(expiresAt)).toBeLessThan(Date.parse(refreshExpiresAt));
    // Only hashes are stored.
    const row = await t.database.db
      .selectFrom('appUserTokens')
      .selectAll()
      .where('userId', '=', body.data.user.id)
      .executeTakeFirstOrThrow();
    expect(row.tokenHash).toBe(hashToken(accessToken));
    expect(JSON.stringify(row)).not.toContain(accessToken);
    const me = await send('GET', '/api/account/me', { auth: accessToken });
    expect(me.json()).toMatchObject({
      success: true,
      data: { id: body.data.user.id, email: 'shirin@example.com' },
    });
    // The admin's Users screen lists the new account.
    const list = await send('GET', '/api/users?q=shirin', { cookie: adminCookie });
    expect(list.json().map((u: { email: string }) => u.email)).toContain('shirin@example.com');
  });

  it('refuses bad registrations with the error envelope and creates nothing', async () => {
    const ip = nextAddress();
    const taken = await register({}, ip);
    const before = await t.database.db
      .selectFrom('appUsers')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    const cases: [object, number, string][] = [
      [{ email: 'not-an-email', password: 'long enough pw' }, 400, 'VALIDATION_ERROR'],
      [{ email: 'short@example.com', password: 'short' }, 400, 'VALIDATION_ERROR'],
      [{ email: 'x@example.com' }, 400, 'VALIDATION_ERROR'],
      [{ email: 'x@example.com', password: 'long enough pw', isPremium: true }, 400, 'VALIDATION_ERROR'],
      [
        { email: 'x@example.com', password: 'long enough pw', username: 'a b<script>' },
        400,
        'VALIDATION_ERROR',
      ],
      [{ email: taken.user.email.toUpperCase(), password: 'long enough pw' }, 409, 'CONFLICT'],
      [
        { email: 'other@example.com', password: 'long enough pw', username: taken.user.username },
        409,
        'CONFLICT',
      ],
    ];
    for (const [payload, status, code] of cases) {
      const res = await send('POST', '/api/account/register', { ip: nextAddress(), payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      expect(res.json()).toMatchObject({ code, error: expect.any(String) });
      expect(res.json()).toHaveProperty('details');
    }
    const after = await t.database.db
      .selectFrom('appUsers')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('signs in with email and password; a wrong password or unknown email is 401', async () => {
    const { user } = await register({ email: 'nazenk.login@example.com', password: 'the right one' });
    const ip = nextAddress();
    const good = await send('POST', '/api/account/login', {
      ip,
      payload: { email: 'NAZENK.login@example.com', password: 'the right one' },
    });
    expect(good.statusCode).toBe(200);
    expect(good.json()).toMatchObject({
      success: true,
      data: { user: { id: user.id }, tokens: { tokenType: 'Bearer' } },
    });
    for (const payload of [
      { email: 'nazenk.login@example.com', password: 'the wrong one' },
      { email: 'nobody@example.com', password: 'the right one' },
    ]) {
      const res = await send('POST', '/api/account/login', { ip, payload });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        error: 'Invalid email or password',
        code: 'INVALID_CREDENTIALS',
        details: null,
      });
    }
  });

  it('refreshes once: the new pair works, the old access and refresh tokens stop working', async () => {
    const { access, refresh } = await register();
    const res = await send('POST', '/api/account/refresh', {
      ip: nextAddress(),
      payload: { refreshToken: refresh },
    });
    expect(res.statusCode).toBe(200);
    const next = res.json().data;
    expect(next.accessToken).not.toBe(access);
    expect((await send('GET', '/api/account/me', { auth: next.accessToken })).statusCode).toBe(200);
    expect((await send('GET', '/api/account/me', { auth: access })).statusCode).toBe(401);
    const again = await send('POST', '/api/account/refresh', {
      ip: nextAddress(),
      payload: { refreshToken: refresh },
    });
    expect(again.statusCode).toBe(401);
    expect(again.json().code).toBe('UNAUTHENTICATED');
    const expired = await register();
    await t.database.db
      .updateTable('appUserTokens')
      .set({ refreshExpiresAt: new Date(Date.now() - 1).toISOString() })
      .where('userId', '=', expired.user.id)
      .execute();
    const late = await send('POST', '/api/account/refresh', { payload: { refreshToken: expired.refresh } });
    expect(late.statusCode).toBe(401);
  });

  it('lists the devices, revokes one, and signs the current one out', async () => {
    const first = await register({ email: 'devices@example.com', password: 'long enough pw' });
    const second = (
      await send('POST', '/api/account/login', {
        ip: nextAddress(),
        payload: { email: 'devices@example.com', password: 'long enough pw' },
      })
    ).json().data.tokens.accessToken as string;
    const list = await send('GET', '/api/account/tokens', { auth: first.access });
    expect(list.statusCode).toBe(200);
    const devices = list.json().data as { id: number; current: boolean; userAgent: string }[];
    expect(devices).toHaveLength(2);
    expect(devices.filter((d) => d.current)).toHaveLength(1);
    expect(devices[0]?.userAgent).toBe('NazenkApp/1.0 (Android 14)');
    const other = devices.find((d) => !d.current);
    const revoked = await send('DELETE', `/api/account/tokens/${other?.id}`, { auth: first.access });
    expect(revoked.json()).toEqual({ success: true, data: null, message: 'Token revoked' });
    expect((await send('GET', '/api/account/me', { auth: second })).statusCode).toBe(401);
    expect(
      (await send('DELETE', `/api/account/tokens/${other?.id}`, { auth: first.access })).statusCode,
    ).toBe(404);
    const out = await send('POST', '/api/account/logout', { auth: first.access });
    expect(out.statusCode).toBe(200);
    expect((await send('GET', '/api/account/me', { auth: first.access })).statusCode).toBe(401);
  });

  it("never lets user A see or revoke user B's devices", async () => {
    const a = await register();
    const b = await register();
    const bDevices = (await send('GET', '/api/account/tokens', { auth: b.access })).json().data as {
      id: number;
    }[];
    const aDevices = (await send('GET', '/api/account/tokens', { auth: a.access })).json().data as {
      id: number;
    }[];
    expect(aDevices.map((d) => d.id)).not.toContain(bDevices[0]?.id);
    const res = await send('DELETE', `/api/account/tokens/${bDevices[0]?.id}`, { auth: a.access });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NOT_FOUND');
    expect((await send('GET', '/api/account/me', { auth: b.access })).statusCode).toBe(200);
  });

  it('suspension revokes every token at once and refuses sign-in with 403; deletion removes the tokens', async () => {
    const { user, access } = await register({ email: 'suspend@example.com', password: 'long enough pw' });
    const put = await send('PUT', `/api/users/${user.id}`, {
      cookie: adminCookie,
      payload: { isActive: false },
    });
    expect(put.statusCode).toBe(200);
    const rows = await t.database.db
      .selectFrom('appUserTokens')
      .select('revokedAt')
      .where('userId', '=', user.id)
      .execute();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.revokedAt !== null)).toBe(true);
    const me = await send('GET', '/api/account/me', { auth: access });
    expect(me.statusCode).toBe(403);
    expect(me.json().code).toBe('ACCOUNT_SUSPENDED');
    const login = await send('POST', '/api/account/login', {
      ip: nextAddress(),
      payload: { email: 'suspend@example.com', password: 'long enough pw' },
    });
    expect(login.statusCode).toBe(403);
    // Reactivated, the old token stays revoked: the user signs in again.
    await send('PUT', `/api/users/${user.id}`, { cookie: adminCookie, payload: { isActive: true } });
    expect((await send('GET', '/api/account/me', { auth: access })).statusCode).toBe(401);
    expect((await send('DELETE', `/api/users/${user.id}`, { cookie: adminCookie })).statusCode).toBe(204);
    const left = await t.database.db
      .selectFrom('appUserTokens')
      .select('id')
      .where('userId', '=', user.id)
      .execute();
    expect(left).toEqual([]);
  });

  it('resets a password with a one-time token issued by the admin', async () => {
    const { user, access } = await register({ email: 'forgot@example.com', password: 'old password' });
    expect((await send('POST', `/api/users/${user.id}/password-reset`, { auth: access })).statusCode).toBe(
      401,
    );
    const issued = await send('POST', `/api/users/${user.id}/password-reset`, { cookie: adminCookie });
    expect(issued.statusCode).toBe(201);
    const { token } = issued.json();
    const ip = nextAddress();
    const weak = await send('POST', '/api/account/password-reset', {
      ip,
      payload: { token, password: 'short' },
    });
    expect(weak.statusCode).toBe(400);
    const done = await send('POST', '/api/account/password-reset', {
      ip,
      payload: { token, password: 'new password' },
    });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ success: true, data: null });
    // Every device was signed out; the old password no longer works, the new one does.
    expect((await send('GET', '/api/account/me', { auth: access })).statusCode).toBe(401);
    const old = await send('POST', '/api/account/login', {
      ip,
      payload: { email: 'forgot@example.com', password: 'old password' },
    });
    expect(old.statusCode).toBe(401);
    const fresh = await send('POST', '/api/account/login', {
      ip,
      payload: { email: 'forgot@example.com', password: 'new password' },
    });
    expect(fresh.statusCode).toBe(200);
    const reused = await send('POST', '/api/account/password-reset', {
      ip,
      payload: { token, password: 'third password' },
    });
    expect(reused.statusCode).toBe(410);
    expect(reused.json().code).toBe('RESET_TOKEN_GONE');
    const unknown = await send('POST', '/api/account/password-reset', {
      ip,
      payload: { token: 'nope', password: 'third password' },
    });
    expect(unknown.statusCode).toBe(400);
    expect((await send('POST', '/api/users/999999/password-reset', { cookie: adminCookie })).statusCode).toBe(
      404,
    );
  });

  it('refuses an expired reset token with 410 and an earlier token once a new one is issued', async () => {
    const { user } = await register();
    const first = (await send('POST', `/api/users/${user.id}/password-reset`, { cookie: adminCookie })).json()
      .token;
    const second = (
      await send('POST', `/api/users/${user.id}/password-reset`, { cookie: adminCookie })
    ).json().token;
    const ip = nextAddress();
    expect(
      (
        await send('POST', '/api/account/password-reset', {
          ip,
          payload: { token: first, password: 'new password' },
        })
      ).statusCode,
    ).toBe(400);
    await t.database.db
      .updateTable('passwordResetTokens')
      .set({ expiresAt: new Date(Date.now() - 1).toISOString() })
      .where('userId', '=', user.id)
      .execute();
    const late = await send('POST', '/api/account/password-reset', {
      ip,
      payload: { token: second, password: 'new password' },
    });
    expect(late.statusCode).toBe(410);
  });

  it('rate-limits sign-in and registration per address with 429 and Retry-After', async () => {
    const ip = nextAddress();
    const attempt = () =>
      send('POST', '/api/account/login', {
        ip,
        payload: { email: 'nobody@example.com', password: 'whatever' },
      });
    for (let i = 0; i < SIGN_IN_LIMIT.max; i++) expect((await attempt()).statusCode).toBe(401);
    const limited = await attempt();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({
      code: 'RATE_LIMITED',
      details: { retryAfterSeconds: expect.any(Number) },
    });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Registration from the same address counts in the same group; another address is not affected.
    const reg = await send('POST', '/api/account/register', {
      ip,
      payload: { email: 'late@example.com', password: 'long enough pw' },
    });
    expect(reg.statusCode).toBe(429);
    expect(
      await t.database.db
        .selectFrom('appUsers')
        .select('id')
        .where('email', '=', 'late@example.com')
        .execute(),
    ).toEqual([]);
    expect(
      (
        await send('POST', '/api/account/login', {
          ip: nextAddress(),
          payload: { email: 'nobody@example.com', password: 'x' },
        })
      ).statusCode,
    ).toBe(401);
  });
});

describe.each(testDialects())(
  'the sign-in limit is shared by every process on one database (%s)',
  (dialect) => {
    let t: TestApp;
    let second: FastifyInstance;
    beforeAll(async () => {
      t = await createTestApp(dialect);
      // A second server process: its own app, the same database.
      second = await buildApp({
        database: t.database,
        config: { cookieSecure: false, publicUrl: undefined, secretKey: 'x'.repeat(48), dataDir: t.dataDir },
      });
      await second.ready();
    });
    afterAll(async () => {
      await second?.close();
      await t?.close();
    });

    it('counts attempts made on either app together', async () => {
      const attempt = (app: FastifyInstance) =>
        app.inject({
          method: 'POST',
          url: '/api/account/login',
          remoteAddress: '10.9.9.9',
          payload: { email: 'nobody@example.com', password: 'whatever' },
        });
      for (let i = 0; i < SIGN_IN_LIMIT.max; i++) {
        expect((await attempt(i % 2 === 0 ? t.app : second)).statusCode).toBe(401);
      }
      expect((await attempt(t.app)).statusCode).toBe(429);
      expect((await attempt(second)).statusCode).toBe(429);
    });
  },
);
