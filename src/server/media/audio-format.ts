import { fileTypeFromBuffer } from 'file-type';
import type { AudioFormat } from '../../contract/media';
import { contentTypeFor } from './keys';

/** How many leading bytes are sniffed: enough for the container headers (and most ID3 tags). */
export const SNIFF_BYTES = 64 * 1024;

/** file-type's names for the accepted formats (an MP4 is accepted when it turns out to be audio only). */
const BY_DETECTED_EXTENSION: Record<string, AudioFormat> = {
  mp3: 'mp3',
  wav: 'wav',
  flac: 'flac',
  m4a: 'm4a',
  mp4: 'm4a',
  aac: 'aac',
  ogg: 'ogg',
  oga: 'ogg',
  opus: 'ogg',
};

export interface DetectedAudio {
  format: AudioFormat;
  /** The type file-type reported, for music-metadata's choice of parser. */
  detectedMime: string;
  /** The type the file is stored and served with. */
  contentType: string;
}

/** The audio format of a file judged by its first bytes (magic numbers), or null when not accepted. */
export async function detectAudio(head: Uint8Array): Promise<DetectedAudio | null> {
  const type = await fileTypeFromBuffer(head);
  const format = type ? BY_DETECTED_EXTENSION[type.ext] : undefined;
  if (!type || !format) return null;
  return { format, detectedMime: type.mime, contentType: contentTypeFor(format) };
}
