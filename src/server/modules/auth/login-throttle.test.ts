import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { verifyPassword } from '../../security/passwords';
import { testDialects } from '../../testing/databases';
import { createTestApp, TEST_ADMIN, type TestApp } from '../../testing/test-app';
import { DEVICE_COOKIE } from './device-cookie';
import { LOGIN_POLICIES, loginThrottle } from './login-throttle';

// Counts how many sign-in attempts reach the slow password hash.
vi.mock('../../security/passwords', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../security/passwords')>();
  return { ...actual, verifyPassword: vi.fn(actual.verifyPassword) };
});
const hashCalls = () => vi.mocked(verifyPassword).mock.calls.length;

describe.each(testDialects())('login throttling under concurrency on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => t.close());
  beforeEach(async () => {
    await t.database.db.deleteFrom('loginThrottle').execute();
    vi.mocked(verifyPassword).mockClear();
    // A still clock, so the growing delay cannot elapse while a burst runs on a slow machine.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const attempt = (password: string, ip: string, cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: TEST_ADMIN.username, password },
      remoteAddress: ip,
      ...(cookie ? { headers: { cookie } } : {}),
    });
  const burst = (n: number, ip: (i: number) => string) =>
    Promise.all(Array.from({ length: n }, (_, i) => attempt(`wrong-${i}`, ip(i))));

  it('lets at most the per-address limit of 100 parallel wrong passwords reach the hash', async () => {
    const answers = await burst(100, () => '10.1.0.1');
    expect(hashCalls()).toBeLessThanOrEqual(LOGIN_POLICIES.userAtAddress.free);
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(hashCalls());
    expect(statuses.filter((s) => s === 429)).toHaveLength(100 - hashCalls());
    for (const r of answers.filter((a) => a.statusCode === 429)) {
      expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect((await attempt(TEST_ADMIN.password, '10.1.0.1')).statusCode).toBe(429);
  });

  it('lets at most the per-username limit through when 100 addresses attack at once', async () => {
    const answers = await burst(100, (i) => `10.2.${i}.1`);
    expect(hashCalls()).toBeLessThanOrEqual(LOGIN_POLICIES.user.free);
    expect(answers.filter((r) => r.statusCode === 429).every((r) => r.headers['retry-after'])).toBe(true);
  });

  it('signs in the right password from a device cookie during an attack', async () => {
    const first = await attempt(TEST_ADMIN.password, '10.3.0.1');
    expect(first.statusCode).toBe(200);
    const device = first.cookies.find((c) => c.name === DEVICE_COOKIE);
    expect(device).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth' });
    const attack = burst(100, (i) => `10.4.${i}.1`);
    const [answers, mine] = await Promise.all([
      attack,
      attempt(TEST_ADMIN.password, '10.3.0.1', `${DEVICE_COOKIE}=${device?.value}`),
    ]);
    expect(answers.some((r) => r.statusCode === 429)).toBe(true);
    expect(mine.statusCode).toBe(200);
    // Without the cookie, the same browser is slowed down like everyone else.
    const stranger = await attempt(TEST_ADMIN.password, '10.3.0.1');
    expect(stranger.statusCode).toBe(429);
    expect(Number(stranger.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('ignores a forged or foreign device cookie', async () => {
    await burst(20, (i) => `10.5.${i}.1`);
    const forged = await attempt(TEST_ADMIN.password, '10.5.0.9', `${DEVICE_COOKIE}=YWRtaW4.bm9uY2U.c2ln`);
    expect(forged.statusCode).toBe(429);
  });
});

describe.each(testDialects())('login throttle counters on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => t.close());

  it('slows a username down with a doubling delay, capped, and forgets it after the window', async () => {
    const throttle = loginThrottle(t.database.db);
    const key = [{ key: 'user:slow', policy: LOGIN_POLICIES.user }];
    let now = Date.UTC(2026, 0, 1);
    for (let i = 0; i < LOGIN_POLICIES.user.free; i++) expect(await throttle.take(key, now)).toBeNull();
    const waits: number[] = [];
    for (let i = 0; i < 8; i++) {
      const wait = await throttle.take(key, now);
      expect(wait).not.toBeNull();
      waits.push(wait ?? 0);
      now += (wait ?? 0) * 1000;
      expect(await throttle.take(key, now)).toBeNull();
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 60, 60]);
    now += LOGIN_POLICIES.user.windowMs;
    for (let i = 0; i < LOGIN_POLICIES.user.free; i++) expect(await throttle.take(key, now)).toBeNull();
  });

  it('takes the client address from X-Forwarded-For only when TRUST_PROXY is on', async () => {
    const trusting = await createTestApp(dialect, { config: { trustProxy: true } });
    try {
      const from = (app: TestApp) =>
        app.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { username: 'nobody', password: 'x' },
          remoteAddress: '10.9.9.9',
          headers: { 'x-forwarded-for': '203.0.113.7' },
        });
      await from(trusting);
      await from(t);
      const keys = async (app: TestApp) =>
        (await app.database.db.selectFrom('loginThrottle').select('key').execute()).map((r) => r.key);
      expect(await keys(trusting)).toContain('address:203.0.113.7');
      expect(await keys(t)).toContain('address:10.9.9.9');
      expect(await keys(t)).not.toContain('address:203.0.113.7');
    } finally {
      await trusting.close();
    }
  });
});
