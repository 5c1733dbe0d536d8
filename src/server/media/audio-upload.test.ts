import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../clock';
import { useApiTestApp } from '../testing/api-test-app';
import { testDialects } from '../testing/databases';
import { type AudioFixtures, FIXTURE_TAGS, makeAudioFixtures, multipart } from './testing/audio-fixtures';
import { mediaFiles, seedAlbum } from './testing/media-dir';

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

describe.each(testDialects())('audio upload and tag extraction on %s', (dialect) => {
  const t = useApiTestApp(dialect);
  let f: AudioFixtures;
  beforeAll(async () => {
    f = await makeAudioFixtures({ large: true });
  });
  afterAll(async () => {
    f.cleanup();
  });

  const send = async (url: string, bytes: Buffer, filename: string, field = 'audio', type = 'audio/mpeg') => {
    const body = await multipart(field, bytes, filename, type);
    return t.postMultipart(url, body);
  };
  const upload = (bytes: Buffer, filename = 'song.mp3') => send('/api/upload/audio', bytes, filename);
  const storedFiles = () => mediaFiles(t.dataDir).filter((p) => p.startsWith('audio'));

  it('extracts tags, lyricist, whole-second duration and the cover without storing anything', async () => {
    const res = await send('/api/extract-metadata', f.read(f.mp3Cover), 'cover.mp3');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      title: FIXTURE_TAGS.title,
      lyricist: FIXTURE_TAGS.composer,
      artist: FIXTURE_TAGS.artist,
      album: FIXTURE_TAGS.album,
      genre: FIXTURE_TAGS.genre,
      year: FIXTURE_TAGS.year,
      trackNumber: FIXTURE_TAGS.track,
      duration: 5,
      format: 'mp3',
      duplicateOfSongId: null,
    });
    expect(res.json().cover).toMatch(/^data:image\/jpeg;base64,/);
    expect(storedFiles()).toEqual([]);
  });

  it.each([
    ['mp3', 'audio/mpeg', 5],
    ['wav', 'audio/wav', 4],
    ['flac', 'audio/flac', 6],
    ['m4a', 'audio/mp4', 7],
    ['aac', 'audio/aac', 3],
    ['ogg', 'audio/ogg', 60],
  ] as const)(
    'stores %s judged by content, whatever the name says, and serves it back',
    async (format, type, seconds) => {
      const bytes = f.read(f[format]);
      const res = await upload(bytes, 'renamed.bin');
      expect(res.statusCode).toBe(201);
      const body = res.json();
      expect(body).toMatchObject({
        format,
        duration: seconds,
        fileSize: bytes.length,
        sha256: sha(bytes),
        duplicateOfSongId: null,
      });
      expect(body.audioUrl).toMatch(new RegExp(`^/media/audio/[0-9a-f]{2}/[0-9a-f]{32}\\.${format}$`));
      if (format !== 'aac') expect(body.metadata.title).toBe(FIXTURE_TAGS.title);
      const served = await t.app.inject({ method: 'GET', url: body.audioUrl });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe(type);
      expect(served.rawPayload.equals(bytes)).toBe(true);
    },
  );

  it('refuses what is not audio by content with 415 and stores nothing', async () => {
    const before = storedFiles();
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const mp3 = f.read(f.mp3);
    for (const [bytes, name] of [
      [Buffer.from('just some text pretending to be a song\n'.repeat(50)), 'song.mp3'],
      [png, 'cover.mp3'],
      [Buffer.alloc(0), 'empty.mp3'],
      [mp3.subarray(0, 40), 'truncated-in-the-tag.mp3'],
    ] as const) {
      for (const url of ['/api/upload/audio', '/api/extract-metadata']) {
        const res = await send(url, bytes, name);
        expect(res.statusCode, `${name} → ${url}`).toBe(415);
        expect(res.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
        expect(res.json().error).toBe(
          bytes.length === 0
            ? 'The file is empty'
            : name === 'truncated-in-the-tag.mp3'
              ? 'The audio file is damaged or contains no audio'
              : 'Only MP3, WAV, FLAC, AAC/M4A and OGG audio files are allowed',
        );
      }
    }
    expect(storedFiles()).toEqual(before);
  });

  it('keeps the playable part of an MP3 cut short', async () => {
    const mp3 = f.read(f.mp3);
    const res = await upload(mp3.subarray(0, Math.floor(mp3.length / 2)));
    expect(res.statusCode).toBe(201);
    expect(res.json().duration).toBeGreaterThanOrEqual(2);
    expect(res.json().duration).toBeLessThanOrEqual(3);
  });

  it('answers 413 "File too large" past 50 MB and leaves no file behind', async () => {
    const before = storedFiles();
    const large = f.read(f.wav51mb);
    expect(large.length).toBeGreaterThan(51 * 1024 * 1024);
    for (const url of ['/api/upload/audio', '/api/extract-metadata']) {
      const res = await send(url, large, 'long.wav', 'audio', 'audio/wav');
      expect(res.statusCode).toBe(413);
      expect(res.json()).toMatchObject({ error: 'File too large', code: 'PAYLOAD_TOO_LARGE' });
    }
    expect(storedFiles()).toEqual(before);
    expect(mediaFiles(t.dataDir).filter((p) => p.startsWith('.partial'))).toEqual([]);
  });

  it('never uses the client file name: a path-traversal name is stored under a generated key', async () => {
    const res = await upload(f.read(f.mp3), '../../../../secret.key.mp3');
    expect(res.statusCode).toBe(201);
    expect(res.json().audioUrl).toMatch(/^\/media\/audio\/[0-9a-f]{2}\/[0-9a-f]{32}\.mp3$/);
    expect(existsSync(path.join(t.dataDir, 'secret.key.mp3'))).toBe(false);
    expect(mediaFiles(t.dataDir).some((p) => p.includes('secret'))).toBe(false);
  });

  it('requires one multipart file', async () => {
    const json = await t.call('POST', '/api/upload/audio', { audio: 'x' });
    expect(json.statusCode).toBe(415);
    const fieldOnly = new FormData();
    fieldOnly.append('title', 'no file');
    const response = new Response(fieldOnly);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/upload/audio',
      headers: { cookie: t.cookie, 'content-type': response.headers.get('content-type') ?? '' },
      payload: Buffer.from(await response.arrayBuffer()),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', error: 'Audio file is required' });
  });

  it('says which song already has the same audio', async () => {
    const bytes = f.read(f.flac);
    const { albumId } = await seedAlbum(t.database);
    const now = nowIso();
    const song = await t.database.db
      .insertInto('songs')
      .values({
        title: 'لیلا',
        albumId,
        audioSha256: sha(bytes),
        status: 'published',
        searchText: 'لیلا',
        createdAt: now,
        updatedAt: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await upload(bytes, 'again.flac')).json().duplicateOfSongId).toBe(song.id);
    expect((await send('/api/extract-metadata', bytes, 'again.flac')).json().duplicateOfSongId).toBe(song.id);
  });
});
