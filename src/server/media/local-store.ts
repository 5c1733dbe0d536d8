import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdirSync } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type BlobInfo, BlobNotFoundError, type BlobStore, type ByteRange } from './blob-store';
import { contentTypeOf, isValidKey } from './keys';

/** Public path prefix of locally stored files (served by serve-routes.ts). */
export const LOCAL_MEDIA_PREFIX = '/media/';
const PARTIAL_DIR = '.partial';
const STALE_PARTIAL_MS = 60 * 60 * 1000;

const isMissing = (err: unknown) => (err as NodeJS.ErrnoException | null)?.code === 'ENOENT';

/**
 * Files under `<DATA_DIR>/media/<key>`. A file is written to `.partial/` first and renamed into place
 * only once complete, so a failed or aborted upload never leaves a file under a key.
 */
export class LocalBlobStore implements BlobStore {
  readonly kind = 'local';
  private readonly partialDir: string;

  constructor(readonly root: string) {
    this.partialDir = path.join(root, PARTIAL_DIR);
    mkdirSync(this.partialDir, { recursive: true });
  }

  private pathOf(key: string): string {
    if (!isValidKey(key)) throw new BlobNotFoundError(key);
    return path.join(this.root, ...key.split('/'));
  }

  async put(key: string, body: Readable, _contentType: string): Promise<void> {
    const final = this.pathOf(key);
    const partial = path.join(this.partialDir, `${randomBytes(12).toString('hex')}.part`);
    try {
      await pipeline(body, createWriteStream(partial, { flags: 'wx' }));
      await mkdir(path.dirname(final), { recursive: true });
      await rename(partial, final);
    } catch (err) {
      await rm(partial, { force: true });
      throw err;
    }
  }

  async stat(key: string): Promise<BlobInfo | null> {
    if (!isValidKey(key)) return null;
    try {
      const s = await stat(this.pathOf(key));
      return s.isFile() ? { size: s.size, contentType: contentTypeOf(key), lastModified: s.mtime } : null;
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async read(key: string, range?: ByteRange): Promise<Readable> {
    try {
      const handle = await open(this.pathOf(key), 'r');
      return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
    } catch (err) {
      if (isMissing(err)) throw new BlobNotFoundError(key);
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    if (isValidKey(key)) await rm(this.pathOf(key), { force: true });
  }

  urlFor(key: string): string {
    return `${LOCAL_MEDIA_PREFIX}${key}`;
  }

  keyFromUrl(url: string): string | null {
    if (!url.startsWith(LOCAL_MEDIA_PREFIX)) return null;
    const key = url.slice(LOCAL_MEDIA_PREFIX.length);
    return isValidKey(key) ? key : null;
  }

  /** Removes partial files a crashed process left behind (older than an hour: others may be writing). */
  async sweepPartials(now = Date.now()): Promise<void> {
    for (const name of await readdir(this.partialDir)) {
      const file = path.join(this.partialDir, name);
      const s = await stat(file).catch(() => null);
      if (s && now - s.mtimeMs > STALE_PARTIAL_MS) await rm(file, { force: true });
    }
  }
}
