import {
  AUDIO_MAX_BYTES,
  type AudioUploadResponse,
  type BatchSongsResponse,
  type ExtractMetadataResponse,
} from '../../../contract/media';
import { DEFAULT_SONG_LANGUAGE, type SONG_LANGUAGES } from '../../../contract/songs';

/**
 * The upload queue of spec section 4 as a pure reducer: every transition of a queued item, the
 * validation messages and the button rules live here, so they are tested without a browser.
 */

export type SongLanguage = (typeof SONG_LANGUAGES)[number];
export type ItemStatus = 'pending' | 'uploading' | 'processing' | 'uploaded' | 'completed' | 'failed';

export interface AlbumChoice {
  id: number;
  title: string;
  artistName: string;
  coverArt: string | null;
}

export interface GenreChoice {
  id: number;
  name: string;
}

export interface QueueItem {
  id: string;
  file: File;
  title: string;
  lyricist: string;
  album: AlbumChoice | null;
  genre: GenreChoice | null;
  language: SongLanguage;
  lyrics: string;
  /** 0-100: bytes sent over the file's size while uploading. */
  uploadProgress: number;
  status: ItemStatus;
  error: string | null;
  audioUrl: string | null;
  /** Whole seconds, from the tags (then the server's measurement). */
  duration: number | null;
  fileSize: number;
  /** The cover embedded in the file (data: URL), shown while no album is chosen. */
  embeddedCover: string | null;
  /** A song whose audio is byte-for-byte this file's. */
  duplicateOfSongId: number | null;
  /** Reading the tags failed; the upload itself may still tell more. */
  warning: string | null;
}

export interface BulkSettings {
  album: AlbumChoice | null;
  genre: GenreChoice | null;
  language: SongLanguage | null;
}

export type QueueAction =
  | { type: 'add'; items: QueueItem[] }
  | { type: 'edit'; id: string; patch: Partial<Pick<QueueItem, EditableField>> }
  | { type: 'remove'; id: string }
  | { type: 'clearCompleted' }
  | { type: 'clearAll' }
  | { type: 'applyBulk'; bulk: BulkSettings }
  | { type: 'tagsRead'; id: string; tags: ExtractMetadataResponse; album: AlbumChoice | null }
  | { type: 'tagsFailed'; id: string; message: string }
  | { type: 'invalid'; id: string; message: string }
  | { type: 'queued'; id: string }
  | { type: 'uploadStarted'; id: string }
  | { type: 'progress'; id: string; percent: number }
  | { type: 'bytesSent'; id: string }
  | { type: 'uploaded'; id: string; response: AudioUploadResponse }
  | { type: 'failed'; id: string; message: string }
  | { type: 'readyAgain'; id: string }
  | { type: 'saving'; ids: string[] }
  | { type: 'saved'; id: string }
  | { type: 'batchSaved'; response: BatchSongsResponse };

export type EditableField = 'title' | 'lyricist' | 'album' | 'genre' | 'language' | 'lyrics';

export const UPLOAD_FAILED = 'Upload failed';
export const UPLOAD_CANCELLED = 'Upload cancelled';

/** The title a file gets before its tags are read: its name without the extension. */
export const titleFromFileName = (name: string): string => name.replace(/\.[^./\\]*$/, '') || name;

let counter = 0;
const newId = (): string =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `item-${++counter}`;

export function newItem(file: File): QueueItem {
  return {
    id: newId(),
    file,
    title: titleFromFileName(file.name),
    lyricist: '',
    album: null,
    genre: null,
    language: DEFAULT_SONG_LANGUAGE,
    lyrics: '',
    uploadProgress: 0,
    status: 'pending',
    error: null,
    audioUrl: null,
    duration: null,
    fileSize: file.size,
    embeddedCover: null,
    duplicateOfSongId: null,
    warning: null,
  };
}

export const TOO_LARGE = `File too large (max ${AUDIO_MAX_BYTES / (1024 * 1024)} MB)`;

/**
 * The spec's per-song checks before upload, joined with commas; null when the song may go. A file
 * over the server's limit is refused here too, rather than after sending 50 MB for nothing.
 */
export function validateItem(
  item: Pick<QueueItem, 'title' | 'album' | 'genre'> & { file: Pick<File, 'size'> },
): string | null {
  const problems: string[] = [];
  if (item.file.size > AUDIO_MAX_BYTES) problems.push(TOO_LARGE);
  if (!item.title.trim()) problems.push('Title is required');
  if (!item.album) problems.push('Album is required');
  if (!item.genre) problems.push('Genre is required');
  return problems.length ? problems.join(', ') : null;
}

/** Files the spec accepts: a type starting with audio/. */
export function splitAudioFiles(files: readonly File[]): { audio: File[]; rejected: File[] } {
  const audio: File[] = [];
  const rejected: File[] = [];
  for (const file of files) (file.type.startsWith('audio/') ? audio : rejected).push(file);
  return { audio, rejected };
}

const inFlight = (status: ItemStatus) => status === 'uploading' || status === 'processing';

/** Items "Upload All" works on: not yet uploaded, not saved, not already moving. */
export const needsUpload = (item: QueueItem): boolean =>
  item.status === 'pending' || item.status === 'failed';

export const hasInFlight = (items: readonly QueueItem[]): boolean => items.some((i) => inFlight(i.status));

/** Spec section 4: disabled while busy, with an empty queue, or when every item is uploaded. */
export function canUploadAll(items: readonly QueueItem[], busy: boolean): boolean {
  return !busy && items.length > 0 && !items.every((i) => i.status === 'uploaded');
}

/** Spec section 4: disabled while busy or when no item is uploaded. */
export function canSaveToDatabase(items: readonly QueueItem[], busy: boolean): boolean {
  return !busy && items.some((i) => i.status === 'uploaded');
}

export type BadgeColour = 'green' | 'red' | 'blue' | 'yellow' | 'grey';

export function badgeColour(status: ItemStatus): BadgeColour {
  switch (status) {
    case 'completed':
      return 'green';
    case 'failed':
      return 'red';
    case 'uploading':
    case 'processing':
      return 'blue';
    case 'uploaded':
      return 'yellow';
    default:
      return 'grey';
  }
}

/** What happens after a batch save: everything done clears the queue (3 s), some done clears those (2 s). */
export function afterSave(items: readonly QueueItem[]): 'clearAll' | 'clearCompleted' | null {
  const completed = items.filter((i) => i.status === 'completed').length;
  if (completed === 0) return null;
  return completed === items.length ? 'clearAll' : 'clearCompleted';
}

/** The song payload of spec section 3 for an uploaded item (the batch route adds the two zero counters). */
export function songPayload(item: QueueItem) {
  return {
    title: item.title.trim(),
    lyricist: item.lyricist.trim() || null,
    albumId: item.album?.id ?? 0,
    genreId: item.genre?.id ?? null,
    audioFileUrl: item.audioUrl ?? '',
    audioFileSize: item.fileSize,
    duration: item.duration,
    lyrics: item.lyrics.trim() || null,
    language: item.language,
    status: 'published' as const,
  };
}

const update = (items: QueueItem[], id: string, change: (item: QueueItem) => QueueItem): QueueItem[] =>
  items.map((item) => (item.id === id ? change(item) : item));

export function queueReducer(items: QueueItem[], action: QueueAction): QueueItem[] {
  switch (action.type) {
    case 'add':
      return [...items, ...action.items];
    case 'edit':
      return update(items, action.id, (item) => ({ ...item, ...action.patch }));
    case 'remove':
      return items.filter((i) => i.id !== action.id);
    case 'clearCompleted':
      return items.filter((i) => i.status !== 'completed');
    case 'clearAll':
      return [];
    case 'applyBulk': {
      const { album, genre, language } = action.bulk;
      return items.map((item) => ({
        ...item,
        ...(album ? { album } : {}),
        ...(genre ? { genre } : {}),
        ...(language ? { language } : {}),
      }));
    }
    case 'tagsRead':
      return update(items, action.id, (item) => {
        const { tags } = action;
        const untouchedTitle = item.title === titleFromFileName(item.file.name);
        return {
          ...item,
          title: untouchedTitle && tags.title?.trim() ? tags.title.trim() : item.title,
          lyricist: item.lyricist || tags.lyricist?.trim() || '',
          duration: tags.duration ?? item.duration,
          album: item.album ?? action.album,
          embeddedCover: tags.cover,
          duplicateOfSongId: tags.duplicateOfSongId,
        };
      });
    case 'tagsFailed':
      return update(items, action.id, (item) => ({ ...item, warning: action.message }));
    case 'invalid':
      return update(items, action.id, (item) => ({ ...item, status: 'failed', error: action.message }));
    case 'queued':
      return update(items, action.id, (item) => ({
        ...item,
        status: 'pending',
        uploadProgress: 0,
        error: null,
      }));
    case 'uploadStarted':
      return update(items, action.id, (item) => ({
        ...item,
        status: 'uploading',
        uploadProgress: 0,
        error: null,
      }));
    case 'progress':
      return update(items, action.id, (item) =>
        item.status === 'uploading'
          ? { ...item, uploadProgress: Math.max(0, Math.min(100, Math.round(action.percent))) }
          : item,
      );
    case 'bytesSent':
      return update(items, action.id, (item) =>
        item.status === 'uploading' ? { ...item, status: 'processing', uploadProgress: 100 } : item,
      );
    case 'uploaded':
      return update(items, action.id, (item) => ({
        ...item,
        status: 'uploaded',
        uploadProgress: 100,
        error: null,
        warning: null,
        audioUrl: action.response.audioUrl,
        duration: action.response.duration ?? item.duration,
        fileSize: action.response.fileSize,
        duplicateOfSongId: action.response.duplicateOfSongId,
      }));
    case 'failed':
      return update(items, action.id, (item) => ({
        ...item,
        status: 'failed',
        uploadProgress: item.audioUrl ? 100 : 0,
        error: action.message || UPLOAD_FAILED,
      }));
    case 'readyAgain':
      // A file already on the server whose save failed: fixed metadata is saved without a new upload.
      return update(items, action.id, (item) =>
        item.audioUrl ? { ...item, status: 'uploaded', error: null } : item,
      );
    case 'saving': {
      const ids = new Set(action.ids);
      return items.map((item) => (ids.has(item.id) ? { ...item, status: 'processing', error: null } : item));
    }
    case 'saved':
      return update(items, action.id, (item) => ({ ...item, status: 'completed', error: null }));
    case 'batchSaved': {
      const saved = new Set(action.response.success.map((s) => s.audioFileUrl));
      const failed = new Map(
        action.response.failed.map((f) => [String(f.originalData.audioFileUrl ?? ''), f.error]),
      );
      return items.map((item) => {
        if (!item.audioUrl || item.status !== 'processing') return item;
        if (saved.has(item.audioUrl)) return { ...item, status: 'completed', error: null };
        const error = failed.get(item.audioUrl);
        return { ...item, status: 'failed', error: error ?? UPLOAD_FAILED };
      });
    }
  }
}
