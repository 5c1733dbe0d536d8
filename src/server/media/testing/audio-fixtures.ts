import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';

const run = promisify(execFile);

/** Tags written into the fixtures (Arabic script included, as the catalogue has it). */
export const FIXTURE_TAGS = {
  title: 'لیلا جان',
  composer: 'Karim Dashti',
  artist: 'نور محمد',
  album: 'Sepad',
  genre: 'Folk',
  year: 2021,
  track: 3,
} as const;

export interface AudioFixtures {
  dir: string;
  mp3: string;
  /** The same MP3 with a JPEG front cover embedded. */
  mp3Cover: string;
  wav: string;
  flac: string;
  m4a: string;
  aac: string;
  ogg: string;
  /** A VBR MP3 with no Xing/Info frame: its duration has to be counted (9 s). */
  mp3NoXing: string;
  /** An MPEG-2 layer III file (22.05 kHz, 576 samples a frame) with no Xing frame (6 s). */
  mp3Mpeg2: string;
  /** A WAV a little over 51 MB. */
  wav51mb: string;
  read(file: string): Buffer;
  cleanup(): void;
}

const metadata = (extra: string[] = []) => [
  '-metadata',
  `title=${FIXTURE_TAGS.title}`,
  '-metadata',
  `composer=${FIXTURE_TAGS.composer}`,
  '-metadata',
  `artist=${FIXTURE_TAGS.artist}`,
  '-metadata',
  `album=${FIXTURE_TAGS.album}`,
  '-metadata',
  `genre=${FIXTURE_TAGS.genre}`,
  '-metadata',
  `date=${FIXTURE_TAGS.year}`,
  '-metadata',
  `track=${FIXTURE_TAGS.track}`,
  ...extra,
];

async function ffmpeg(args: string[]): Promise<void> {
  await run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args]);
}

/** A sine tone of `seconds` as ffmpeg input arguments. */
const tone = (seconds: number) => [
  '-f',
  'lavfi',
  '-i',
  `sine=frequency=440:sample_rate=44100:duration=${seconds}`,
];

/** Real audio files made with ffmpeg into a temp folder (never committed). */
export async function makeAudioFixtures(options: { large?: boolean } = {}): Promise<AudioFixtures> {
  const dir = mkdtempSync(path.join(tmpdir(), 'nazenk-audio-'));
  const at = (name: string) => path.join(dir, name);
  const cover = at('cover.jpg');
  writeFileSync(
    cover,
    await sharp({ create: { width: 64, height: 64, channels: 3, background: '#8B5CF6' } })
      .jpeg()
      .toBuffer(),
  );
  await Promise.all([
    ffmpeg([
      ...tone(5),
      ...metadata(['-id3v2_version', '3']),
      '-c:a',
      'libmp3lame',
      '-b:a',
      '128k',
      at('tone.mp3'),
    ]),
    ffmpeg([
      ...tone(5),
      '-i',
      cover,
      '-map',
      '0:a',
      '-map',
      '1:v',
      '-c:a',
      'libmp3lame',
      '-c:v',
      'copy',
      '-disposition:v',
      'attached_pic',
      '-metadata:s:v',
      'comment=Cover (front)',
      ...metadata(['-id3v2_version', '3']),
      at('cover.mp3'),
    ]),
    ffmpeg([...tone(4), ...metadata(), '-c:a', 'pcm_s16le', at('tone.wav')]),
    ffmpeg([...tone(6), ...metadata(), '-c:a', 'flac', at('tone.flac')]),
    ffmpeg([...tone(7), ...metadata(), '-c:a', 'aac', '-b:a', '96k', at('tone.m4a')]),
    ffmpeg([...tone(3), '-c:a', 'aac', '-b:a', '96k', '-f', 'adts', at('tone.aac')]),
    ffmpeg([...tone(60), ...metadata(), '-c:a', 'libvorbis', '-q:a', '2', at('tone.ogg')]),
    ffmpeg([...tone(9), '-c:a', 'libmp3lame', '-q:a', '5', '-write_xing', '0', at('noxing.mp3')]),
    ffmpeg([
      ...tone(6),
      '-ar',
      '22050',
      '-c:a',
      'libmp3lame',
      '-b:a',
      '64k',
      '-write_xing',
      '0',
      at('mpeg2.mp3'),
    ]),
    options.large
      ? ffmpeg([...tone(304), '-ac', '2', '-c:a', 'pcm_s16le', at('large.wav')])
      : Promise.resolve(),
  ]);
  return {
    dir,
    mp3: at('tone.mp3'),
    mp3Cover: at('cover.mp3'),
    wav: at('tone.wav'),
    flac: at('tone.flac'),
    m4a: at('tone.m4a'),
    aac: at('tone.aac'),
    ogg: at('tone.ogg'),
    mp3NoXing: at('noxing.mp3'),
    mp3Mpeg2: at('mpeg2.mp3'),
    wav51mb: at('large.wav'),
    read: (file) => readFileSync(file),
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** A multipart/form-data body with one file, as a browser's FormData sends it. */
export async function multipart(
  field: string,
  data: Uint8Array,
  filename: string,
  type = 'application/octet-stream',
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(data)], { type }), filename);
  const response = new Response(form);
  return {
    payload: Buffer.from(await response.arrayBuffer()),
    headers: { 'content-type': response.headers.get('content-type') ?? '' },
  };
}
