import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { paths } from '../../../contract/api-client';
import { buildApp } from '../../app';
import { hashToken } from '../../security/tokens';
import { testDialects } from '../../testing/databases';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { typedClient } from '../../testing/typed-client';
import { SIGN_IN_LIMIT } from './sign-in-routes';

type RegisterBody = paths['/api/account/register']['post']['requestBody']['content']['application/json'];

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

  /**
   * The client generated from the OpenAPI document, as the app on one device (its user agent is what the
   * devices list shows), with an access token, the admin's cookie, or neither, from `ip`.
   */
  const api = (options: { auth?: string; cookie?: string; ip?: string } = {}) =>
    typedClient(
      t.app,
      {
        'user-agent': 'NazenkApp/1.0 (Android 14)',
        ...(options.auth ? { authorization: `Bearer ${options.auth}` } : {}),
        ...(options.cookie ? { cookie: options.cookie } : {}),
      },
      { remoteAddress: options.ip ?? '127.0.0.1' },
    );
  const admin = () => api({ cookie: adminCookie });
  const me = (auth: string) => api({ auth }).GET('/api/account/me');
  const login = (body: { email: string; password: string }, ip = nextAddress()) =>
    api({ ip }).POST('/api/account/login', { body });
  const resetPassword = (body: { token: string; password: string }, ip: string) =>
    api({ ip }).POST('/api/account/password-reset', { body });
  const issueReset = (id: number, options: { auth?: string; cookie?: string } = { cookie: adminCookie }) =>
    api(options).POST('/api/users/{id}/password-reset', { params: { path: { id } } });

  let n = 0;
  const register = async (fields: Partial<RegisterBody> = {}, ip = nextAddress()) => {
    const res = await api({ ip }).POST('/api/account/register', {
      body: { email: `Listener${++n}_${dialect}@Example.com`, password: 'long enough pw', ...fields },
    });
    expect(res.response.status, JSON.stringify(res.error)).toBe(201);
    if (!res.data) throw new Error('registration answered no account');
    const { user, tokens } = res.data.data;
    return { user, access: tokens.accessToken, refresh: tokens.refreshToken };
  };

  it('registers with email and password, answering the account and a token pair in the envelope', async () => {
    const res = await api({ ip: nextAddress() }).POST('/api/account/register', {
      body: {
        email: ' Shirin@Example.COM ',
        password: 'correct horse',
        firstName: 'شیرین',
        lastName: 'بلوچ',
      },
    });
    expect(res.response.status).toBe(201);
    const body = res.data;
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
    if (!body) throw new Error('registration answered no account');
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
    expect((await me(accessToken)).data).toMatchObject({
      success: true,
      data: { id: body.data.user.id, email: 'shirin@example.com' },
    });
    // The admin's Users screen lists the new account.
    const list = await admin().GET('/api/users', { params: { query: { q: 'shirin' } } });
    expect(list.data?.map((u) => u.email)).toContain('shirin@example.com');
  });

  it('refuses bad registrations with the error envelope and creates nothing', async () => {
    const ip = nextAddress();
    const taken = await register({}, ip);
    const before = await t.database.db
      .selectFrom('appUsers')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    // Some bodies break the documented shape on purpose: the client sends them as they are.
    const cases: [RegisterBody, number, string][] = [
      [{ email: 'not-an-email', password: 'long enough pw' }, 400, 'VALIDATION_ERROR'],
      [{ email: 'short@example.com', password: 'short' }, 400, 'VALIDATION_ERROR'],
      [{ email: 'x@example.com' } as RegisterBody, 400, 'VALIDATION_ERROR'],
      [
        { email: 'x@example.com', password: 'long enough pw', isPremium: true } as RegisterBody,
        400,
        'VALIDATION_ERROR',
      ],
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
    for (const [body, status, code] of cases) {
      const res = await api({ ip: nextAddress() }).POST('/api/account/register', { body });
      expect(res.response.status, JSON.stringify(body)).toBe(status);
      expect(res.error).toMatchObject({ code, error: expect.any(String) });
      expect(res.error).toHaveProperty('details');
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
    const good = await login({ email: 'NAZENK.login@example.com', password: 'the right one' }, ip);
    expect(good.response.status).toBe(200);
    expect(good.data).toMatchObject({
      success: true,
      data: { user: { id: user.id }, tokens: { tokenType: 'Bearer' } },
    });
    for (const body of [
      { email: 'nazenk.login@example.com', password: 'the wrong one' },
      { email: 'nobody@example.com', password: 'the right one' },
    ]) {
      const res = await login(body, ip);
      expect(res.response.status).toBe(401);
      expect(res.error).toEqual({
        error: 'Invalid email or password',
        code: 'INVALID_CREDENTIALS',
        details: null,
      });
    }
  });

  it('refreshes once: the new pair works, the old access and refresh tokens stop working', async () => {
    const { access, refresh } = await register();
    const refreshWith = (refreshToken: string, ip = nextAddress()) =>
      api({ ip }).POST('/api/account/refresh', { body: { refreshToken } });
    const res = await refreshWith(refresh);
    expect(res.response.status).toBe(200);
    const next = res.data?.data;
    if (!next) throw new Error('refresh answered no tokens');
    expect(next.accessToken).not.toBe(access);
    expect((await me(next.accessToken)).response.status).toBe(200);
    expect((await me(access)).response.status).toBe(401);
    const again = await refreshWith(refresh);
    expect(again.response.status).toBe(401);
    expect(again.error?.code).toBe('UNAUTHENTICATED');
    const expired = await register();
    await t.database.db
      .updateTable('appUserTokens')
      .set({ refreshExpiresAt: new Date(Date.now() - 1).toISOString() })
      .where('userId', '=', expired.user.id)
      .execute();
    expect((await refreshWith(expired.refresh, '127.0.0.1')).response.status).toBe(401);
  });

  it('lists the devices, revokes one, and signs the current one out', async () => {
    const first = await register({ email: 'devices@example.com', password: 'long enough pw' });
    const second = (await login({ email: 'devices@example.com', password: 'long enough pw' })).data?.data
      .tokens.accessToken;
    if (!second) throw new Error('the second sign-in answered no token');
    const list = await api({ auth: first.access }).GET('/api/account/tokens');
    expect(list.response.status).toBe(200);
    const devices = list.data?.data ?? [];
    expect(devices).toHaveLength(2);
    expect(devices.filter((d) => d.current)).toHaveLength(1);
    expect(devices[0]?.userAgent).toBe('NazenkApp/1.0 (Android 14)');
    const other = devices.find((d) => !d.current);
    if (!other) throw new Error('no other device listed');
    const revoke = () =>
      api({ auth: first.access }).DELETE('/api/account/tokens/{id}', { params: { path: { id: other.id } } });
    expect((await revoke()).data).toEqual({ success: true, data: null, message: 'Token revoked' });
    expect((await me(second)).response.status).toBe(401);
    expect((await revoke()).response.status).toBe(404);
    const out = await api({ auth: first.access }).POST('/api/account/logout');
    expect(out.response.status).toBe(200);
    expect((await me(first.access)).response.status).toBe(401);
  });

  it("never lets user A see or revoke user B's devices", async () => {
    const a = await register();
    const b = await register();
    const bDevices = (await api({ auth: b.access }).GET('/api/account/tokens')).data?.data ?? [];
    const aDevices = (await api({ auth: a.access }).GET('/api/account/tokens')).data?.data ?? [];
    const bDevice = bDevices[0];
    if (!bDevice) throw new Error('user B has no device listed');
    expect(aDevices.map((d) => d.id)).not.toContain(bDevice.id);
    const res = await api({ auth: a.access }).DELETE('/api/account/tokens/{id}', {
      params: { path: { id: bDevice.id } },
    });
    expect(res.response.status).toBe(404);
    expect(res.error?.code).toBe('NOT_FOUND');
    expect((await me(b.access)).response.status).toBe(200);
  });

  it('suspension revokes every token at once and refuses sign-in with 403; deletion removes the tokens', async () => {
    const { user, access } = await register({ email: 'suspend@example.com', password: 'long enough pw' });
    const setActive = (isActive: boolean) =>
      admin().PUT('/api/users/{id}', { params: { path: { id: user.id } }, body: { isActive } });
    expect((await setActive(false)).response.status).toBe(200);
    const rows = await t.database.db
      .selectFrom('appUserTokens')
      .select('revokedAt')
      .where('userId', '=', user.id)
      .execute();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.revokedAt !== null)).toBe(true);
    const suspended = await me(access);
    expect(suspended.response.status).toBe(403);
    expect(suspended.error?.code).toBe('ACCOUNT_SUSPENDED');
    const refused = await login({ email: 'suspend@example.com', password: 'long enough pw' });
    expect(refused.response.status).toBe(403);
    // Reactivated, the old token stays revoked: the user signs in again.
    await setActive(true);
    expect((await me(access)).response.status).toBe(401);
    const deleted = await admin().DELETE('/api/users/{id}', { params: { path: { id: user.id } } });
    expect(deleted.response.status).toBe(204);
    const left = await t.database.db
      .selectFrom('appUserTokens')
      .select('id')
      .where('userId', '=', user.id)
      .execute();
    expect(left).toEqual([]);
  });

  it('resets a password with a one-time token issued by the admin', async () => {
    const { user, access } = await register({ email: 'forgot@example.com', password: 'old password' });
    expect((await issueReset(user.id, { auth: access })).response.status).toBe(401);
    const issued = await issueReset(user.id);
    expect(issued.response.status).toBe(201);
    const token = issued.data?.token ?? '';
    const ip = nextAddress();
    expect((await resetPassword({ token, password: 'short' }, ip)).response.status).toBe(400);
    const done = await resetPassword({ token, password: 'new password' }, ip);
    expect(done.response.status).toBe(200);
    expect(done.data).toMatchObject({ success: true, data: null });
    // Every device was signed out; the old password no longer works, the new one does.
    expect((await me(access)).response.status).toBe(401);
    const old = await login({ email: 'forgot@example.com', password: 'old password' }, ip);
    expect(old.response.status).toBe(401);
    const fresh = await login({ email: 'forgot@example.com', password: 'new password' }, ip);
    expect(fresh.response.status).toBe(200);
    const reused = await resetPassword({ token, password: 'third password' }, ip);
    expect(reused.response.status).toBe(410);
    expect(reused.error?.code).toBe('RESET_TOKEN_GONE');
    const unknown = await resetPassword({ token: 'nope', password: 'third password' }, ip);
    expect(unknown.response.status).toBe(400);
    expect((await issueReset(999999)).response.status).toBe(404);
  });

  it('refuses an expired reset token with 410 and an earlier token once a new one is issued', async () => {
    const { user } = await register();
    const first = (await issueReset(user.id)).data?.token ?? '';
    const second = (await issueReset(user.id)).data?.token ?? '';
    expect(first).not.toBe('');
    expect(second).not.toBe('');
    const ip = nextAddress();
    expect((await resetPassword({ token: first, password: 'new password' }, ip)).response.status).toBe(400);
    await t.database.db
      .updateTable('passwordResetTokens')
      .set({ expiresAt: new Date(Date.now() - 1).toISOString() })
      .where('userId', '=', user.id)
      .execute();
    expect((await resetPassword({ token: second, password: 'new password' }, ip)).response.status).toBe(410);
  });

  it('rate-limits sign-in and registration per address with 429 and Retry-After', async () => {
    const ip = nextAddress();
    const attempt = () => login({ email: 'nobody@example.com', password: 'whatever' }, ip);
    for (let i = 0; i < SIGN_IN_LIMIT.max; i++) expect((await attempt()).response.status).toBe(401);
    const limited = await attempt();
    expect(limited.response.status).toBe(429);
    expect(limited.error).toMatchObject({
      code: 'RATE_LIMITED',
      details: { retryAfterSeconds: expect.any(Number) },
    });
    expect(Number(limited.response.headers.get('retry-after'))).toBeGreaterThan(0);
    // Registration from the same address counts in the same group; another address is not affected.
    const reg = await api({ ip }).POST('/api/account/register', {
      body: { email: 'late@example.com', password: 'long enough pw' },
    });
    expect(reg.response.status).toBe(429);
    expect(
      await t.database.db
        .selectFrom('appUsers')
        .select('id')
        .where('email', '=', 'late@example.com')
        .execute(),
    ).toEqual([]);
    expect((await login({ email: 'nobody@example.com', password: 'x' })).response.status).toBe(401);
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
      const attempt = async (app: FastifyInstance) =>
        (
          await typedClient(app, {}, { remoteAddress: '10.9.9.9' }).POST('/api/account/login', {
            body: { email: 'nobody@example.com', password: 'whatever' },
          })
        ).response.status;
      for (let i = 0; i < SIGN_IN_LIMIT.max; i++) {
        expect(await attempt(i % 2 === 0 ? t.app : second)).toBe(401);
      }
      expect(await attempt(t.app)).toBe(429);
      expect(await attempt(second)).toBe(429);
    });
  },
);
