// npm run backup -- <archive.tar.gz>: the SQLite database (online backup, the server may run), the secret
// key and the local media of DATABASE_URL / DATA_DIR in one archive. PostgreSQL and S3: see the README.
import { ConfigError, loadConfig } from '../src/server/config';
import { backupSqlite } from '../src/server/ops/backup';

async function main() {
  const archive = process.argv[2];
  if (!archive) throw new ConfigError('Usage: npm run backup -- <archive.tar.gz>');
  const config = loadConfig();
  if (config.database.dialect !== 'sqlite')
    throw new ConfigError('DATABASE_URL is PostgreSQL: back it up with pg_dump (see the README).');
  const started = Date.now();
  await backupSqlite({ databasePath: config.database.path, dataDir: config.dataDir }, archive);
  console.log(`Backup written to ${archive} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
