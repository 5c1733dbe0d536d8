import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { APP_USER_RATE_LIMITS, appUserRateLimitsFrom } from './http/rate-limit';

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'nazenk-config-'));

describe('configuration', () => {
  it('uses the documented defaults and generates a secret key into DATA_DIR once', () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      cookieSecure: false,
      publicUrl: undefined,
      trustProxy: false,
      googleClientIds: [],
      appleClientIds: [],
      counterRefreshMs: 5000,
      auditRetentionDays: 365,
    });
    expect(config.database).toEqual({ dialect: 'sqlite', path: path.resolve('data/catalogue.db') });
    expect(readFileSync(path.join(dir, 'secret.key'), 'utf8').trim()).toBe(config.secretKey);
    expect(loadConfig({ DATA_DIR: dir }).secretKey).toBe(config.secretKey);
  });

  it('reads PostgreSQL URLs, public URL and the cookie flag', () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      DATABASE_URL: 'postgres://u@db:5432/music',
      HOST: '0.0.0.0',
      PUBLIC_URL: 'https://music.example/',
    });
    expect(config.database).toEqual({ dialect: 'postgres', url: 'postgres://u@db:5432/music' });
    expect(config.cookieSecure).toBe(true);
    expect(config.publicUrl).toBe('https://music.example');
    expect(loadConfig({ DATA_DIR: dataDir(), HOST: '0.0.0.0', COOKIE_SECURE: 'false' }).cookieSecure).toBe(
      false,
    );
  });

  it('reads COUNTER_REFRESH_MS as whole milliseconds up to ten minutes', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), COUNTER_REFRESH_MS: '0' }).counterRefreshMs).toBe(0);
    expect(loadConfig({ DATA_DIR: dataDir(), COUNTER_REFRESH_MS: '30000' }).counterRefreshMs).toBe(30_000);
    for (const bad of ['-1', '1.5', 'soon', '600001']) {
      expect(() => loadConfig({ DATA_DIR: dataDir(), COUNTER_REFRESH_MS: bad })).toThrow(
        /COUNTER_REFRESH_MS/,
      );
    }
  });

  it('reads the social sign-in client ids as comma-separated lists', () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      GOOGLE_CLIENT_IDS: ' 123-abc.apps.googleusercontent.com , 456-def.apps.googleusercontent.com',
      APPLE_CLIENT_IDS: 'com.nazenk.app',
    });
    expect(config.googleClientIds).toEqual([
      '123-abc.apps.googleusercontent.com',
      '456-def.apps.googleusercontent.com',
    ]);
    expect(config.appleClientIds).toEqual(['com.nazenk.app']);
  });

  it('reads the app-user rate limits per minute, keeping the defaults for the one left unset', () => {
    const limits = (env: Record<string, string>) =>
      appUserRateLimitsFrom(loadConfig({ DATA_DIR: dataDir(), ...env }));
    expect(limits({})).toEqual(APP_USER_RATE_LIMITS);
    expect(limits({ APP_RATE_LIMIT_PER_TOKEN: '300', APP_RATE_LIMIT_PER_ADDRESS: '20000' })).toEqual({
      perToken: 300,
      perAddress: 20000,
      windowMs: 60_000,
    });
    expect(limits({ APP_RATE_LIMIT_PER_ADDRESS: '5000' })).toEqual({
      ...APP_USER_RATE_LIMITS,
      perAddress: 5000,
    });
  });

  it('trusts X-Forwarded-For only when TRUST_PROXY says so', () => {
    const load = (TRUST_PROXY: string) => loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY }).trustProxy;
    expect(load('true')).toBe(true);
    expect(load('0')).toBe(false);
    expect(load('10.0.0.1, 192.168.0.0/16')).toEqual(['10.0.0.1', '192.168.0.0/16']);
  });

  it('reads the audit log retention in days', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), AUDIT_RETENTION_DAYS: '30' }).auditRetentionDays).toBe(30);
  });

  it.each([
    [{ TRUST_PROXY: 'yes please' }, /^Invalid configuration: TRUST_PROXY must be true, false or a comma/],
    [{ PORT: 'abc' }, /^Invalid configuration: PORT .*\(got "abc"\)$/],
    [{ PORT: '70000' }, /PORT/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL must be sqlite:<path> or postgres/],
    [{ PUBLIC_URL: 'ftp://x' }, /PUBLIC_URL/],
    [{ COOKIE_SECURE: 'yes' }, /COOKIE_SECURE/],
    [{ APP_RATE_LIMIT_PER_TOKEN: '0' }, /^Invalid configuration: APP_RATE_LIMIT_PER_TOKEN must be a whole/],
    [{ APP_RATE_LIMIT_PER_TOKEN: '2.5' }, /APP_RATE_LIMIT_PER_TOKEN .*\(got "2.5"\)$/],
    [{ APP_RATE_LIMIT_PER_ADDRESS: 'lots' }, /APP_RATE_LIMIT_PER_ADDRESS must be a whole/],
    [
      { AUDIT_RETENTION_DAYS: '0' },
      /^Invalid configuration: AUDIT_RETENTION_DAYS must be a whole number of days/,
    ],
    [{ AUDIT_RETENTION_DAYS: '30.5' }, /AUDIT_RETENTION_DAYS/],
    [{ SECRET_KEY: 'short' }, /^Invalid configuration: SECRET_KEY must be at least 32 characters$/],
    [{ ADMIN_USERNAME: 'boss' }, /ADMIN_USERNAME and ADMIN_PASSWORD must be set together/],
    [{ ADMIN_USERNAME: 'boss', ADMIN_PASSWORD: 'short' }, /ADMIN_PASSWORD must be at least 8/],
  ])('refuses %o with one line naming the variable', (env, message) => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(message);
  });
});
