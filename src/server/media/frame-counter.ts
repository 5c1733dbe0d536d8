import { Transform, type TransformCallback } from 'node:stream';

/**
 * Counts the frames of an MP3 (MPEG audio layer III) or ADTS AAC stream chunk by chunk, to know its
 * duration when no header says it: an MP3 without a Xing/Info frame, or any raw AAC. music-metadata
 * can count them too, but only by awaiting each frame of a stream, which costs ~10x the upload itself;
 * this is a plain loop over frame headers, skipping frame bodies without looking at them.
 */
export class FrameCounter {
  private carry: Buffer = Buffer.alloc(0);
  private skip = 0;
  private atStart = true;
  private samples = 0;
  private sampleRate = 0;
  private signature = -1;

  constructor(private readonly kind: 'mp3' | 'aac') {}

  /** Seconds of audio counted so far (null before any frame). */
  seconds(): number | null {
    return this.sampleRate > 0 ? this.samples / this.sampleRate : null;
  }

  push(chunk: Buffer): void {
    const buf = this.carry.length > 0 ? Buffer.concat([this.carry, chunk]) : chunk;
    this.carry = Buffer.alloc(0);
    let at = Math.min(this.skip, buf.length);
    this.skip -= at;
    while (this.skip === 0) {
      const left = buf.length - at;
      if (this.atStart) {
        if (left < 10) break;
        this.atStart = false;
        const tag = id3v2Length(buf, at);
        if (tag > 0) {
          at += tag;
          if (at > buf.length) this.skip = at - buf.length;
          continue;
        }
      }
      if (left < 7) break;
      const frame = this.kind === 'mp3' ? mp3Frame(buf, at) : adtsFrame(buf, at);
      // A header that disagrees with the stream's first frame is noise: look for the next sync.
      if (!frame || (this.signature !== -1 && frame.signature !== this.signature)) {
        at += 1;
        continue;
      }
      this.signature = frame.signature;
      this.sampleRate = frame.sampleRate;
      this.samples += frame.samples;
      at += frame.length;
      if (at > buf.length) this.skip = at - buf.length;
    }
    if (this.skip === 0 && at < buf.length) this.carry = Buffer.from(buf.subarray(at));
  }
}

/** Passes bytes through while counting frames. */
export class FrameCounting extends Transform {
  constructor(readonly counter: FrameCounter) {
    super();
  }
  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    this.counter.push(chunk);
    done(null, chunk);
  }
}

interface Frame {
  length: number;
  samples: number;
  sampleRate: number;
  /** Version, layer and sample rate bits: every frame of one stream shares them. */
  signature: number;
}

/** Length of an ID3v2 tag at `at` (header, body and footer), or 0. */
function id3v2Length(buf: Buffer, at: number): number {
  if (buf[at] !== 0x49 || buf[at + 1] !== 0x44 || buf[at + 2] !== 0x33) return 0;
  const size = [6, 7, 8, 9].reduce((n, i) => (n << 7) | ((buf[at + i] ?? 0) & 0x7f), 0);
  const footer = ((buf[at + 5] ?? 0) & 0x10) !== 0 ? 10 : 0;
  return 10 + size + footer;
}

const MP3_BITRATES = {
  v1: [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  v2: [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
};
const MP3_RATES: Record<number, number[]> = {
  3: [44100, 48000, 32000],
  2: [22050, 24000, 16000],
  0: [11025, 12000, 8000],
};

function mp3Frame(buf: Buffer, at: number): Frame | null {
  const b1 = buf[at + 1] ?? 0;
  const b2 = buf[at + 2] ?? 0;
  if (buf[at] !== 0xff || (b1 & 0xe0) !== 0xe0) return null;
  const version = (b1 >> 3) & 0x03; // 3: MPEG 1, 2: MPEG 2, 0: MPEG 2.5
  if (version === 1 || ((b1 >> 1) & 0x03) !== 1) return null; // layer III only
  const bitrate = (version === 3 ? MP3_BITRATES.v1 : MP3_BITRATES.v2)[(b2 >> 4) & 0x0f];
  const sampleRate = MP3_RATES[version]?.[(b2 >> 2) & 0x03];
  if (!bitrate || !sampleRate) return null;
  const perFrame = version === 3 ? 1152 : 576;
  const length = Math.floor(((perFrame / 8) * bitrate * 1000) / sampleRate) + ((b2 >> 1) & 0x01);
  return { length, samples: perFrame, sampleRate, signature: (b1 & 0x1e) | (b2 & 0x0c) };
}

const ADTS_RATES = [96000, 88200, 64000, 48000, 44100, 32000, 24000, 22050, 16000, 12000, 11025, 8000, 7350];

function adtsFrame(buf: Buffer, at: number): Frame | null {
  const b1 = buf[at + 1] ?? 0;
  const b2 = buf[at + 2] ?? 0;
  if (buf[at] !== 0xff || (b1 & 0xf6) !== 0xf0) return null; // sync, layer 00
  const sampleRate = ADTS_RATES[(b2 >> 2) & 0x0f];
  const length = (((buf[at + 3] ?? 0) & 0x03) << 11) | ((buf[at + 4] ?? 0) << 3) | ((buf[at + 5] ?? 0) >> 5);
  if (!sampleRate || length < 7) return null;
  const blocks = ((buf[at + 6] ?? 0) & 0x03) + 1;
  return { length, samples: 1024 * blocks, sampleRate, signature: (b1 & 0x08) | (b2 & 0xfc) };
}
