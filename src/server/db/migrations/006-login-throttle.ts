import type { Kysely } from 'kysely';
import type { Dialect } from '../database';

/**
 * One counter row per throttle key (address, username at an address, username, device cookie), updated
 * by a single atomic upsert before the password is checked. Times are epoch milliseconds so the upsert can
 * compute the next allowed moment in SQL on both databases.
 */
export function loginThrottleMigration(dialect: Dialect) {
  const bigint = dialect === 'postgres' ? 'bigint' : 'integer';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.dropTable('login_attempts').ifExists().execute();
      await db.schema
        .createTable('login_throttle')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('attempts', 'integer', (c) => c.notNull())
        .addColumn('window_start', bigint, (c) => c.notNull())
        .addColumn('delay_ms', bigint, (c) => c.notNull())
        .addColumn('next_at', bigint, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('login_throttle_window_idx')
        .on('login_throttle')
        .column('window_start')
        .execute();
    },
  };
}
