import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { appUserWithToken } from '../testing/app-users';
import { catalogueFixtures } from '../testing/catalogue-fixtures';
import type { TestApp } from '../testing/test-app';
import { typedClient } from '../testing/typed-client';

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

/**
 * Plays a signed audio URL (absolute, or a path) as the app would, through the typed client's documented
 * audio path and query; `dropDownload` leaves out `download=1` (a download URL replayed as a stream).
 */
export function playSigned(
  app: FastifyInstance,
  signed: string,
  headers: Record<string, string> = {},
  { dropDownload = false } = {},
) {
  const url = new URL(signed, 'http://localhost');
  const download = dropDownload ? null : url.searchParams.get('download');
  return typedClient(app, headers).GET('/api/songs/{id}/audio', {
    params: {
      path: { id: Number(url.pathname.split('/')[3]) },
      query: {
        expires: Number(url.searchParams.get('expires')),
        signature: String(url.searchParams.get('signature')),
        ...(download === '1' ? { download } : {}),
      },
    },
    parseAs: 'arrayBuffer',
  });
}

/** The bytes of a `playSigned` answer. */
export const bytesOf = (res: { data?: ArrayBuffer }) => Buffer.from(res.data ?? new ArrayBuffer(0));
