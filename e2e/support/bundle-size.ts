import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { PROJECT_ROOT } from './server';

const WEB_DIR = path.join(PROJECT_ROOT, 'dist/web');

/** Gzipped size in bytes of a built asset, given its URL path (e.g. /assets/index-abc.js). */
export function gzippedSize(urlPath: string): number {
  const file = path.join(WEB_DIR, decodeURIComponent(urlPath.replace(/^\/+/, '')));
  return gzipSync(readFileSync(file), { level: 9 }).length;
}
