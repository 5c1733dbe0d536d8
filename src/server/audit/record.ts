import type { Kysely } from 'kysely';
import type { AuditAction, AuditChange, AuditResource } from '../../contract/audit';
import { nowIso } from '../clock';
import type { DB } from '../db/schema';
import { actingAdmin } from './context';
import { AUDITED_TABLES, type AuditedTable, BOOLEAN_COLUMNS, UNRECORDED_COLUMNS } from './policy';

type Row = Record<string, unknown>;

export interface AuditRecord {
  resource: AuditResource;
  recordId: number | null;
  recordLabel: string | null;
  action: AuditAction;
  changes: AuditChange[];
}

/**
 * Writes one entry for the acting admin on `db` (the write's own transaction). Without an acting admin
 * (scripts, seed, jobs, app users) nothing is recorded.
 */
export async function recordEntry(db: Kysely<DB>, entry: AuditRecord): Promise<void> {
  const admin = actingAdmin();
  if (!admin) return;
  await db
    .insertInto('auditLog')
    .values({
      at: nowIso(),
      adminId: admin.id,
      adminUsername: admin.username,
      ...entry,
      changes: JSON.stringify(entry.changes),
    })
    .execute();
}

const recordable = (value: unknown, column: string): unknown =>
  BOOLEAN_COLUMNS.has(column) && typeof value === 'number' ? value !== 0 : (value ?? null);

/** The fields that differ between two snapshots (either may be missing: create, delete). */
export function changedFields(
  before: Row | undefined,
  after: Row | undefined,
  secrets: ReadonlySet<string> = new Set(),
): AuditChange[] {
  const fields = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  const changes: AuditChange[] = [];
  for (const field of fields) {
    if (UNRECORDED_COLUMNS.has(field)) continue;
    const was = before ? recordable(before[field], field) : null;
    const is = after ? recordable(after[field], field) : null;
    if (JSON.stringify(was) === JSON.stringify(is)) continue;
    if (secrets.has(field)) changes.push({ field, secret: true });
    else changes.push({ field, ...(before ? { before: was } : {}), ...(after ? { after: is } : {}) });
  }
  return changes;
}

/** An album's credited collaborators belong to its record. */
const EXTRAS: Partial<Record<AuditedTable, (db: Kysely<DB>, id: number) => Promise<Row>>> = {
  albums: async (db, id) => {
    const rows = await db
      .selectFrom('albumArtists')
      .select('artistId')
      .where('albumId', '=', id)
      .orderBy('position')
      .execute();
    return { collaboratorIds: rows.map((r) => r.artistId) };
  },
};

/** The record as stored (with its extras), or undefined when it does not exist. */
async function snapshot(db: Kysely<DB>, table: AuditedTable, id: number): Promise<Row | undefined> {
  const row = (await db
    .selectFrom(table as 'artists')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst()) as Row | undefined;
  const extra = EXTRAS[table];
  return row && extra ? { ...row, ...(await extra(db, id)) } : row;
}

const label = (row: Row | undefined): string | null => {
  const name = row?.name ?? row?.title ?? row?.username;
  return typeof name === 'string' ? name : null;
};

function actionOf(before: Row | undefined, after: Row | undefined, changes: AuditChange[]): AuditAction {
  if (!before) return 'create';
  if (!after) return 'delete';
  const only = changes.length === 1 ? changes[0] : undefined;
  return only && typeof only.before === 'boolean' && typeof only.after === 'boolean' ? 'toggle' : 'update';
}

/**
 * Runs `write` in one transaction (or in `db` when it is one) and records the change of one row of
 * `table`: its snapshot before (when `id` is given) and after. `write` answers the row's id (the new one
 * for a create) or undefined when it wrote nothing, which records nothing (404s, refusals). The action
 * is create, delete, toggle (one on/off field flipped) or update.
 */
export async function auditedWrite(
  db: Kysely<DB>,
  table: AuditedTable,
  id: number | undefined,
  write: (trx: Kysely<DB>) => Promise<number | undefined>,
): Promise<number | undefined> {
  const run = async (trx: Kysely<DB>) => {
    const acting = actingAdmin() !== undefined;
    const before = acting && id !== undefined ? await snapshot(trx, table, id) : undefined;
    const written = await write(trx);
    if (written === undefined || !acting) return written;
    const after = await snapshot(trx, table, written);
    const changes = changedFields(before, after);
    await recordEntry(trx, {
      resource: AUDITED_TABLES[table],
      recordId: written,
      recordLabel: label(after ?? before),
      action: actionOf(before, after, changes),
      changes,
    });
    return written;
  };
  return db.isTransaction ? run(db) : db.transaction().execute(run);
}
