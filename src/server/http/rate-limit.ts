import fastifyRateLimit, { type FastifyRateLimitStore, type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { ErrorCode } from '../../contract/errors';
import type { Database } from '../db/database';
import { accessLevels } from './auth-guard';
import { HttpError } from './errors';

/** Expired counters are deleted at most this often per process. */
const SWEEP_EVERY_MS = 60 * 1000;

/**
 * A fixed-window @fastify/rate-limit store in the database (table rate_limits), so every server process
 * on one PostgreSQL counts together. One atomic upsert per request starts or continues the window.
 *
 * On PostgreSQL the upsert commits asynchronously (synchronous_commit off for its own transaction):
 * it does not wait for the WAL to reach the disk, which every app request would otherwise do twice
 * (its address and its token). A crash of PostgreSQL can lose the last fraction of a second of counts,
 * letting a client a few requests more; nothing else is at stake.
 */
export function databaseRateLimitStore(database: Pick<Database, 'db' | 'dialect'>) {
  const { db } = database;
  let lastSweep = 0;
  const upsert = (key: string, windowMs: number, now: number) => {
    const windowOver = sql<boolean>`rate_limits.reset_at <= ${now}`;
    const hits = sql<number>`case when ${windowOver} then 1 else rate_limits.hits + 1 end`;
    const resetAt = sql<number>`case when ${windowOver} then ${now + windowMs} else rate_limits.reset_at end`;
    if (database.dialect === 'postgres') {
      return sql<{ hits: number; resetAt: number }>`
        with async_commit as materialized (select set_config('synchronous_commit', 'off', true))
        insert into rate_limits (key, hits, reset_at) select ${key}, 1, ${now + windowMs} from async_commit
        on conflict (key) do update set hits = ${hits}, reset_at = ${resetAt}
        returning hits, reset_at`
        .execute(db)
        .then(({ rows }) => rows[0]);
    }
    return db
      .insertInto('rateLimits')
      .values({ key, hits: 1, resetAt: now + windowMs })
      .onConflict((oc) => oc.column('key').doUpdateSet({ hits, resetAt }))
      .returning(['hits', 'resetAt'])
      .executeTakeFirstOrThrow();
  };
  const incr = async (key: string, windowMs: number) => {
    const now = Date.now();
    const row = await upsert(key, windowMs, now);
    if (!row) throw new Error('rate limit upsert returned no row');
    if (now - lastSweep > SWEEP_EVERY_MS) {
      lastSweep = now;
      await db.deleteFrom('rateLimits').where('resetAt', '<', now).execute();
    }
    return { current: Number(row.hits), ttl: Math.max(0, Number(row.resetAt) - now) };
  };

  return class DatabaseRateLimitStore implements FastifyRateLimitStore {
    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ) {
      incr(key, timeWindow).then(
        (result) => callback(null, result),
        (err: Error) => callback(err),
      );
    }
    // Keys carry their route group (see rateLimitFor), so routes share one store.
    child() {
      return this;
    }
  };
}

const pluginOptions = (database: Pick<Database, 'db' | 'dialect'>) => ({
  global: false,
  store: databaseRateLimitStore(database),
  addHeadersOnExceeding: {
    'x-ratelimit-limit': false,
    'x-ratelimit-remaining': false,
    'x-ratelimit-reset': false,
  },
  errorResponseBuilder: (_request: FastifyRequest, context: { ttl: number }) =>
    new HttpError(429, ErrorCode.rateLimited, 'Too many requests. Try again later.', {
      retryAfterSeconds: Math.max(1, Math.ceil(context.ttl / 1000)),
    }),
});

/** Registers @fastify/rate-limit for the routes that ask for it (`config.rateLimit`, see rateLimitFor). */
export async function registerRateLimit(
  app: FastifyInstance,
  database: Pick<Database, 'db' | 'dialect'>,
): Promise<void> {
  await app.register(fastifyRateLimit, pluginOptions(database));
}

/**
 * Route config for a rate-limited group: `max` requests per `windowMs` per client address, counted
 * together for every route of the group.
 */
export function rateLimitFor(group: string, max: number, windowMs: number): RateLimitOptions {
  return { max, timeWindow: windowMs, keyGenerator: (request) => `${group}:${request.ip}` };
}

export interface AppUserRateLimits {
  /** Requests per window of one signed-in device (access token). */
  perToken: number;
  /** Requests per window of one client address, whatever token they carry. */
  perAddress: number;
  windowMs: number;
}

export const APP_USER_RATE_LIMITS: AppUserRateLimits = { perToken: 120, perAddress: 600, windowMs: 60_000 };

/** The app-user limits with the operator's APP_RATE_LIMIT_* settings (per minute) over the defaults. */
export function appUserRateLimitsFrom(config: {
  appRateLimitPerToken?: number | undefined;
  appRateLimitPerAddress?: number | undefined;
}): AppUserRateLimits {
  return {
    perToken: config.appRateLimitPerToken ?? APP_USER_RATE_LIMITS.perToken,
    perAddress: config.appRateLimitPerAddress ?? APP_USER_RATE_LIMITS.perAddress,
    windowMs: APP_USER_RATE_LIMITS.windowMs,
  };
}

/**
 * Every route an app user may call is limited per token and per address (429 with Retry-After);
 * admins calling a route open to both are not. Must run before the routes are registered.
 */
export function rateLimitAppUserRoutes(app: FastifyInstance, limits: AppUserRateLimits): void {
  const common = { timeWindow: limits.windowMs, allowList: (request: FastifyRequest) => !request.appUser };
  // createRateLimit counts without the plugin's once-per-request guard, so both limits apply.
  const perAddress = app.createRateLimit({
    ...common,
    max: limits.perAddress,
    keyGenerator: (request) => `app-address:${request.ip}`,
  });
  const perToken = app.createRateLimit({
    ...common,
    max: limits.perToken,
    keyGenerator: (request) => `app-token:${request.appUser?.tokenId}`,
  });
  const limit = async (request: FastifyRequest, reply: FastifyReply) => {
    for (const check of [perAddress, perToken]) {
      const result = await check(request);
      if (!result.isAllowed && result.isExceeded) {
        const seconds = Math.max(1, result.ttlInSeconds);
        reply.header('retry-after', String(seconds));
        throw new HttpError(429, ErrorCode.rateLimited, 'Too many requests. Try again later.', {
          retryAfterSeconds: seconds,
        });
      }
    }
  };
  app.addHook('onRoute', (route) => {
    const access = route.config?.access;
    if (!route.url.startsWith('/api') || !access || !accessLevels(access).includes('appUser')) return;
    const own = route.onRequest ? [route.onRequest].flat() : [];
    route.onRequest = [limit, ...own] as typeof own;
  });
}
