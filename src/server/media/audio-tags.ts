import type { Readable } from 'node:stream';
import { type IAudioMetadata, type IPicture, parseStream, selectCover } from 'music-metadata';
import type { AudioTags } from '../../contract/media';

export interface AudioReading {
  tags: AudioTags;
  /** Exact seconds, when the headers tell (see readAudio). */
  seconds: number | null;
  /** False when the container says it holds no audio track. */
  audioTrack: boolean;
  hasVideo: boolean;
  /** The embedded front cover as a data: URL (only when asked for). */
  cover: string | null;
}

/** Covers larger than this are not sent back as data URLs. */
const MAX_COVER_BYTES = 2 * 1024 * 1024;

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * RIFF INFO (WAV) has no charset and music-metadata reads it as Latin-1, while ffmpeg and most tools
 * write UTF-8: a string of Latin-1 characters whose bytes are valid multi-byte UTF-8 is re-read as it.
 */
function repairUtf8(s: string): string {
  const codes = Array.from(s, (c) => c.codePointAt(0) ?? 0);
  if (!codes.some((c) => c >= 0x80) || codes.some((c) => c > 0xff)) return s;
  try {
    return utf8.decode(Buffer.from(s, 'latin1'));
  } catch {
    return s;
  }
}

const text = (v: string | undefined | null): string | null => {
  const t = v ? repairUtf8(v).replaceAll('\0', '').trim() : '';
  return t ? t : null;
};
const list = (v: string[] | undefined): string | null =>
  text(
    v
      ?.map((s) => s.trim())
      .filter(Boolean)
      .join(', '),
  );

/**
 * Reads tags and duration from a stream (never buffering the file), stopping as soon as the headers
 * have told all they hold. WAV, FLAC and M4A state their duration in headers; an Ogg stream's is the
 * position of its last page, so it is read to the end (`wholeStream`); MP3 and raw AAC frames are
 * counted by FrameCounter instead.
 */
export async function readAudio(
  stream: Readable,
  mimeType: string,
  options: { cover: boolean; wholeStream: boolean },
): Promise<AudioReading> {
  const meta = await parseStream(
    stream,
    { mimeType },
    { duration: options.wholeStream, skipCovers: !options.cover },
  );
  return toReading(meta, options.cover);
}

export function toReading(meta: IAudioMetadata, withCover: boolean): AudioReading {
  const { common, format } = meta;
  const picture = withCover ? selectCover(common.picture) : null;
  const duration = format.duration !== undefined && Number.isFinite(format.duration) ? format.duration : null;
  return {
    tags: {
      title: text(common.title),
      lyricist: list(common.lyricist) ?? list(common.composer),
      artist: text(common.artist) ?? list(common.artists),
      album: text(common.album),
      genre: list(common.genre),
      year: common.year ?? null,
      trackNumber: common.track.no ?? null,
    },
    seconds: duration,
    audioTrack: format.hasAudio !== false,
    hasVideo: format.hasVideo === true,
    cover: coverDataUrl(picture),
  };
}

const COVER_TYPES: Readonly<Record<string, string>> = {
  'image/jpeg': 'image/jpeg',
  'image/jpg': 'image/jpeg',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  'image/png': 'image/png',
  png: 'image/png',
};

/** A JPEG or PNG cover as a data: URL (other picture types and oversized covers are left out). */
function coverDataUrl(picture: IPicture | null): string | null {
  const type = picture ? COVER_TYPES[picture.format.toLowerCase()] : undefined;
  if (!picture || !type || picture.data.length > MAX_COVER_BYTES) return null;
  return `data:${type};base64,${Buffer.from(picture.data).toString('base64')}`;
}
