import { PassThrough, type Readable } from 'node:stream';
import { finished, pipeline } from 'node:stream/promises';
import { AUDIO_FORMATS, type AudioFormat } from '../../contract/media';
import { detectAudio, SNIFF_BYTES } from './audio-format';
import { type AudioReading, readAudio } from './audio-tags';
import type { BlobStore } from './blob-store';
import { fileTooLarge, unsupportedMediaType } from './errors';
import { FrameCounter, FrameCounting } from './frame-counter';
import { newKey } from './keys';
import { ByteLimit, Hashing, peekHead, Tap } from './stream-tools';

export interface IngestedAudio {
  format: AudioFormat;
  contentType: string;
  size: number;
  sha256: string;
  /** Whole seconds. */
  duration: number;
  reading: AudioReading;
  /** Where the file went, when a store was given. */
  key: string | null;
}

const NOT_AUDIO = 'Only MP3, WAV, FLAC, AAC/M4A and OGG audio files are allowed';
const UNREADABLE = 'The audio file is damaged or contains no audio';
const EMPTY = 'The file is empty';

type Settled<T> = { ok: true; value: T } | { ok: false; error: unknown };
const settle = <T>(p: Promise<T>): Promise<Settled<T>> =>
  p.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );

/**
 * Streams one uploaded audio file: its type is judged by its first bytes, then the bytes flow once
 * through a size limit, a SHA-256 and the tag parser into the store (or nowhere, to only read tags).
 * Memory stays bounded by stream buffers whatever the file's size. On any failure nothing is left in
 * the store and the rest of the upload is drained, so the error answer reaches the client.
 */
export async function ingestAudio(
  source: Readable,
  options: { maxBytes: number; store: BlobStore | null; cover: boolean },
): Promise<IngestedAudio> {
  const { head, stream: entry } = await peekHead(source, SNIFF_BYTES);
  const drainSource = () => {
    source.unpipe(entry);
    source.resume();
  };
  const detected = head.length > 0 ? await detectAudio(head) : null;
  if (!detected) {
    drainSource();
    throw unsupportedMediaType(head.length > 0 ? NOT_AUDIO : EMPTY, { accepted: AUDIO_FORMATS });
  }

  const limit = new ByteLimit(options.maxBytes);
  const hashing = new Hashing();
  const counting =
    detected.format === 'mp3' || detected.format === 'aac'
      ? new FrameCounting(new FrameCounter(detected.format))
      : null;
  const side = new PassThrough({ highWaterMark: 1 << 20 });
  const reading = settle(
    readAudio(side, detected.detectedMime, { cover: options.cover, wholeStream: detected.format === 'ogg' }),
  );
  const out = new PassThrough();
  const tap = new Tap(side, reading);
  const flow = counting
    ? pipeline(entry, limit, hashing, counting, tap, out)
    : pipeline(entry, limit, hashing, tap, out);
  const key = options.store ? newKey('audio', detected.format) : null;
  const sink = options.store && key ? options.store.put(key, out, detected.contentType) : drain(out);
  // A file the parser cannot read is refused at once rather than stored to the end.
  let unreadable = false;
  void reading.then((r) => {
    if (r.ok || out.destroyed) return;
    unreadable = true;
    out.destroy(new Error(UNREADABLE));
  });

  // Both settle before answering, so a failed store has cleaned up by the time the client hears.
  const failure = (await Promise.allSettled([flow, sink])).find((r) => r.status === 'rejected');
  if (failure) {
    drainSource();
    if (limit.bytes > options.maxBytes) throw fileTooLarge(options.maxBytes);
    if (unreadable) throw unsupportedMediaType(UNREADABLE);
    throw failure.reason;
  }

  const read = await reading;
  // MP3 and AAC frames are counted as they pass: the truth even when a header is missing or the file
  // was cut short; other formats' headers state their length.
  const seconds = read.ok ? (counting?.counter.seconds() ?? read.value.seconds) : null;
  if (!read.ok || !read.value.audioTrack || read.value.hasVideo || !seconds) {
    if (options.store && key) await options.store.delete(key);
    throw unsupportedMediaType(read.ok && read.value.hasVideo ? NOT_AUDIO : UNREADABLE);
  }
  return {
    format: detected.format,
    contentType: detected.contentType,
    size: limit.bytes,
    sha256: hashing.hex(),
    duration: Math.round(seconds),
    reading: read.value,
    key,
  };
}

async function drain(stream: Readable): Promise<void> {
  stream.resume();
  await finished(stream);
}
