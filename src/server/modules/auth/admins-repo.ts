import type { Kysely } from 'kysely';
import { nowIso } from '../../clock';
import type { DB } from '../../db/schema';

export const normaliseUsername = (username: string) => username.trim().normalize('NFKC').toLowerCase();

export function adminsRepo(db: Kysely<DB>) {
  return {
    findByUsername(username: string) {
      return db
        .selectFrom('admins')
        .selectAll()
        .where('username', '=', normaliseUsername(username))
        .executeTakeFirst();
    },
    async count(): Promise<number> {
      const row = await db
        .selectFrom('admins')
        .select(db.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    async create(input: { username: string; email: string | null; passwordHash: string }) {
      const now = nowIso();
      return db
        .insertInto('admins')
        .values({ ...input, username: normaliseUsername(input.username), createdAt: now, updatedAt: now })
        .returning(['id', 'username'])
        .executeTakeFirstOrThrow();
    },
    /** Sets a new password and ends every session of that admin, in one transaction. */
    async resetPassword(username: string, passwordHash: string): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const admin = await trx
          .updateTable('admins')
          .set({ passwordHash, updatedAt: nowIso() })
          .where('username', '=', normaliseUsername(username))
          .returning('id')
          .executeTakeFirst();
        if (!admin) return false;
        await trx.deleteFrom('adminSessions').where('adminId', '=', admin.id).execute();
        return true;
      });
    },
  };
}
