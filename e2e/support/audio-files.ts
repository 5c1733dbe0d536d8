import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface TaggedAudio {
  format: 'mp3' | 'flac' | 'wav';
  name: string;
  title: string;
  lyricist: string;
  album?: string;
  artist?: string;
  /** Seconds of tone. */
  seconds: number;
}

const CODEC = {
  mp3: ['-c:a', 'libmp3lame', '-b:a', '192k'],
  flac: ['-c:a', 'flac'],
  wav: ['-c:a', 'pcm_s16le'],
};

/**
 * Real audio made with ffmpeg: a stereo tone, tagged (title, composer as lyricist, album, artist).
 * A WAV's RIFF INFO chunk has no composer field, so WAV files carry no lyricist.
 */
export async function makeTaggedAudio(dir: string, audio: TaggedAudio): Promise<string> {
  const out = path.join(dir, audio.name);
  const tags = [
    ['title', audio.title],
    ['composer', audio.lyricist],
    ...(audio.album ? [['album', audio.album]] : []),
    ...(audio.artist ? [['artist', audio.artist]] : []),
  ].flatMap(([k, v]) => ['-metadata', `${k}=${v}`]);
  await run('ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=${300 + audio.seconds * 20}:sample_rate=44100:duration=${audio.seconds}`,
    '-ac',
    '2',
    ...tags,
    ...(audio.format === 'mp3' ? ['-id3v2_version', '3'] : []),
    ...CODEC[audio.format],
    out,
  ]);
  return out;
}

export function tempDir(): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(path.join(tmpdir(), 'nazenk-e2e-audio-'));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}
