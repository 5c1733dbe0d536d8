import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { schedulePeriodicJob } from '../periodic-job';
import type { MediaService } from './media-service';

/** Uploaded audio that no song uses after this long is removed (the upload screen's batch was abandoned). */
export const UNSAVED_AUDIO_MAX_AGE_MS = 24 * 60 * 60 * 1000;
/** How often each server process looks for such files; the first look comes a minute after start. */
export const AUDIO_SWEEP_INTERVAL_MS = 60 * 60 * 1000;
const FIRST_SWEEP_DELAY_MS = 60 * 1000;
/** Files looked at per query, so one sweep never holds a long list or a long statement. */
const SWEEP_BATCH = 200;

export interface SweepResult {
  removed: number;
  /** Files left in place: in a bucket the current settings cannot reach, or their removal failed. */
  kept: number;
}

/**
 * Removes the audio files uploaded more than a day before `now` that no song refers to, from local
 * disk or the bucket they are in. The record goes first, in a statement that only succeeds while no
 * song refers to the file, so a song saved meanwhile keeps its audio and two processes sweeping at
 * once never both act on a file; if the file's removal then fails the record is put back for the
 * next sweep.
 */
export async function sweepUnsavedAudio(
  media: MediaService,
  options: { now: number; log: FastifyBaseLogger; maxAgeMs?: number },
): Promise<SweepResult> {
  const before = new Date(options.now - (options.maxAgeMs ?? UNSAVED_AUDIO_MAX_AGE_MS)).toISOString();
  const result: SweepResult = { removed: 0, kept: 0 };
  const skipped = new Set<string>();
  for (;;) {
    const batch = (await media.files.unsavedAudio(before, SWEEP_BATCH + skipped.size)).filter(
      (file) => !skipped.has(file.url),
    );
    if (batch.length === 0) return result;
    for (const file of batch) {
      const target = await media.locate(file.url);
      if (!target) {
        options.log.warn({ url: file.url }, 'unsaved audio is in a bucket the settings cannot reach; kept');
        skipped.add(file.url);
        result.kept += 1;
        continue;
      }
      if (!(await media.files.forgetUnsavedAudio(file.url))) continue;
      try {
        await target.store.delete(target.key);
        result.removed += 1;
      } catch (err) {
        options.log.error({ err, url: file.url }, 'removing unsaved audio failed; retried next sweep');
        await media.files.restore(file);
        skipped.add(file.url);
        result.kept += 1;
      }
    }
  }
}

/**
 * Runs the sweep every hour in this process (timers do not keep the process alive and stop when the
 * app closes). `now` is the clock, replaceable in tests.
 */
export function scheduleAudioSweep(
  app: FastifyInstance,
  media: MediaService,
  now: () => number = Date.now,
): void {
  schedulePeriodicJob(app, {
    run: async () => {
      const r = await sweepUnsavedAudio(media, { now: now(), log: app.log });
      if (r.removed > 0 || r.kept > 0) app.log.info(r, 'swept unsaved audio');
    },
    failureMessage: 'unsaved audio sweep failed',
    firstDelayMs: FIRST_SWEEP_DELAY_MS,
    everyMs: AUDIO_SWEEP_INTERVAL_MS,
  });
}
