import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useApiTestApp } from '../testing/api-test-app';
import { testDialects } from '../testing/databases';
import { sweepUnsavedAudio, UNSAVED_AUDIO_MAX_AGE_MS } from './audio-sweep';
import { appMedia } from './setup';
import { type AudioFixtures, makeAudioFixtures, multipart } from './testing/audio-fixtures';
import { mediaFiles, seedAlbum } from './testing/media-dir';
import { startTestBucket, type TestBucket } from './testing/s3rver';
import { useBucket } from './testing/storage-settings';

const HOUR = 60 * 60 * 1000;

describe.each(testDialects())('sweep of uploaded audio never saved as a song, on %s', (dialect) => {
  const t = useApiTestApp(dialect);
  let f: AudioFixtures;
  let bucket: TestBucket;
  let albumId: number;
  beforeAll(async () => {
    [f, bucket] = await Promise.all([makeAudioFixtures(), startTestBucket()]);
    ({ albumId } = await seedAlbum(t.database, 'سپاد'));
  });
  afterAll(async () => {
    await bucket.close();
    f.cleanup();
  });

  /** The app's media service as the sweep sees it: same database, data folder and settings. */
  const media = () =>
    appMedia(t.database, {
      dataDir: t.dataDir,
      secretKey: 'test-secret-key-0123456789abcdef0123456789abcdef',
    });
  const sweep = (now: number) => sweepUnsavedAudio(media(), { now, log: t.app.log });
  const upload = async (file: string) => {
    const res = await t.postMultipart('/api/upload/audio', await multipart('audio', f.read(file), 'x'));
    expect(res.statusCode, res.body).toBe(201);
    return res.json().audioUrl as string;
  };
  const recorded = async (url: string) =>
    (await t.database.db.selectFrom('mediaFiles').select('url').where('url', '=', url).execute()).length;
  const saveSong = async (audioFileUrl: string) => {
    const res = await t.call('POST', '/api/songs', { title: 'لیلا جان', albumId, audioFileUrl });
    expect(res.statusCode, res.body).toBe(201);
  };

  it('keeps unsaved audio for a day, then removes it from disk; saved audio stays', async () => {
    const uploadedAt = Date.now();
    const [saved, abandoned] = [await upload(f.mp3), await upload(f.wav)];
    await saveSong(saved);
    const onDisk = (url: string) => mediaFiles(t.dataDir).includes(url.slice('/media/'.length));

    expect(await sweep(uploadedAt + 23 * HOUR)).toEqual({ removed: 0, kept: 0 });
    expect([onDisk(abandoned), await recorded(abandoned)]).toEqual([true, 1]);

    const later = uploadedAt + UNSAVED_AUDIO_MAX_AGE_MS + HOUR;
    expect(await sweep(later)).toEqual({ removed: 1, kept: 0 });
    expect([onDisk(abandoned), await recorded(abandoned)]).toEqual([false, 0]);
    expect([onDisk(saved), await recorded(saved)]).toEqual([true, 1]);
    // Nothing more to do the next time; the saved song still plays.
    expect(await sweep(later + HOUR)).toEqual({ removed: 0, kept: 0 });
    expect((await t.call('GET', saved)).statusCode).toBe(200);
  });

  it('removes unsaved audio from the bucket it went to, and keeps what it cannot reach', async () => {
    await useBucket(t.app, t.cookie, bucket.settings);
    const uploadedAt = Date.now();
    const [saved, abandoned, unreachable] = [await upload(f.flac), await upload(f.mp3), await upload(f.wav)];
    await saveSong(saved);
    const key = (url: string) => url.slice(`${bucket.settings.endpoint}/${bucket.settings.bucket}/`.length);
    expect(await bucket.keys()).toEqual(expect.arrayContaining([saved, abandoned, unreachable].map(key)));

    // A file of another bucket (the settings changed since) cannot be reached: it is left alone.
    await t.database.db
      .updateTable('mediaFiles')
      .set({ url: `https://elsewhere.example.com/${key(unreachable)}` })
      .where('url', '=', unreachable)
      .execute();
    const later = uploadedAt + UNSAVED_AUDIO_MAX_AGE_MS + HOUR;
    expect(await sweep(later)).toEqual({ removed: 1, kept: 1 });
    const keys = await bucket.keys();
    expect(keys).not.toContain(key(abandoned));
    expect(keys).toContain(key(saved));
    expect(await recorded(abandoned)).toBe(0);
    expect(await recorded(`https://elsewhere.example.com/${key(unreachable)}`)).toBe(1);
    await useBucket(t.app, t.cookie, null);
  });
});
