import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { AUDIO_MAX_BYTES } from '../../../contract/media';
import { ApiError, NetworkError } from '../../lib/api';
import {
  albumForTags,
  extractMetadata,
  saveBatch,
  saveOne,
  uploadAudio,
  useInvalidateAfterSave,
} from './queries';
import {
  afterSave,
  type BulkSettings,
  type EditableField,
  needsUpload,
  newItem,
  type QueueAction,
  type QueueItem,
  queueReducer,
  splitAudioFiles,
  TOO_LARGE,
  UPLOAD_CANCELLED,
  UPLOAD_FAILED,
  validateItem,
} from './queue';
import { taskPool } from './task-pool';

/** Spec section 9 and the issue: three files on the wire at once; tags are read two at a time. */
export const UPLOAD_CONCURRENCY = 3;
const TAG_CONCURRENCY = 2;
export const CLEAR_ALL_DELAY_MS = 3000;
export const CLEAR_COMPLETED_DELAY_MS = 2000;

export const NO_UPLOADED_SONGS = 'No uploaded songs to save to database. Please upload files first.';
export const MISSING_AUDIO_URLS = 'Uploaded songs are missing audio URLs. Please try uploading again.';

const isAbort = (err: unknown) => err instanceof DOMException && err.name === 'AbortError';

/** The message an item shows for a failed call: the server's words, else the spec's fallback. */
function failureMessage(err: unknown, fallback = UPLOAD_FAILED): string {
  if (err instanceof ApiError) return err.serverMessage ?? `${fallback}: ${err.statusText || err.status}`;
  if (err instanceof NetworkError) return 'Network error: the connection was lost during the upload';
  return err instanceof Error && err.message ? err.message : fallback;
}

/**
 * The Upload Manager's queue: the pure reducer of queue.ts plus the work around it (reading tags,
 * uploading three at a time with real progress, cancelling, saving). The latest items are kept in a
 * ref too, so the asynchronous work always reads the current title, album and status.
 */
export function useUploadQueue() {
  const [items, setItems] = useState<QueueItem[]>([]);
  const [busy, setBusy] = useState(false);
  const itemsRef = useRef<QueueItem[]>([]);
  const controllers = useRef(new Map<string, AbortController>());
  const uploads = useRef(taskPool(UPLOAD_CONCURRENCY));
  const tagReads = useRef(taskPool(TAG_CONCURRENCY));
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  /** Items waiting for an upload slot. */
  const queued = useRef(new Set<string>());
  const invalidate = useInvalidateAfterSave();

  const dispatch = useCallback((action: QueueAction) => {
    itemsRef.current = queueReducer(itemsRef.current, action);
    setItems(itemsRef.current);
  }, []);
  const find = (id: string) => itemsRef.current.find((i) => i.id === id);

  useEffect(() => {
    const all = controllers.current;
    const pending = timers.current;
    return () => {
      for (const controller of all.values()) controller.abort();
      for (const timer of pending) clearTimeout(timer);
    };
  }, []);

  const later = (ms: number, run: () => void) => {
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      run();
    }, ms);
    timers.current.add(timer);
  };

  const readTags = (id: string) =>
    tagReads.current.add(async () => {
      const item = find(id);
      if (!item) return;
      if (item.file.size > AUDIO_MAX_BYTES) {
        dispatch({ type: 'tagsFailed', id, message: TOO_LARGE });
        return;
      }
      const controller = new AbortController();
      controllers.current.set(`tags:${id}`, controller);
      try {
        const tags = await extractMetadata(item.file, controller.signal);
        const album = await albumForTags(tags).catch(() => null);
        if (find(id)) dispatch({ type: 'tagsRead', id, tags, album });
      } catch (err) {
        // Spec: a failed extraction is only warned; the upload says what is wrong with the file.
        if (!isAbort(err) && find(id))
          dispatch({ type: 'tagsFailed', id, message: `Failed to extract metadata: ${failureMessage(err)}` });
      } finally {
        controllers.current.delete(`tags:${id}`);
      }
    });

  const addFiles = (files: readonly File[]) => {
    const { audio, rejected } = splitAudioFiles(files);
    if (rejected.length > 0) toast.error('Invalid files detected: Only audio files are allowed');
    if (audio.length === 0) return;
    const added = audio.map(newItem);
    dispatch({ type: 'add', items: added });
    for (const item of added) readTags(item.id);
  };

  /** Uploads one item in the pool; resolves when it is uploaded, failed or cancelled. */
  const enqueueUpload = (id: string) =>
    uploads.current.add(async () => {
      queued.current.delete(id);
      const item = find(id);
      if (!item || !needsUpload(item)) return;
      // Checked again when a slot frees: the item may have been edited while it waited.
      const problem = validateItem(item);
      if (problem) {
        dispatch({ type: 'invalid', id, message: problem });
        return;
      }
      dispatch({ type: 'uploadStarted', id });
      const controller = new AbortController();
      controllers.current.set(id, controller);
      let shown = 0;
      try {
        const response = await uploadAudio(item.file, {
          signal: controller.signal,
          onProgress: (sent, total) => {
            const percent = Math.floor((sent / total) * 100);
            if (percent !== shown) {
              shown = percent;
              dispatch({ type: 'progress', id, percent });
            }
          },
          onSent: () => dispatch({ type: 'bytesSent', id }),
        });
        if (find(id)) dispatch({ type: 'uploaded', id, response });
      } catch (err) {
        if (find(id))
          dispatch({ type: 'failed', id, message: isAbort(err) ? UPLOAD_CANCELLED : failureMessage(err) });
      } finally {
        controllers.current.delete(id);
      }
    });

  /** Validates an item and starts its upload (or readies an already uploaded file for saving again). */
  const start = (id: string): boolean => {
    const item = find(id);
    if (!item) return false;
    const problem = validateItem(item);
    if (problem) {
      dispatch({ type: 'invalid', id, message: problem });
      return false;
    }
    if (item.audioUrl) {
      dispatch({ type: 'readyAgain', id });
      return true;
    }
    // It waits as pending until one of the three slots is free.
    dispatch({ type: 'queued', id });
    if (!queued.current.has(id)) {
      queued.current.add(id);
      enqueueUpload(id);
    }
    return true;
  };

  const scheduleClear = () => {
    const next = afterSave(itemsRef.current);
    if (next === 'clearAll') {
      later(CLEAR_ALL_DELAY_MS, () => {
        dispatch({ type: 'clearAll' });
        toast.success('All songs uploaded successfully. Ready for new uploads.');
      });
    } else if (next === 'clearCompleted') {
      later(CLEAR_COMPLETED_DELAY_MS, () => dispatch({ type: 'clearCompleted' }));
    }
  };

  /** "Upload All": validate, upload three at a time, then save every uploaded song in one batch. */
  const uploadAll = async () => {
    const todo = itemsRef.current.filter(needsUpload);
    if (todo.length === 0) {
      toast.error('No songs to upload');
      return;
    }
    setBusy(true);
    try {
      for (const item of todo) start(item.id);
      await uploads.current.idle();
      const ready = itemsRef.current.filter((i) => i.status === 'uploaded' && i.audioUrl);
      let saved = 0;
      if (ready.length > 0) {
        dispatch({ type: 'saving', ids: ready.map((i) => i.id) });
        let response: Awaited<ReturnType<typeof saveBatch>>;
        try {
          response = await saveBatch(ready);
        } catch (err) {
          for (const item of ready) dispatch({ type: 'readyAgain', id: item.id });
          toast.error('Upload process failed', {
            description: failureMessage(err, 'Unknown error occurred'),
          });
          return;
        }
        dispatch({ type: 'batchSaved', response });
        saved = response.successCount;
        if (saved > 0) void invalidate();
      }
      // Failures count every item of this run that did not make it: refused here, in transit or by the save.
      const failed = itemsRef.current.filter((i) => i.status === 'failed').length;
      toast.success('Upload completed', { description: `${saved} succeeded, ${failed} failed` });
      scheduleClear();
    } finally {
      setBusy(false);
    }
  };

  /** "Save to Database": every uploaded song through POST /api/songs, one by one. */
  const saveToDatabase = async () => {
    const uploaded = itemsRef.current.filter((i) => i.status === 'uploaded');
    if (uploaded.length === 0) {
      window.alert(NO_UPLOADED_SONGS);
      return;
    }
    if (uploaded.some((i) => !i.audioUrl)) {
      window.alert(MISSING_AUDIO_URLS);
      return;
    }
    setBusy(true);
    try {
      dispatch({ type: 'saving', ids: uploaded.map((i) => i.id) });
      let saved = 0;
      for (const { id } of uploaded) {
        const item = find(id);
        if (!item) continue;
        try {
          await saveOne(item);
          dispatch({ type: 'saved', id });
          saved += 1;
        } catch (err) {
          const reason =
            err instanceof ApiError ? (err.serverMessage ?? err.statusText) : failureMessage(err);
          dispatch({ type: 'failed', id, message: `Failed to save song: ${reason}` });
        }
      }
      if (saved > 0) {
        void invalidate();
        window.alert(`${saved} songs saved to database successfully!`);
        later(CLEAR_COMPLETED_DELAY_MS, () => dispatch({ type: 'clearCompleted' }));
      } else {
        window.alert('No songs were saved successfully. Please check the errors.');
      }
    } catch {
      window.alert('Save process failed. Please try again.');
    } finally {
      setBusy(false);
    }
  };

  const cancel = (id: string) => controllers.current.get(id)?.abort();

  return {
    items,
    busy,
    addFiles,
    uploadAll,
    saveToDatabase,
    cancel,
    /** A failed item alone: validated and uploaded again (or readied for saving when its file is stored). */
    retry: (id: string) => {
      start(id);
    },
    remove: (id: string) => {
      cancel(id);
      controllers.current.get(`tags:${id}`)?.abort();
      dispatch({ type: 'remove', id });
    },
    edit: (id: string, patch: Partial<Pick<QueueItem, EditableField>>) =>
      dispatch({ type: 'edit', id, patch }),
    applyBulk: (bulk: BulkSettings) => dispatch({ type: 'applyBulk', bulk }),
    clearCompleted: () => dispatch({ type: 'clearCompleted' }),
    clearAll: () => {
      for (const controller of controllers.current.values()) controller.abort();
      dispatch({ type: 'clearAll' });
    },
  };
}
