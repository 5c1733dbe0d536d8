import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { appUserWithToken } from '../testing/app-users';
import { catalogueFixtures } from '../testing/catalogue-fixtures';
import type { TestApp } from '../testing/test-app';

/** A song whose audio is `bytes`, stored on the app's local disk under a generated key. */
export async function songWithAudio(
  t: Pick<TestApp, 'database' | 'dataDir'>,
  bytes: Buffer,
  status = 'published',
): Promise<number> {
  const fx = catalogueFixtures(t.database.db);
  const album = await fx.album('آلبوم', { primary: await fx.artist('هنرمند') });
  const id = randomBytes(16).toString('hex');
  const key = `audio/${id.slice(0, 2)}/${id}.mp3`;
  mkdirSync(path.join(t.dataDir, 'media', path.dirname(key)), { recursive: true });
  writeFileSync(path.join(t.dataDir, 'media', key), bytes);
  return fx.song(album, 'ترانه', { audioFileUrl: `/media/${key}`, status });
}

let listeners = 0;
/** An app user with a token, named uniquely (the row helper's names can repeat within a millisecond). */
export function listener(db: Kysely<DB>, fields: { isPremium?: boolean; isActive?: boolean } = {}) {
  listeners += 1;
  const name = `listener${listeners}_${randomBytes(3).toString('hex')}`;
  return appUserWithToken(db, { username: name, email: `${name}@example.com`, ...fields });
}
