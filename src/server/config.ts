import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_AUDIT_RETENTION_DAYS } from './audit/retention';
import { DEFAULT_COUNTER_REFRESH_MS } from './db/counters';

export type DatabaseConfig = { dialect: 'sqlite'; path: string } | { dialect: 'postgres'; url: string };

export interface AppConfig {
  port: number;
  host: string;
  database: DatabaseConfig;
  dataDir: string;
  adminUsername: string | undefined;
  adminPassword: string | undefined;
  secretKey: string;
  publicUrl: string | undefined;
  cookieSecure: boolean;
  /** Whether the client address comes from X-Forwarded-For: false, true, or the proxies' addresses. */
  trustProxy: boolean | string[];
  /** Audiences accepted in Google ID tokens (OAuth client ids); empty disables Google sign-in. */
  googleClientIds: string[];
  /** Audiences accepted in Apple ID tokens (bundle and service ids); empty disables Apple sign-in. */
  appleClientIds: string[];
  /** How old a counter (streams, likes, follows, banner impressions) in a cached answer may be. */
  counterRefreshMs: number;
  /** App-user requests per minute per access token and per client address; unset keeps the defaults. */
  appRateLimitPerToken: number | undefined;
  appRateLimitPerAddress: number | undefined;
  /** Days an audit log entry is kept before the hourly prune removes it. */
  auditRetentionDays: number;
}

export class ConfigError extends Error {}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '::1']);

const booleanText = z
  .enum(['true', 'false', '1', '0'], { error: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1');

const perMinute = z.coerce
  .number({ error: 'must be a whole number of requests per minute, 1 or more' })
  .int('must be a whole number of requests per minute, 1 or more')
  .min(1, 'must be a whole number of requests per minute, 1 or more')
  .max(1_000_000_000, 'must be at most 1000000000 requests per minute');

const envSchema = z.object({
  PORT: z.coerce
    .number({ error: 'must be a whole number from 0 to 65535' })
    .int('must be a whole number from 0 to 65535')
    .min(0, 'must be a whole number from 0 to 65535')
    .max(65535, 'must be a whole number from 0 to 65535')
    .default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_URL: z
    .string()
    .default('sqlite:./data/catalogue.db')
    .refine((v) => /^sqlite:.+/.test(v) || /^postgres(ql)?:\/\/.+/.test(v), {
      message: 'must be sqlite:<path> or postgres://…',
    }),
  DATA_DIR: z.string().min(1).default('./data'),
  ADMIN_USERNAME: z
    .string()
    .regex(/^[A-Za-z0-9._-]{3,64}$/, 'must be 3-64 letters, digits, dots, dashes or underscores')
    .optional(),
  ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').max(256).optional(),
  SECRET_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, message: 'must be an http(s) URL' })
    .transform((v) => v.replace(/\/+$/, ''))
    .optional(),
  COOKIE_SECURE: booleanText.optional(),
  TRUST_PROXY: z
    .string()
    .transform((v, ctx) => {
      if (v === 'true' || v === '1') return true;
      if (v === 'false' || v === '0') return false;
      const addresses = v.split(',').map((a) => a.trim());
      if (addresses.every((a) => /^[0-9a-fA-F:.]+(\/\d{1,3})?$/.test(a))) return addresses;
      ctx.addIssue({ code: 'custom', message: 'must be true, false or a comma-separated list of addresses' });
      return z.NEVER;
    })
    .optional(),
  AUDIT_RETENTION_DAYS: z.coerce
    .number({ error: 'must be a whole number of days from 1 to 36500' })
    .int('must be a whole number of days from 1 to 36500')
    .min(1, 'must be a whole number of days from 1 to 36500')
    .max(36500, 'must be a whole number of days from 1 to 36500')
    .default(DEFAULT_AUDIT_RETENTION_DAYS),
  GOOGLE_CLIENT_IDS: z.string().optional(),
  APPLE_CLIENT_IDS: z.string().optional(),
  COUNTER_REFRESH_MS: z.coerce
    .number({ error: 'must be a whole number of milliseconds from 0 to 600000' })
    .int('must be a whole number of milliseconds from 0 to 600000')
    .min(0, 'must be a whole number of milliseconds from 0 to 600000')
    .max(600_000, 'must be a whole number of milliseconds from 0 to 600000')
    .default(DEFAULT_COUNTER_REFRESH_MS),
  APP_RATE_LIMIT_PER_TOKEN: perMinute.optional(),
  APP_RATE_LIMIT_PER_ADDRESS: perMinute.optional(),
});

const idList = (v: string | undefined): string[] =>
  (v ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);

/** Reads the environment into a typed config; throws ConfigError naming the first bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? 'environment');
    const got = present[name] === undefined ? '' : ` (got "${present[name]}")`;
    const shown = /SECRET|PASSWORD/.test(name) ? '' : got;
    throw new ConfigError(`Invalid configuration: ${name} ${issue?.message ?? 'is invalid'}${shown}`);
  }
  const e = parsed.data;
  if ((e.ADMIN_USERNAME === undefined) !== (e.ADMIN_PASSWORD === undefined)) {
    throw new ConfigError('Invalid configuration: ADMIN_USERNAME and ADMIN_PASSWORD must be set together');
  }
  const dataDir = path.resolve(e.DATA_DIR);
  const database: DatabaseConfig = e.DATABASE_URL.startsWith('sqlite:')
    ? { dialect: 'sqlite', path: sqlitePath(e.DATABASE_URL.slice('sqlite:'.length)) }
    : { dialect: 'postgres', url: e.DATABASE_URL };
  return {
    port: e.PORT,
    host: e.HOST,
    database,
    dataDir,
    adminUsername: e.ADMIN_USERNAME,
    adminPassword: e.ADMIN_PASSWORD,
    secretKey: e.SECRET_KEY ?? readOrCreateSecretKey(dataDir),
    publicUrl: e.PUBLIC_URL,
    cookieSecure: e.COOKIE_SECURE ?? !LOOPBACK_HOSTS.has(e.HOST),
    trustProxy: e.TRUST_PROXY ?? false,
    googleClientIds: idList(e.GOOGLE_CLIENT_IDS),
    appleClientIds: idList(e.APPLE_CLIENT_IDS),
    counterRefreshMs: e.COUNTER_REFRESH_MS,
    appRateLimitPerToken: e.APP_RATE_LIMIT_PER_TOKEN,
    appRateLimitPerAddress: e.APP_RATE_LIMIT_PER_ADDRESS,
    auditRetentionDays: e.AUDIT_RETENTION_DAYS,
  };
}

function sqlitePath(p: string): string {
  return p === ':memory:' ? p : path.resolve(p);
}

function readOrCreateSecretKey(dataDir: string): string {
  const file = path.join(dataDir, 'secret.key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32).toString('hex');
  writeFileSync(file, `${key}\n`, { mode: 0o600, flag: 'wx' });
  return key;
}
