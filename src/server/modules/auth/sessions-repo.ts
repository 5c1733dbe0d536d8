import { ListCache } from '../../db/count-cache';
import type { Database } from '../../db/database';
import { prepared } from '../../db/prepared';

/**
 * Backstop life of a cached session lookup. Sign-out, expiry deletes, touches and admin changes drop it
 * at once through the database's table changes (other processes: on their NOTIFY); this only bounds a
 * lost cross-process notification, so it runs on real time; expiry is checked against the app's clock
 * on every request, cached or not.
 */
export const SESSION_CACHE_TTL_MS = 5_000;

export function sessionsRepo({ db, changes }: Pick<Database, 'db' | 'changes'>) {
  const cache = new ListCache(changes, SESSION_CACHE_TTL_MS);
  // Every admin request checks its session: compiled once, and kept briefly.
  const withAdmin = prepared(db, (tokenHash: string) =>
    db
      .selectFrom('adminSessions as s')
      .innerJoin('admins as a', 'a.id', 's.adminId')
      .select(['s.id', 's.createdAt', 's.lastSeenAt', 'a.id as adminId', 'a.username', 'a.email'])
      .where('s.tokenHash', '=', tokenHash),
  );
  return {
    async create(input: {
      tokenHash: string;
      adminId: number;
      now: string;
      userAgent: string | null;
      ip: string | null;
    }) {
      await db
        .insertInto('adminSessions')
        .values({
          tokenHash: input.tokenHash,
          adminId: input.adminId,
          createdAt: input.now,
          lastSeenAt: input.now,
          userAgent: input.userAgent,
          ip: input.ip,
        })
        .execute();
    },
    async findWithAdmin(tokenHash: string) {
      return cache.memo(
        'adminSessions',
        tokenHash,
        async () => (await withAdmin(tokenHash))[0],
        // An unknown token is not kept: guessed tokens would only crowd out real sessions.
        (found) => found !== undefined,
      );
    },
    async touch(id: number, now: string) {
      await db.updateTable('adminSessions').set({ lastSeenAt: now }).where('id', '=', id).execute();
    },
    async delete(id: number) {
      await db.deleteFrom('adminSessions').where('id', '=', id).execute();
    },
    async deleteByTokenHash(tokenHash: string) {
      await db.deleteFrom('adminSessions').where('tokenHash', '=', tokenHash).execute();
    },
    async deleteStale(idleBefore: string, createdBefore: string) {
      await db
        .deleteFrom('adminSessions')
        .where((eb) => eb.or([eb('lastSeenAt', '<', idleBefore), eb('createdAt', '<', createdBefore)]))
        .execute();
    },
  };
}
