import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestAudio } from './audio-ingest';
import { FrameCounter } from './frame-counter';
import { type AudioFixtures, FIXTURE_TAGS, makeAudioFixtures } from './testing/audio-fixtures';

/** Reads a file the way /api/extract-metadata does, in small uneven chunks as a network delivers them. */
const extract = (bytes: Buffer) => {
  const sizes = [1, 7, 4093, 65536, 333];
  const chunks: Buffer[] = [];
  for (let at = 0, i = 0; at < bytes.length; i++) {
    const size = sizes[i % sizes.length] ?? 1;
    chunks.push(bytes.subarray(at, at + size));
    at += size;
  }
  return ingestAudio(Readable.from(chunks), { maxBytes: 50 * 1024 * 1024, store: null, cover: true });
};

describe('audio tags and duration from a stream', () => {
  let f: AudioFixtures;
  beforeAll(async () => {
    f = await makeAudioFixtures();
  });
  afterAll(() => f.cleanup());

  it.each([
    ['mp3', 5],
    ['wav', 4],
    ['flac', 6],
    ['m4a', 7],
    ['ogg', 60],
  ] as const)(
    'reads %s: format by content, tags, lyricist from the composer, whole seconds',
    async (format, seconds) => {
      const audio = await extract(f.read(f[format]));
      expect(audio.format).toBe(format);
      expect(audio.duration).toBe(seconds);
      expect(audio.reading.tags.title).toBe(FIXTURE_TAGS.title);
      if (format === 'wav') return;
      expect(audio.reading.tags).toMatchObject({
        lyricist: FIXTURE_TAGS.composer,
        artist: FIXTURE_TAGS.artist,
        album: FIXTURE_TAGS.album,
        genre: FIXTURE_TAGS.genre,
        year: FIXTURE_TAGS.year,
        trackNumber: FIXTURE_TAGS.track,
      });
    },
  );

  it('counts the duration when no header gives it: raw AAC, VBR and MPEG-2 MP3 without Xing', async () => {
    expect((await extract(f.read(f.aac))).duration).toBe(3);
    expect((await extract(f.read(f.mp3NoXing))).duration).toBe(9);
    expect((await extract(f.read(f.mp3Mpeg2))).duration).toBe(6);
  });

  it('counts frames exactly whatever the chunking', () => {
    const bytes = f.read(f.mp3NoXing);
    const whole = new FrameCounter('mp3');
    whole.push(bytes);
    const bytewise = new FrameCounter('mp3');
    for (let at = 0; at < bytes.length; at += 3) bytewise.push(bytes.subarray(at, at + 3));
    expect(whole.seconds()).toBeCloseTo(9, 1);
    expect(bytewise.seconds()).toBe(whole.seconds());
  });

  it('returns the embedded cover', async () => {
    const withCover = await extract(f.read(f.mp3Cover));
    expect(withCover.reading.cover).toMatch(/^data:image\/jpeg;base64,/);
    expect(withCover.duration).toBe(5);
  });
});
