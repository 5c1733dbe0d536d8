import fastifyRateLimit, { type FastifyRateLimitStore, type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type Kysely, sql } from 'kysely';
import { ErrorCode } from '../../contract/errors';
import type { DB } from '../db/schema';
import { accessLevels } from './auth-guard';
import { HttpError } from './errors';

/** Expired counters are deleted at most this often per process. */
const SWEEP_EVERY_MS = 60 * 1000;

/**
 * A fixed-window @fastify/rate-limit store in the database (table rate_limits), so every server process
 * on one PostgreSQL counts together. One atomic upsert per request starts or continues the window.
 */
export function databaseRateLimitStore(db: Kysely<DB>) {
  let lastSweep = 0;
  const incr = async (key: string, windowMs: number) => {
    const now = Date.now();
    const windowOver = sql<boolean>`rate_limits.reset_at <= ${now}`;
    const row = await db
      .insertInto('rateLimits')
      .values({ key, hits: 1, resetAt: now + windowMs })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          hits: sql`case when ${windowOver} then 1 else rate_limits.hits + 1 end`,
          resetAt: sql`case when ${windowOver} then ${now + windowMs} else rate_limits.reset_at end`,
        }),
      )
      .returning(['hits', 'resetAt'])
      .executeTakeFirstOrThrow();
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

const pluginOptions = (db: Kysely<DB>) => ({
  global: false,
  store: databaseRateLimitStore(db),
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
export async function registerRateLimit(app: FastifyInstance, db: Kysely<DB>): Promise<void> {
  await app.register(fastifyRateLimit, pluginOptions(db));
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
