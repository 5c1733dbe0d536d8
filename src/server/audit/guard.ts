import { actingAdmin } from './context';
import { UNAUDITED_TABLES } from './policy';

export class UnauditedWriteError extends Error {}

/**
 * Called by the write tracker before an autocommit write and before a transaction commits, with the
 * SQL tables written: while an admin is acting, a write to any audited table must carry its audit
 * entry (`audit_log`) in the same commit, or it is refused (rolled back). A write path that forgot to
 * record fails at once, in tests and in use, instead of leaving a silent gap in the log.
 */
export function refuseUnauditedWrite(tables: ReadonlySet<string>): void {
  if (!actingAdmin() || tables.has('audit_log')) return;
  const unaudited = [...tables].filter((t) => !UNAUDITED_TABLES.has(t));
  if (unaudited.length > 0) {
    throw new UnauditedWriteError(
      `Admin write to ${unaudited.join(', ')} without an audit entry in the same transaction`,
    );
  }
}
