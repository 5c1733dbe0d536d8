import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { BlobStore } from './blob-store';
import { LocalBlobStore } from './local-store';
import { mediaFilesRepo } from './media-files-repo';
import type { S3SettingsSource } from './s3-settings';
import { S3BlobStore } from './s3-store';

export interface MediaServiceOptions {
  db: Kysely<DB>;
  /** Local files live in `<dataDir>/media`. */
  dataDir: string;
  /** The current S3 settings, or null while storage is not configured (then files go to local disk). */
  s3Settings: S3SettingsSource;
}

export interface Located {
  store: BlobStore;
  key: string;
}

/**
 * Chooses the store per request: the S3 bucket when the settings' storage fields are complete, local
 * disk otherwise. Reading or removing a stored file goes by its URL, which names the store it is in.
 */
export function createMediaService(options: MediaServiceOptions) {
  const local = new LocalBlobStore(path.join(options.dataDir, 'media'));
  const files = mediaFilesRepo(options.db);
  let s3: { signature: string; store: S3BlobStore } | null = null;

  async function currentS3(): Promise<S3BlobStore | null> {
    const settings = await options.s3Settings();
    if (!settings) return null;
    const signature = JSON.stringify(settings);
    // Clients of earlier settings are left to finish their uploads and be collected.
    if (s3?.signature !== signature) s3 = { signature, store: new S3BlobStore(settings) };
    return s3.store;
  }

  /** The store new uploads go to. */
  async function activeStore(): Promise<BlobStore> {
    return (await currentS3()) ?? local;
  }

  /** Where a stored URL lives, when this server can reach it with the current settings. */
  async function locate(url: string): Promise<Located | null> {
    const localKey = local.keyFromUrl(url);
    if (localKey) return { store: local, key: localKey };
    if (!/^https?:\/\//i.test(url)) return null;
    const bucket = await currentS3();
    const key = bucket?.keyFromUrl(url);
    return bucket && key ? { store: bucket, key } : null;
  }

  /**
   * Removes a file this server stored once nothing refers to it any more; called after the commit
   * that dropped the reference. URLs the server did not store (typed-in links) are never touched.
   */
  async function discard(url: string | null | undefined, log: FastifyBaseLogger): Promise<void> {
    if (!url) return;
    try {
      if (!(await files.get(url)) || (await files.isReferenced(url))) return;
      const target = await locate(url);
      if (!target) {
        log.warn({ url }, 'stored file is in a bucket the current settings cannot reach; left in place');
        return;
      }
      await target.store.delete(target.key);
      await files.remove(url);
    } catch (err) {
      log.warn({ err, url }, 'failed to remove a stored file');
    }
  }

  /** What a write released (db/released-files.ts), removed one by one after its commit. */
  async function release(urls: readonly string[], log: FastifyBaseLogger): Promise<void> {
    for (const url of urls) await discard(url, log);
  }

  void local.sweepPartials().catch(() => undefined);
  return { local, files, activeStore, locate, discard, release };
}

export type MediaService = ReturnType<typeof createMediaService>;
