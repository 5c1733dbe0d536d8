import { sql } from 'kysely';
import type { Database } from './database';

/**
 * The foreign keys whose parent's delete changes the child's rows (ON DELETE CASCADE or SET NULL), read
 * from the database itself so that a new migration cannot leave a cache unaware of a cascade.
 */
export async function cascadingForeignKeys(
  database: Database,
): Promise<Array<{ parent: string; child: string }>> {
  if (database.dialect === 'sqlite') {
    const { rows } = await sql<{ parent: string; child: string }>`
      select p."table" as parent, m.name as child
      from sqlite_master m join pragma_foreign_key_list(m.name) p
      where m.type = 'table' and upper(p.on_delete) in ('CASCADE', 'SET NULL', 'SET DEFAULT')`.execute(
      database.db,
    );
    return rows;
  }
  const { rows } = await sql<{ parent: string; child: string }>`
    select pc.relname as parent, cc.relname as child
    from pg_constraint c
    join pg_class cc on cc.oid = c.conrelid
    join pg_class pc on pc.oid = c.confrelid
    join pg_namespace n on n.oid = cc.relnamespace
    where c.contype = 'f' and c.confdeltype in ('c', 'n', 'd') and n.nspname = current_schema()`.execute(
    database.db,
  );
  return rows;
}
