import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { nowIso } from '../../clock';
import type { Database } from '../../db/database';

/** Every file under `<dataDir>/media`, partial uploads included, as paths relative to it. */
export function mediaFiles(dataDir: string): string[] {
  const root = path.join(dataDir, 'media');
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)))
    .sort();
}

/** Polls until `check` holds (files are removed after the answer has gone out). */
export async function eventually(check: () => boolean | Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** An artist and a single album to hang songs on. */
export async function seedAlbum(
  database: Database,
  title = 'Sepad',
): Promise<{ artistId: number; albumId: number }> {
  const now = nowIso();
  const artist = await database.db
    .insertInto('artists')
    .values({ name: 'نور محمد', searchText: 'نور محمد', verified: false, createdAt: now, updatedAt: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const album = await database.db
    .insertInto('albums')
    .values({
      title,
      albumType: 'single',
      primaryArtistId: artist.id,
      searchText: title.toLowerCase(),
      createdAt: now,
      updatedAt: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { artistId: artist.id, albumId: album.id };
}
