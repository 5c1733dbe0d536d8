import type { Kysely } from 'kysely';
import type { Dialect } from '../database';

/**
 * One row per recorded admin write (see src/server/audit). The admin's username is copied so an entry
 * still reads after the admin is removed; `changes` is JSON text (a list of field changes).
 */
export function auditLogMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      const table = db.schema.createTable('audit_log');
      await (dialect === 'postgres'
        ? table.addColumn('id', 'bigserial', (c) => c.primaryKey())
        : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      )
        .addColumn('at', 'text', (c) => c.notNull())
        .addColumn('admin_id', 'integer')
        .addColumn('admin_username', 'text', (c) => c.notNull())
        .addColumn('resource', 'text', (c) => c.notNull())
        .addColumn('record_id', 'integer')
        .addColumn('record_label', 'text')
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('changes', 'text', (c) => c.notNull())
        .execute();
      // Newest first, optionally narrowed by one filter; retention deletes by `at`.
      await db.schema.createIndex('audit_log_at_idx').on('audit_log').columns(['at', 'id']).execute();
      await db.schema
        .createIndex('audit_log_resource_idx')
        .on('audit_log')
        .columns(['resource', 'at', 'id'])
        .execute();
      await db.schema
        .createIndex('audit_log_admin_idx')
        .on('audit_log')
        .columns(['admin_id', 'at', 'id'])
        .execute();
    },
  };
}
