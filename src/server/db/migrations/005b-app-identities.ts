import type { Kysely } from 'kysely';

/** Which Google or Apple account (the ID token's `sub`) signs in as which app user. */
export function appIdentitiesMigration() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('app_user_identities')
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('app_users.id').onDelete('cascade'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('app_user_identities_pk', ['provider', 'subject'])
        .execute();
      await db.schema
        .createIndex('app_user_identities_user_idx')
        .on('app_user_identities')
        .column('user_id')
        .execute();
    },
  };
}
