import type { Kysely } from 'kysely';
import { prepared } from '../../db/prepared';
import type { DB } from '../../db/schema';

export function sessionsRepo(db: Kysely<DB>) {
  // Every admin request checks its session: compiled once.
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
      return (await withAdmin(tokenHash))[0];
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
