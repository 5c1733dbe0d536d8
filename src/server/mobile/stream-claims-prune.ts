import type { FastifyInstance } from 'fastify';
import { schedulePeriodicJob } from '../periodic-job';
import type { PlaybackRepo } from './playback-repo';

export const STREAM_CLAIMS_PRUNE_INTERVAL_MS = 60 * 60 * 1000;
const FIRST_PRUNE_DELAY_MS = 60 * 1000;

/**
 * Prunes the stream claims whose window is over every hour in this process, so the table holds about
 * an hour of (user, song) pairs; `firstDelayMs` lets tests run it at once.
 */
export function scheduleStreamClaimsPrune(
  app: FastifyInstance,
  playback: Pick<PlaybackRepo, 'pruneClaims'>,
  firstDelayMs = FIRST_PRUNE_DELAY_MS,
): void {
  schedulePeriodicJob(app, {
    run: async () => {
      const removed = await playback.pruneClaims();
      if (removed > 0) app.log.debug({ removed }, 'pruned stream claims');
    },
    failureMessage: 'pruning stream claims failed',
    firstDelayMs,
    everyMs: STREAM_CLAIMS_PRUNE_INTERVAL_MS,
  });
}
