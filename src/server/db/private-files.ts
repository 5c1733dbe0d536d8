import { chmodSync, closeSync, existsSync, openSync } from 'node:fs';

const PRIVATE = 0o600;
const COMPANIONS = ['', '-wal', '-shm', '-journal'];

/** Creates the SQLite file readable by its owner only, before SQLite would create it with the umask's mode. */
export function createPrivately(file: string): void {
  if (!existsSync(file)) closeSync(openSync(file, 'a', PRIVATE));
}

/**
 * Narrows the database file and its WAL, shared-memory and journal files to 0600 (SQLite gives new
 * companion files the database file's mode; files made by an older version may still be 0644).
 */
export function keepPrivate(file: string): void {
  for (const suffix of COMPANIONS) {
    if (existsSync(file + suffix)) chmodSync(file + suffix, PRIVATE);
  }
}
