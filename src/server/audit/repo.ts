import type { Kysely } from 'kysely';
import type { AuditAdmin, AuditChange, AuditEntry, AuditListParams } from '../../contract/audit';
import { countRows } from '../db/list-page';
import type { DB } from '../db/schema';

const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString();

export function auditLogRepo(db: Kysely<DB>) {
  const filtered = (q: AuditListParams) =>
    db.selectFrom('auditLog').where((eb) => {
      const conditions = [];
      if (q.adminId !== undefined) conditions.push(eb('adminId', '=', q.adminId));
      if (q.resource) conditions.push(eb('resource', '=', q.resource));
      if (q.action) conditions.push(eb('action', '=', q.action));
      if (q.recordId !== undefined) conditions.push(eb('recordId', '=', q.recordId));
      if (q.from) conditions.push(eb('at', '>=', `${q.from}T00:00:00.000Z`));
      if (q.to) conditions.push(eb('at', '<', dayAfter(q.to)));
      return eb.and(conditions);
    });

  return {
    /** Newest first (or oldest), with the total matching the filters. */
    async list(q: AuditListParams): Promise<{ rows: AuditEntry[]; total: number }> {
      const dir = q.sort === 'oldest' ? 'asc' : 'desc';
      const [rows, total] = await Promise.all([
        filtered(q)
          .selectAll()
          .orderBy('at', dir)
          .orderBy('id', dir)
          .limit(q.limit)
          .offset(q.offset)
          .execute(),
        countRows(db, filtered(q)),
      ]);
      return {
        rows: rows.map((r) => ({
          ...r,
          id: Number(r.id),
          resource: r.resource as AuditEntry['resource'],
          action: r.action as AuditEntry['action'],
          changes: JSON.parse(r.changes) as AuditChange[],
        })),
        total,
      };
    },

    /** Every admin account, for the filter (entries of a removed admin keep their username). */
    admins: (): Promise<AuditAdmin[]> =>
      db.selectFrom('admins').select(['id', 'username']).orderBy('username').execute(),

    /** Removes the entries recorded before `before` (ISO time); answers how many. */
    async prune(before: string): Promise<number> {
      const result = await db.deleteFrom('auditLog').where('at', '<', before).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
