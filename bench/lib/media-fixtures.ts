import { execFile } from 'node:child_process';
import { copyFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

const ffmpeg = (args: string[]) => run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args]);
const tone = (seconds: number, frequency = 440) => [
  '-f',
  'lavfi',
  '-i',
  `sine=frequency=${frequency}:sample_rate=44100:duration=${seconds}`,
];
const tags = (i: number) => [
  '-metadata',
  `title=گیت ${i} — Song ${i}`,
  '-metadata',
  'composer=Karim Dashti',
  '-metadata',
  'artist=نور محمد',
  '-metadata',
  'album=Sepad',
];

export interface MediaBenchFiles {
  /** An MP3 just under the 50 MB limit (320 kbit/s, about 21 minutes). */
  large: string;
  /** Typical songs (about 4 minutes) in every accepted format, `count` files in all. */
  songs: string[];
}

/** Makes the benchmark's audio with ffmpeg: one large MP3 and `count` typical songs. */
export async function makeMediaBenchFiles(dir: string, count: number): Promise<MediaBenchFiles> {
  const large = path.join(dir, 'large.mp3');
  const kinds = [
    ['mp3', ['-c:a', 'libmp3lame', '-b:a', '128k', '-id3v2_version', '3']],
    ['m4a', ['-c:a', 'aac', '-b:a', '128k']],
    ['ogg', ['-c:a', 'libvorbis', '-q:a', '4']],
    ['flac', ['-c:a', 'flac']],
    ['wav', ['-c:a', 'pcm_s16le', '-ac', '2']],
  ] as const;
  const originals = kinds.map(([ext]) => path.join(dir, `song.${ext}`));
  await Promise.all([
    ffmpeg([...tone(1240), ...tags(0), '-c:a', 'libmp3lame', '-b:a', '320k', large]),
    ...kinds.map(([, codec], i) =>
      ffmpeg([...tone(240, 300 + i * 50), ...tags(i), ...codec, originals[i] as string]),
    ),
  ]);
  // Distinct files (copies of the five), so each reading opens its own file as an upload would.
  const songs = Array.from({ length: count }, (_, i) => {
    const source = originals[i % originals.length] as string;
    const file = path.join(dir, `song-${i}${path.extname(source)}`);
    copyFileSync(source, file);
    return file;
  });
  return { large, songs };
}
