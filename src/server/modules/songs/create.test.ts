import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AudioFixtures, makeAudioFixtures, multipart } from '../../media/testing/audio-fixtures';
import { eventually, mediaFiles, seedAlbum } from '../../media/testing/media-dir';
import { useApiTestApp } from '../../testing/api-test-app';
import { testDialects } from '../../testing/databases';

describe.each(testDialects())('song save and batch save on %s', (dialect) => {
  const t = useApiTestApp(dialect);
  let f: AudioFixtures;
  let albumId: number;
  beforeAll(async () => {
    f = await makeAudioFixtures();
    ({ albumId } = await seedAlbum(t.database, 'سپاد'));
  });
  afterAll(async () => {
    f.cleanup();
  });

  const uploadAudio = async (file: string) => {
    const body = await multipart('audio', f.read(file), 'song');
    const res = await t.postMultipart('/api/upload/audio', body);
    return res.json() as {
      audioUrl: string;
      fileSize: number;
      duration: number;
      duplicateOfSongId: number | null;
    };
  };
  const { call } = t;
  /** The payload the upload screen sends, as spec section 3 describes it. */
  const payload = (audio: { audioUrl: string; fileSize: number; duration: number }, title: string) => ({
    title,
    lyricist: 'Karim Dashti',
    albumId,
    audioFileUrl: audio.audioUrl,
    audioFileSize: audio.fileSize,
    duration: audio.duration,
    lyrics: null,
    language: 'Balochi',
    status: 'published',
  });

  it('saves a song from an uploaded file and answers 201 with it', async () => {
    const audio = await uploadAudio(f.mp3);
    const res = await call('POST', '/api/songs', {
      ...payload(audio, 'لیلا جان'),
      audioFileSize: 1,
      duration: 999,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      title: 'لیلا جان',
      lyricist: 'Karim Dashti',
      albumId,
      albumTitle: 'سپاد',
      artistName: 'نور محمد',
      audioFileUrl: audio.audioUrl,
      audioFileSize: audio.fileSize,
      duration: 5,
      language: 'Balochi',
      status: 'published',
      likesCount: 0,
      downloadsCount: 0,
      totalStreams: 0,
    });
    expect((await uploadAudio(f.mp3)).duplicateOfSongId).toBe(res.json().id);
    const listed = await call('GET', `/api/songs?q=${encodeURIComponent('ليلا')}`);
    expect(listed.json().map((s: { id: number }) => s.id)).toContain(res.json().id);
  });

  it('refuses a missing album, a file this server did not store and a bad language', async () => {
    const audio = await uploadAudio(f.wav);
    const cases: [object, string][] = [
      [{ ...payload(audio, 'A'), albumId: 999_999 }, 'albumId'],
      [
        { ...payload(audio, 'A'), audioFileUrl: '/media/audio/00/00000000000000000000000000000000.mp3' },
        'audioFileUrl',
      ],
      [{ ...payload(audio, 'A'), audioFileUrl: 'https://elsewhere.example/song.mp3' }, 'audioFileUrl'],
      [{ ...payload(audio, 'A'), language: 'Urdu' }, 'language'],
      [{ ...payload(audio, 'A'), likesCount: 7 }, 'likesCount'],
      [{ ...payload(audio, ' ') }, 'title'],
    ];
    for (const [body, field] of cases) {
      const res = await call('POST', '/api/songs', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().details[0].field).toBe(field);
    }
    expect((await call('GET', '/api/songs?q=A')).json()).toEqual([]);
  });

  it('saves a batch song by song: half invalid, the other half saved', async () => {
    const [a, b, c] = [await uploadAudio(f.flac), await uploadAudio(f.m4a), await uploadAudio(f.ogg)];
    const songs = [
      { ...payload(a, 'Zahirok'), likesCount: 0, downloadsCount: 0 },
      { ...payload(b, ''), likesCount: 0, downloadsCount: 0 },
      { ...payload(b, 'دو دل'), likesCount: 0, downloadsCount: 0 },
      { ...payload(c, 'No album'), albumId: 424_242 },
      { ...payload(c, 'Laadi'), language: null },
      { ...payload(c, 'Forged'), audioFileUrl: '/media/../../secret.key' },
      { ...payload(a, 'Sepad'), status: 'published' },
      'not a song',
      { ...payload(c, 'Negative'), duration: -3 },
      { ...payload(b, 'Extra field'), coverArt: 'x' },
    ];
    const res = await call('POST', '/api/upload/batch-songs', { songs });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.successCount).toBe(4);
    expect(body.failedCount).toBe(6);
    expect(body.success.map((s: { title: string }) => s.title)).toEqual([
      'Zahirok',
      'دو دل',
      'Laadi',
      'Sepad',
    ]);
    expect(
      body.success.every((s: { likesCount: number; downloadsCount: number }) => s.likesCount === 0),
    ).toBe(true);
    expect(body.failed.map((x: { originalData: { title?: string } }) => x.originalData.title)).toEqual([
      '',
      'No album',
      'Forged',
      undefined,
      'Negative',
      'Extra field',
    ]);
    expect(body.failed[0].error).toBe('title: Title is required');
    expect(body.failed[1].error).toMatch(/Album 424242 does not exist/);
    expect(body.failed[2].error).toMatch(/not uploaded to this server/);
    expect(body.failed[3].originalData).toEqual({ value: 'not a song' });
    const saved = await t.database.db
      .selectFrom('songs')
      .select('title')
      .where('albumId', '=', albumId)
      .execute();
    expect(saved.map((s) => s.title)).toEqual(expect.arrayContaining(['Zahirok', 'دو دل', 'Laadi', 'Sepad']));
    expect(saved.map((s) => s.title)).not.toContain('No album');
  });

  it('checks the batch envelope itself', async () => {
    expect((await call('POST', '/api/upload/batch-songs', { songs: [] })).statusCode).toBe(400);
    expect((await call('POST', '/api/upload/batch-songs', { songs: Array(1001).fill({}) })).statusCode).toBe(
      400,
    );
    expect((await call('POST', '/api/upload/batch-songs', {})).statusCode).toBe(400);
  });

  it('removes the audio file after a song delete, unless another song still plays it', async () => {
    const audio = await uploadAudio(f.aac);
    const first = (await call('POST', '/api/songs', payload(audio, 'One'))).json();
    const second = (await call('POST', '/api/songs', payload(audio, 'Two'))).json();
    const stored = audio.audioUrl.slice('/media/'.length);
    expect((await call('DELETE', `/api/songs/${first.id}`)).statusCode).toBe(204);
    expect(mediaFiles(t.dataDir)).toContain(stored);
    expect((await call('DELETE', `/api/songs/${second.id}`)).statusCode).toBe(204);
    await eventually(() => !mediaFiles(t.dataDir).includes(stored));
    expect((await call('POST', '/api/songs', payload(audio, 'Three'))).statusCode).toBe(400);
  });
});
