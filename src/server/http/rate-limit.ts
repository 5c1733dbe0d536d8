import fastifyRateLimit, { type FastifyRateLimitStore, type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { type Kysely, sql } from 'kysely';
import { ErrorCode } from '../../contract/errors';
import type { DB } from '../db/schema';
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

/** Registers @fastify/rate-limit for the routes that ask for it (`config.rateLimit`, see rateLimitFor). */
export async function registerRateLimit(app: FastifyInstance, db: Kysely<DB>): Promise<void> {
  await app.register(fastifyRateLimit, {
    global: false,
    store: databaseRateLimitStore(db),
    addHeadersOnExceeding: {
      'x-ratelimit-limit': false,
      'x-ratelimit-remaining': false,
      'x-ratelimit-reset': false,
    },
    errorResponseBuilder: (_request, context) =>
      new HttpError(429, ErrorCode.rateLimited, 'Too many requests. Try again later.', {
        retryAfterSeconds: Math.max(1, Math.ceil(context.ttl / 1000)),
      }),
  });
}

/**
 * Route config for a rate-limited group: `max` requests per `windowMs` per client address, counted
 * together for every route of the group.
 */
export function rateLimitFor(group: string, max: number, windowMs: number): RateLimitOptions {
  return { max, timeWindow: windowMs, keyGenerator: (request) => `${group}:${request.ip}` };
}
