import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMediaService } from '../media/media-service';
import { mediaFiles } from '../media/testing/media-dir';
import { seedDemo } from '../seed/seed-demo';
import { createTestDatabase, type TestDatabase } from '../testing/databases';
import { backupSqlite, RestoreRefusedError, restoreSqlite } from './backup';

/** Every row of every table, in a stable order, and every media file with its SHA-256. */
function snapshot(databasePath: string, dataDir: string) {
  const db = new SQLite(databasePath, { readonly: true });
  try {
    const tables = db
      .prepare(
        "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name",
      )
      .pluck()
      .all() as string[];
    const rows = Object.fromEntries(
      tables.map((t) => [t, db.prepare(`select * from "${t}" order by 1`).all()]),
    );
    const files = Object.fromEntries(
      mediaFiles(dataDir).map((f) => [
        f,
        createHash('sha256')
          .update(readFileSync(path.join(dataDir, 'media', f)))
          .digest('hex'),
      ]),
    );
    return { tables, rows, files };
  } finally {
    db.close();
  }
}

describe('backup and restore of a SQLite install', () => {
  let t: TestDatabase;
  const work = mkdtempSync(path.join(tmpdir(), 'nazenk-restore-'));
  beforeAll(async () => {
    t = await createTestDatabase('sqlite');
    const media = createMediaService({ db: t.database.db, dataDir: t.dataDir, s3Settings: async () => null });
    await seedDemo(t.database, { songs: 60, audio: { store: media.local, files: media.files } });
    writeFileSync(path.join(t.dataDir, 'secret.key'), 'k'.repeat(64), { mode: 0o600 });
  });
  afterAll(async () => {
    await t.cleanup();
    rmSync(work, { recursive: true, force: true });
  });

  it('round-trips every table and every media file while the database stays open', async () => {
    const databasePath = path.join(t.dataDir, 'test.db');
    const archive = path.join(work, 'backup.tar.gz');
    // The server's connection stays open (and writes after the copy was taken are not in it).
    await backupSqlite({ databasePath, dataDir: t.dataDir }, archive);
    const before = snapshot(databasePath, t.dataDir);
    await t.database.db.deleteFrom('banners').execute();
    expect(statSync(archive).mode & 0o777).toBe(0o600);

    const restored = path.join(work, 'data');
    await restoreSqlite(archive, { databasePath: path.join(restored, 'catalogue.db'), dataDir: restored });
    const after = snapshot(path.join(restored, 'catalogue.db'), restored);
    expect(before.tables.length).toBeGreaterThan(10);
    expect(Object.keys(before.files).length).toBeGreaterThan(0);
    expect((before.rows.songs as unknown[]).length).toBe(60);
    expect(after).toEqual(before);
    expect(readFileSync(path.join(restored, 'secret.key'), 'utf8')).toBe('k'.repeat(64));
    expect(statSync(path.join(restored, 'catalogue.db')).mode & 0o777).toBe(0o600);

    await expect(
      restoreSqlite(archive, { databasePath: path.join(restored, 'other.db'), dataDir: restored }),
    ).rejects.toThrow(RestoreRefusedError);
  });
});
