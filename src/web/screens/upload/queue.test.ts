import { describe, expect, it } from 'vitest';
import type {
  AudioUploadResponse,
  BatchSongsResponse,
  ExtractMetadataResponse,
} from '../../../contract/media';
import {
  afterSave,
  badgeColour,
  canSaveToDatabase,
  canUploadAll,
  type ItemStatus,
  needsUpload,
  newItem,
  type QueueAction,
  type QueueItem,
  queueReducer,
  songPayload,
  splitAudioFiles,
  TOO_LARGE,
  titleFromFileName,
  UPLOAD_FAILED,
  validateItem,
} from './queue';

const file = (name: string, type = 'audio/mpeg', bytes = 2048) =>
  new File([new Uint8Array(bytes)], name, { type });
const album = { id: 7, title: 'سحر', artistName: 'نازنین بلوچ', coverArt: null };
const genre = { id: 3, name: 'Folk' };
const run = (items: QueueItem[], ...actions: QueueAction[]) => actions.reduce(queueReducer, items);
const withStatus = (status: ItemStatus, extra: Partial<QueueItem> = {}): QueueItem => ({
  ...newItem(file(`${status}.mp3`)),
  status,
  ...extra,
});
const uploadResponse = (audioUrl: string): AudioUploadResponse => ({
  audioUrl,
  duration: 185,
  fileSize: 4096,
  format: 'mp3',
  sha256: 'a'.repeat(64),
  duplicateOfSongId: null,
  metadata: {
    title: null,
    lyricist: null,
    artist: null,
    album: null,
    genre: null,
    year: null,
    trackNumber: null,
  },
});

describe('a queued item', () => {
  it('starts pending with the file name as title, Balochi, no progress', () => {
    const item = newItem(file('لیلا جان.final.mp3'));
    expect(item).toMatchObject({
      title: 'لیلا جان.final',
      status: 'pending',
      language: 'Balochi',
      uploadProgress: 0,
      error: null,
      audioUrl: null,
      fileSize: 2048,
    });
    expect(titleFromFileName('no-extension')).toBe('no-extension');
    expect(titleFromFileName('.mp3')).toBe('.mp3');
    expect(newItem(file('a.mp3')).id).not.toBe(item.id);
  });

  it('accepts only audio types; the rest are reported and the audio still added', () => {
    const { audio, rejected } = splitAudioFiles([
      file('a.mp3'),
      file('cover.jpg', 'image/jpeg'),
      file('b.flac', 'audio/flac'),
      file('notes.txt', ''),
    ]);
    expect(audio.map((f) => f.name)).toEqual(['a.mp3', 'b.flac']);
    expect(rejected.map((f) => f.name)).toEqual(['cover.jpg', 'notes.txt']);
  });

  it('validates title, album and genre with the spec messages joined by commas', () => {
    const small = { size: 10 };
    expect(validateItem({ file: small, title: '  ', album: null, genre: null })).toBe(
      'Title is required, Album is required, Genre is required',
    );
    expect(validateItem({ file: small, title: 'x', album, genre: null })).toBe('Genre is required');
    expect(validateItem({ file: small, title: 'x', album: null, genre })).toBe('Album is required');
    expect(validateItem({ file: small, title: 'نازنین', album, genre })).toBeNull();
    expect(validateItem({ file: { size: 50 * 1024 * 1024 }, title: 'x', album, genre })).toBeNull();
    expect(validateItem({ file: { size: 50 * 1024 * 1024 + 1 }, title: 'x', album, genre })).toBe(TOO_LARGE);
    expect(TOO_LARGE).toBe('File too large (max 50 MB)');
  });

  it('pre-fills title, lyricist, duration and album from tags without overwriting what was typed', () => {
    const item = newItem(file('track01.mp3'));
    const tags: ExtractMetadataResponse = {
      title: 'لیلا جان',
      lyricist: 'کریم دشتی',
      artist: 'نور محمد',
      album: 'Sepad',
      genre: null,
      year: null,
      trackNumber: null,
      duration: 212,
      format: 'mp3',
      fileSize: 2048,
      sha256: 'b'.repeat(64),
      cover: 'data:image/jpeg;base64,AAAA',
      duplicateOfSongId: 41,
    };
    const [read] = run([item], { type: 'tagsRead', id: item.id, tags, album });
    expect(read).toMatchObject({
      title: 'لیلا جان',
      lyricist: 'کریم دشتی',
      duration: 212,
      album,
      duplicateOfSongId: 41,
    });

    const typed = run([item], { type: 'edit', id: item.id, patch: { title: 'My title', lyricist: 'Me' } });
    const [kept] = run(typed, { type: 'tagsRead', id: item.id, tags: { ...tags, title: null }, album: null });
    expect(kept).toMatchObject({ title: 'My title', lyricist: 'Me', album: null });
  });

  it('goes pending → uploading → processing → uploaded with real progress, clamped and rounded', () => {
    const item = newItem(file('a.mp3'));
    const steps: QueueItem[][] = [];
    let items = [item];
    for (const action of [
      { type: 'uploadStarted', id: item.id },
      { type: 'progress', id: item.id, percent: 37.6 },
      { type: 'progress', id: item.id, percent: 140 },
      { type: 'bytesSent', id: item.id },
      { type: 'uploaded', id: item.id, response: uploadResponse('/media/audio/ab/x.mp3') },
    ] as QueueAction[]) {
      items = queueReducer(items, action);
      steps.push(items);
    }
    expect(steps.map(([i]) => [i?.status, i?.uploadProgress])).toEqual([
      ['uploading', 0],
      ['uploading', 38],
      ['uploading', 100],
      ['processing', 100],
      ['uploaded', 100],
    ]);
    expect(items[0]).toMatchObject({ audioUrl: '/media/audio/ab/x.mp3', duration: 185, fileSize: 4096 });
  });

  it('fails with the error message, else "Upload failed"; progress after the end is ignored', () => {
    const item = withStatus('uploading', { uploadProgress: 60 });
    const [failed] = run([item], { type: 'failed', id: item.id, message: 'The audio file is damaged' });
    expect(failed).toMatchObject({ status: 'failed', error: 'The audio file is damaged', uploadProgress: 0 });
    const [fallback] = run([item], { type: 'failed', id: item.id, message: '' });
    expect(fallback?.error).toBe(UPLOAD_FAILED);
    const [late] = run([fallback as QueueItem], { type: 'progress', id: item.id, percent: 80 });
    expect(late?.uploadProgress).toBe(0);
  });

  it('goes straight to failed when invalid, and a retry clears the error', () => {
    const item = newItem(file('a.mp3'));
    const [invalid] = run([item], { type: 'invalid', id: item.id, message: 'Album is required' });
    expect(invalid).toMatchObject({ status: 'failed', error: 'Album is required' });
    const [waiting] = run([invalid as QueueItem], { type: 'queued', id: item.id });
    expect(waiting).toMatchObject({ status: 'pending', error: null, uploadProgress: 0 });
    const [again] = run([waiting as QueueItem], { type: 'uploadStarted', id: item.id });
    expect(again).toMatchObject({ status: 'uploading', error: null, uploadProgress: 0 });
  });

  it('readies a stored file whose save failed without uploading it again', () => {
    const stored = withStatus('failed', { audioUrl: '/media/audio/ab/y.mp3', error: 'x' });
    expect(run([stored], { type: 'readyAgain', id: stored.id })[0]).toMatchObject({
      status: 'uploaded',
      error: null,
    });
    const notStored = withStatus('failed');
    expect(run([notStored], { type: 'readyAgain', id: notStored.id })[0]?.status).toBe('failed');
  });
});

describe('saving', () => {
  const uploaded = (n: number) =>
    withStatus('uploaded', {
      id: `i${n}`,
      audioUrl: `/media/audio/0${n}/f.mp3`,
      title: `Song ${n}`,
      album,
      genre,
    });

  it('marks completed or failed per the batch answer, matched by audio URL', () => {
    const items = [uploaded(1), uploaded(2), uploaded(3), withStatus('failed', { id: 'other' })];
    const saving = run(items, { type: 'saving', ids: ['i1', 'i2', 'i3'] });
    expect(saving.map((i) => i.status)).toEqual(['processing', 'processing', 'processing', 'failed']);
    const response = {
      success: [{ audioFileUrl: '/media/audio/01/f.mp3', title: 'Song 1' }],
      failed: [
        {
          originalData: { title: 'Song 2', audioFileUrl: '/media/audio/02/f.mp3' },
          error: 'albumId: Album not found',
        },
      ],
      successCount: 1,
      failedCount: 1,
    } as unknown as BatchSongsResponse;
    const done = run(saving, { type: 'batchSaved', response });
    expect(done.map((i) => [i.status, i.error])).toEqual([
      ['completed', null],
      ['failed', 'albumId: Album not found'],
      ['failed', UPLOAD_FAILED],
      ['failed', null],
    ]);
    expect(afterSave(done)).toBe('clearCompleted');
    expect(afterSave(run(done, { type: 'clearCompleted' }))).toBeNull();
  });

  it('clears everything when every item completed', () => {
    const items = run([uploaded(1), uploaded(2)], { type: 'saved', id: 'i1' }, { type: 'saved', id: 'i2' });
    expect(afterSave(items)).toBe('clearAll');
    expect(run(items, { type: 'clearAll' })).toEqual([]);
  });

  it('sends the spec payload: trimmed text, empty optional text as null, status published', () => {
    const item = {
      ...uploaded(1),
      title: '  لیلا  ',
      lyricist: ' ',
      lyrics: '',
      duration: 185,
      fileSize: 4096,
    };
    expect(songPayload(item)).toEqual({
      title: 'لیلا',
      lyricist: null,
      albumId: 7,
      genreId: 3,
      audioFileUrl: '/media/audio/01/f.mp3',
      audioFileSize: 4096,
      duration: 185,
      lyrics: null,
      language: 'Balochi',
      status: 'published',
    });
  });
});

describe('bulk settings', () => {
  it('overwrite album, genre and language only where a bulk value is set', () => {
    const a = { ...newItem(file('a.mp3')), language: 'Brahui' as const, genre: { id: 1, name: 'Pop' } };
    const [onlyAlbum] = run([a], { type: 'applyBulk', bulk: { album, genre: null, language: null } });
    expect(onlyAlbum).toMatchObject({ album, genre: { id: 1, name: 'Pop' }, language: 'Brahui' });
    const [all] = run([a], { type: 'applyBulk', bulk: { album, genre, language: 'Balochi' } });
    expect(all).toMatchObject({ album, genre, language: 'Balochi' });
  });
});

describe('button rules', () => {
  const statuses: ItemStatus[] = ['pending', 'uploading', 'processing', 'uploaded', 'completed', 'failed'];

  it('"Upload All": disabled while busy, with no items, or when every item is uploaded', () => {
    expect(canUploadAll([], false)).toBe(false);
    expect(canUploadAll([withStatus('pending')], true)).toBe(false);
    expect(canUploadAll([withStatus('uploaded'), withStatus('uploaded')], false)).toBe(false);
    for (const status of statuses.filter((s) => s !== 'uploaded')) {
      expect(canUploadAll([withStatus('uploaded'), withStatus(status)], false), status).toBe(true);
    }
  });

  it('"Save to Database": disabled while busy or when no item is uploaded', () => {
    expect(canSaveToDatabase([withStatus('uploaded')], true)).toBe(false);
    expect(canSaveToDatabase([], false)).toBe(false);
    for (const status of statuses) {
      expect(canSaveToDatabase([withStatus(status)], false), status).toBe(status === 'uploaded');
    }
  });

  it('badge colours: completed green, failed red, uploading/processing blue, uploaded yellow, else grey', () => {
    expect(statuses.map(badgeColour)).toEqual(['grey', 'blue', 'blue', 'yellow', 'green', 'red']);
  });

  it('"Upload All" works on pending and failed items only', () => {
    expect(statuses.filter((s) => needsUpload(withStatus(s)))).toEqual(['pending', 'failed']);
  });
});
