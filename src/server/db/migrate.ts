import { type Migration, type MigrationProvider, Migrator } from 'kysely';
import type { Database } from './database';
import { cascadingForeignKeys } from './foreign-keys';
import { initialMigration } from './migrations/001-initial';
import { searchMigration } from './migrations/002-search';
import { catalogueIndexesMigration } from './migrations/003-catalogue-indexes';
import { mediaFilesMigration } from './migrations/004-media-files';
import { appAccountsMigration } from './migrations/005-app-accounts';
import { appIdentitiesMigration } from './migrations/005b-app-identities';
import { loginThrottleMigration } from './migrations/006-login-throttle';
import { auditLogMigration } from './migrations/007-audit-log';
import { dashboardCountersMigration } from './migrations/008-dashboard-counters';
import { hehFoldingMigration } from './migrations/009-heh-folding';
import { streamClaimsMigration } from './migrations/010-stream-claims';

/** Migrations are listed here (not read from disk) so the bundled server carries them. */
function migrationsFor(dialect: Database['dialect']): Record<string, Migration> {
  return {
    '001-initial': initialMigration(dialect),
    '002-search': searchMigration(dialect),
    '003-catalogue-indexes': catalogueIndexesMigration(dialect),
    '004-media-files': mediaFilesMigration(dialect),
    '005-app-accounts': appAccountsMigration(dialect),
    '005b-app-identities': appIdentitiesMigration(),
    '006-login-throttle': loginThrottleMigration(dialect),
    '007-audit-log': auditLogMigration(dialect),
    '008-dashboard-counters': dashboardCountersMigration(dialect),
    '009-heh-folding': hehFoldingMigration(),
    '010-stream-claims': streamClaimsMigration(dialect),
  };
}

export async function migrateToLatest(database: Database): Promise<void> {
  const provider: MigrationProvider = { getMigrations: async () => migrationsFor(database.dialect) };
  const migrator = new Migrator({
    db: database.db,
    provider,
    // Migration numbers are reserved per piece of work, so they can land in any order.
    allowUnorderedMigrations: true,
    // Without a schema, Kysely may find the migration tables of another schema in the same database.
    ...(database.schema ? { migrationTableSchema: database.schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error ?? 'unknown error');
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${reason}`);
  }
  // Caches learn the foreign keys once the schema is final (see TableChanges.setCascades).
  database.changes.setCascades(await cascadingForeignKeys(database));
  await database.changesReady;
}
