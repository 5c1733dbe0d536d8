import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { BlobStore } from '../media/blob-store';
import { newKey } from '../media/keys';
import type { MediaFilesRepo } from '../media/media-files-repo';

const SAMPLE_RATE = 11_025;
const NOTE_SECONDS = 0.4;
/** A minor pentatonic scale over two octaves from A3, in Hz. */
const SCALE = [220, 261.63, 293.66, 329.63, 392, 440, 523.25, 587.33, 659.25, 783.99];
/** Tunes generated per seed; songs share them round-robin. */
export const SEED_TONES = 12;

export interface SeedTone {
  url: string;
  size: number;
  sha256: string;
  /** Whole seconds. */
  duration: number;
}

/** Where the seed stores its tunes: the app's active store and its record of stored files. */
export interface SeedAudioTarget {
  store: BlobStore;
  files: MediaFilesRepo;
}

/**
 * A short tune as a 16-bit mono PCM WAV, made in code (no binary is committed and no ffmpeg is
 * needed): notes of a pentatonic scale picked by a small linear congruential walk from `index`, each
 * with a soft attack and decay so it sounds like a plucked string rather than a beep.
 */
export function toneWav(index: number): { bytes: Buffer; seconds: number } {
  const seconds = 12 + ((index * 7) % 17);
  const samples = seconds * SAMPLE_RATE;
  const bytes = Buffer.alloc(44 + samples * 2);
  bytes.write('RIFF', 0, 'ascii');
  bytes.writeUInt32LE(36 + samples * 2, 4);
  bytes.write('WAVEfmt ', 8, 'ascii');
  bytes.writeUInt32LE(16, 16);
  bytes.writeUInt16LE(1, 20);
  bytes.writeUInt16LE(1, 22);
  bytes.writeUInt32LE(SAMPLE_RATE, 24);
  bytes.writeUInt32LE(SAMPLE_RATE * 2, 28);
  bytes.writeUInt16LE(2, 32);
  bytes.writeUInt16LE(16, 34);
  bytes.write('data', 36, 'ascii');
  bytes.writeUInt32LE(samples * 2, 40);

  const perNote = Math.round(NOTE_SECONDS * SAMPLE_RATE);
  let state = index * 2_654_435 + 1;
  let degree = index % SCALE.length;
  let frequency = SCALE[degree] ?? 440;
  for (let i = 0; i < samples; i++) {
    const inNote = i % perNote;
    if (inNote === 0) {
      state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
      degree = Math.min(SCALE.length - 1, Math.max(0, degree + (state % 5) - 2));
      frequency = SCALE[degree] ?? 440;
    }
    const t = inNote / SAMPLE_RATE;
    const envelope = Math.min(1, inNote / 200) * Math.exp(-4 * t);
    const wave = Math.sin(2 * Math.PI * frequency * t) + 0.3 * Math.sin(4 * Math.PI * frequency * t);
    bytes.writeInt16LE(Math.round(wave * envelope * 0.45 * 32_767), 44 + i * 2);
  }
  return { bytes, seconds };
}

/**
 * Stores the seed's tunes and records them as uploaded audio. This happens before (and outside) the
 * seed's transaction: should the seed then fail, the tunes are unused uploads the sweep removes a day
 * later, instead of files no record knows about.
 */
export async function storeSeedTones(target: SeedAudioTarget, count = SEED_TONES): Promise<SeedTone[]> {
  const tones: SeedTone[] = [];
  for (let index = 0; index < count; index++) {
    const { bytes, seconds } = toneWav(index);
    const key = newKey('audio', 'wav');
    await target.store.put(key, Readable.from([bytes]), 'audio/wav');
    const tone: SeedTone = {
      url: target.store.urlFor(key),
      size: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      duration: seconds,
    };
    await target.files.record({ ...tone, kind: 'audio', contentType: 'audio/wav' });
    tones.push(tone);
  }
  return tones;
}
