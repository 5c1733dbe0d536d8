import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  renameSync,
  rmSync,
  symlinkSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import * as tar from 'tar';

/** Names inside the archive. */
const DB_ENTRY = 'catalogue.db';
const KEY_ENTRY = 'secret.key';
const MEDIA_ENTRY = 'media';

export interface SqliteLocation {
  /** The SQLite database file. */
  databasePath: string;
  /** DATA_DIR: local media and the generated secret key. */
  dataDir: string;
}

/**
 * One gzipped tar archive: a consistent copy of the SQLite database taken with SQLite's online backup
 * (the server may keep running and writing), the secret key (settings secrets are encrypted with it) and
 * the local media files. The archive is as sensitive as the data directory: it is created 0600.
 */
export async function backupSqlite(from: SqliteLocation, archive: string): Promise<void> {
  const staging = mkdtempSync(path.join(tmpdir(), 'nazenk-backup-'));
  try {
    const source = new SQLite(from.databasePath, { readonly: true, fileMustExist: true });
    try {
      await source.backup(path.join(staging, DB_ENTRY));
    } finally {
      source.close();
    }
    const entries = [DB_ENTRY];
    const key = path.join(from.dataDir, KEY_ENTRY);
    if (existsSync(key)) {
      copyFileSync(key, path.join(staging, KEY_ENTRY));
      entries.push(KEY_ENTRY);
    }
    const media = path.join(from.dataDir, MEDIA_ENTRY);
    if (existsSync(media)) {
      symlinkSync(media, path.join(staging, MEDIA_ENTRY), 'dir');
      entries.push(MEDIA_ENTRY);
    }
    await tar.create(
      {
        gzip: true,
        file: archive,
        cwd: staging,
        follow: true,
        portable: true,
        mode: 0o600,
        // Uploads still streaming in are not files yet.
        filter: (entry) => !path.basename(entry).startsWith('.partial'),
      },
      entries,
    );
    chmodSync(archive, 0o600);
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

export class RestoreRefusedError extends Error {}

/**
 * Puts an archive of backupSqlite back: the database at `databasePath`, the key and the media into
 * `dataDir`. Refuses a data directory that is not empty and a database file that exists, so nothing is
 * ever overwritten.
 */
export async function restoreSqlite(archive: string, to: SqliteLocation): Promise<void> {
  if (existsSync(to.dataDir) && readdirSync(to.dataDir).length > 0)
    throw new RestoreRefusedError(`DATA_DIR ${to.dataDir} is not empty; restore needs an empty one`);
  if (existsSync(to.databasePath))
    throw new RestoreRefusedError(`the database file ${to.databasePath} already exists`);
  mkdirSync(to.dataDir, { recursive: true, mode: 0o700 });
  await tar.extract({ file: archive, cwd: to.dataDir, strict: true, preservePaths: false });
  const restoredDb = path.join(to.dataDir, DB_ENTRY);
  if (!existsSync(restoredDb)) throw new RestoreRefusedError('the archive holds no database');
  if (path.resolve(restoredDb) !== path.resolve(to.databasePath)) {
    mkdirSync(path.dirname(to.databasePath), { recursive: true });
    renameSync(restoredDb, to.databasePath);
  }
  chmodSync(to.databasePath, 0o600);
  const key = path.join(to.dataDir, KEY_ENTRY);
  if (existsSync(key)) chmodSync(key, 0o600);
}
