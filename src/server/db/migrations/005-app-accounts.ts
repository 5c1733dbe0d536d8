import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database';

/**
 * App-user accounts (issue 11): bearer tokens become access + refresh pairs that expire and can be
 * revoked, password resets by one-time token, and the shared rate-limit counters. No route issued app
 * tokens before this migration, so their table is recreated rather than altered (SQLite cannot add a
 * NOT NULL column without a default).
 */
export function appAccountsMigration(dialect: Dialect) {
  const idColumn = <T extends string>(name: T) =>
    dialect === 'postgres'
      ? sql`create table ${sql.table(name)} (id serial primary key`
      : sql`create table ${sql.table(name)} (id integer primary key autoincrement`;
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.dropTable('app_user_tokens').execute();
      await sql`${idColumn('app_user_tokens')},
        user_id integer not null references app_users(id) on delete cascade,
        token_hash text not null unique,
        refresh_hash text not null unique,
        created_at text not null,
        last_used_at text not null,
        expires_at text not null,
        refresh_expires_at text not null,
        revoked_at text,
        user_agent text)`.execute(db);
      await db.schema
        .createIndex('app_user_tokens_user_idx')
        .on('app_user_tokens')
        .column('user_id')
        .execute();

      await sql`${idColumn('password_reset_tokens')},
        user_id integer not null references app_users(id) on delete cascade,
        token_hash text not null unique,
        created_at text not null,
        expires_at text not null,
        used_at text)`.execute(db);
      await db.schema
        .createIndex('password_reset_tokens_user_idx')
        .on('password_reset_tokens')
        .column('user_id')
        .execute();

      // Fixed-window counters of @fastify/rate-limit, shared by every process on one database.
      await db.schema
        .createTable('rate_limits')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('hits', 'integer', (c) => c.notNull())
        .addColumn('reset_at', dialect === 'postgres' ? 'bigint' : 'integer', (c) => c.notNull())
        .execute();
    },
  };
}
