import type { Kysely } from 'kysely';
import { isoMinus, nowIso } from '../../clock';
import type { DB } from '../../db/schema';

export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const MAX_LOGIN_FAILURES = 5;

/**
 * Counts failed sign-ins per username and per client address in the database, so every server
 * process behind a load balancer sees the same counts.
 */
export function loginThrottle(db: Kysely<DB>) {
  const keysFor = (username: string, ip: string) => [`user:${username}`, `ip:${ip}`];
  return {
    async isBlocked(username: string, ip: string): Promise<boolean> {
      const since = isoMinus(LOGIN_WINDOW_MS);
      const rows = await db
        .selectFrom('loginAttempts')
        .select(['key', db.fn.countAll<number>().as('n')])
        .where('key', 'in', keysFor(username, ip))
        .where('createdAt', '>=', since)
        .groupBy('key')
        .execute();
      return rows.some((r) => Number(r.n) >= MAX_LOGIN_FAILURES);
    },
    async recordFailure(username: string, ip: string): Promise<void> {
      const now = nowIso();
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('loginAttempts')
          .values(keysFor(username, ip).map((key) => ({ key, createdAt: now })))
          .execute();
        await trx.deleteFrom('loginAttempts').where('createdAt', '<', isoMinus(LOGIN_WINDOW_MS)).execute();
      });
    },
    async clearUser(username: string): Promise<void> {
      await db.deleteFrom('loginAttempts').where('key', '=', `user:${username}`).execute();
    },
  };
}
