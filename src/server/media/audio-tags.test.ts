import { createReadStream } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detectAudio } from './audio-format';
import { readAudio } from './audio-tags';
import { type AudioFixtures, FIXTURE_TAGS, makeAudioFixtures } from './testing/audio-fixtures';

describe('audio tags from a stream', () => {
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
    ['ogg', 8],
  ] as const)(
    'reads %s: format by content, title, lyricist from the composer, whole-second duration',
    async (format, seconds) => {
      const file = f[format];
      const detected = await detectAudio(f.read(file).subarray(0, 65536));
      expect(detected?.format).toBe(format);
      const reading = await readAudio(createReadStream(file), detected?.detectedMime ?? '', { cover: false });
      expect(reading.duration).toBe(seconds);
      expect(reading.hasAudio).toBe(true);
      expect(reading.tags.title).toBe(FIXTURE_TAGS.title);
      if (format !== 'wav') {
        expect(reading.tags).toMatchObject({
          lyricist: FIXTURE_TAGS.composer,
          artist: FIXTURE_TAGS.artist,
          album: FIXTURE_TAGS.album,
          genre: FIXTURE_TAGS.genre,
          year: FIXTURE_TAGS.year,
          trackNumber: FIXTURE_TAGS.track,
        });
      }
    },
  );

  it('reads raw AAC (ADTS) and an embedded cover', async () => {
    const aac = await detectAudio(f.read(f.aac).subarray(0, 65536));
    expect(aac?.format).toBe('aac');
    expect(
      (await readAudio(createReadStream(f.aac), aac?.detectedMime ?? '', { cover: false })).duration,
    ).toBe(3);
    const withCover = await readAudio(createReadStream(f.mp3Cover), 'audio/mpeg', { cover: true });
    expect(withCover.cover).toMatch(/^data:image\/jpeg;base64,/);
  });
});
