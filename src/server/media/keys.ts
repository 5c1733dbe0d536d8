import { randomBytes } from 'node:crypto';

export const IMAGE_KINDS = ['artists', 'albums', 'banners'] as const;
export type ImageKind = (typeof IMAGE_KINDS)[number];

const CONTENT_TYPES = {
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  flac: 'audio/flac',
  m4a: 'audio/mp4',
  aac: 'audio/aac',
  ogg: 'audio/ogg',
  jpg: 'image/jpeg',
  png: 'image/png',
} as const;
export type StoredExtension = keyof typeof CONTENT_TYPES;

/**
 * Every key the server generates: a folder per purpose, a two-character shard, 128 random bits and an
 * extension for the content actually stored. Nothing else is a key, so no client text reaches a path.
 */
const KEY_PATTERN =
  /^(?:audio|images\/(?:artists|albums|banners|users))\/[0-9a-f]{2}\/[0-9a-f]{32}\.(mp3|wav|flac|m4a|aac|ogg|jpg|png)$/;

export function newKey(folder: 'audio' | `images/${ImageKind | 'users'}`, ext: StoredExtension): string {
  const id = randomBytes(16).toString('hex');
  return `${folder}/${id.slice(0, 2)}/${id}.${ext}`;
}

export const isValidKey = (key: string): boolean => KEY_PATTERN.test(key);

/** The extension of a valid key, or null. */
export function extensionOf(key: string): StoredExtension | null {
  const match = KEY_PATTERN.exec(key);
  return match ? (match[1] as StoredExtension) : null;
}

export function contentTypeOf(key: string): string {
  const ext = extensionOf(key);
  return ext ? CONTENT_TYPES[ext] : 'application/octet-stream';
}

export const contentTypeFor = (ext: StoredExtension): string => CONTENT_TYPES[ext];
