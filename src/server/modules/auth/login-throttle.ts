import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema';

/**
 * How one throttle key behaves: `free` attempts per window, then each further attempt must wait a delay
 * that starts at `baseDelayMs` and doubles up to `maxDelayMs`. A lock is a delay as long as the window.
 */
export interface ThrottlePolicy {
  free: number;
  baseDelayMs: number;
  maxDelayMs: number;
  windowMs: number;
}

export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
const lock = (free: number): ThrottlePolicy => ({
  free,
  baseDelayMs: LOGIN_WINDOW_MS,
  maxDelayMs: LOGIN_WINDOW_MS,
  windowMs: LOGIN_WINDOW_MS,
});

/** See docs/decisions/0008-login-throttling.md. */
export const LOGIN_POLICIES = {
  /** One username from one address: locks after 5 attempts. */
  userAtAddress: lock(5),
  /** One address, any usernames: locks after 20 attempts. */
  address: lock(20),
  /** One browser holding a device cookie for the username: locks after 5 attempts. */
  device: lock(5),
  /** One username from every address together: slows down (1 s doubling to 60 s), never locks for long. */
  user: { free: 10, baseDelayMs: 1000, maxDelayMs: 60 * 1000, windowMs: LOGIN_WINDOW_MS },
} satisfies Record<string, ThrottlePolicy>;

export interface ThrottleKey {
  key: string;
  policy: ThrottlePolicy;
}

const big = (n: number) => sql<number>`cast(${Math.round(n)} as bigint)`;

/**
 * Sign-in attempts counted in the database, so every server process sees the same counts. Each attempt
 * is counted by one atomic upsert before the password is checked: of N parallel attempts, only those the
 * counter still allows go on to the slow hash.
 */
export function loginThrottle(db: Kysely<DB>) {
  /** Counts an attempt on `k`; null when allowed, else the milliseconds until the next allowed attempt. */
  async function take(k: ThrottleKey, now: number): Promise<number | null> {
    const p = k.policy;
    const expired = sql<boolean>`login_throttle.window_start <= ${big(now - p.windowMs)}`;
    const firstDelay = p.free <= 1 ? p.baseDelayMs : 0;
    const delay = sql<number>`case
      when ${expired} then ${big(firstDelay)}
      when login_throttle.attempts + 1 < ${p.free} then ${big(0)}
      when login_throttle.delay_ms = 0 then ${big(p.baseDelayMs)}
      when login_throttle.delay_ms * 2 > ${big(p.maxDelayMs)} then ${big(p.maxDelayMs)}
      else login_throttle.delay_ms * 2 end`;
    const counted = await db
      .insertInto('loginThrottle')
      .values({ key: k.key, attempts: 1, windowStart: now, delayMs: firstDelay, nextAt: now + firstDelay })
      .onConflict((oc) =>
        oc
          .column('key')
          .doUpdateSet({
            attempts: sql`case when ${expired} then 1 else login_throttle.attempts + 1 end`,
            windowStart: sql`case when ${expired} then ${big(now)} else login_throttle.window_start end`,
            delayMs: delay,
            nextAt: sql`${big(now)} + ${delay}`,
          })
          .where(sql<boolean>`login_throttle.next_at <= ${big(now)} or ${expired}`),
      )
      .returning('attempts')
      .executeTakeFirst();
    if (counted) return null;
    const row = await db
      .selectFrom('loginThrottle')
      .select('nextAt')
      .where('key', '=', k.key)
      .executeTakeFirst();
    return Math.max(Number(row?.nextAt ?? now) - now, 1000);
  }

  return {
    /**
     * Counts one attempt on each key in turn; stops at the first key that refuses it and returns the
     * seconds to wait, or null when every key allowed the attempt.
     */
    async take(keys: ThrottleKey[], now = Date.now()): Promise<number | null> {
      for (const k of keys) {
        const waitMs = await take(k, now);
        if (waitMs !== null) return Math.ceil(waitMs / 1000);
      }
      return null;
    },

    /** After a successful sign-in: forget the keys, but give back only the one attempt on `refund` keys. */
    async succeeded(forget: string[], refund: string[]): Promise<void> {
      if (forget.length) await db.deleteFrom('loginThrottle').where('key', 'in', forget).execute();
      if (refund.length) {
        await db
          .updateTable('loginThrottle')
          .set({ attempts: sql`attempts - 1` })
          .where('key', 'in', refund)
          .where('attempts', '>', 0)
          .execute();
      }
    },

    /** Drops counters whose window and delay are both over. */
    async prune(now = Date.now()): Promise<void> {
      await db
        .deleteFrom('loginThrottle')
        .where('windowStart', '<', now - LOGIN_WINDOW_MS)
        .where('nextAt', '<', now)
        .execute();
    },
  };
}
