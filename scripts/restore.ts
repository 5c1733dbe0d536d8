// npm run restore -- <archive.tar.gz>: puts a backup back into an empty DATA_DIR (and the SQLite file of
// DATABASE_URL); refuses to overwrite anything.
import { ConfigError, loadConfig } from '../src/server/config';
import { restoreSqlite } from '../src/server/ops/backup';

async function main() {
  const archive = process.argv[2];
  if (!archive) throw new ConfigError('Usage: npm run restore -- <archive.tar.gz>');
  // A placeholder key, so reading the configuration does not generate one into the empty DATA_DIR.
  const config = loadConfig({ ...process.env, SECRET_KEY: 'restore-does-not-use-the-key-0123456789' });
  if (config.database.dialect !== 'sqlite')
    throw new ConfigError('DATABASE_URL is PostgreSQL: restore it with pg_restore (see the README).');
  await restoreSqlite(archive, { databasePath: config.database.path, dataDir: config.dataDir });
  console.log(`Restored ${archive} into ${config.dataDir}`);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
