import type { FastifyInstance } from 'fastify';
import type { Clock } from '../clock';
import { schedulePeriodicJob } from '../periodic-job';
import type { auditLogRepo } from './repo';

export const DEFAULT_AUDIT_RETENTION_DAYS = 365;
/** How often each server process prunes; the first run comes a minute after start. */
export const AUDIT_PRUNE_INTERVAL_MS = 60 * 60 * 1000;
const FIRST_PRUNE_DELAY_MS = 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Removes the entries older than `retentionDays` before the clock's now; answers how many. */
export function pruneAuditLog(
  log: Pick<ReturnType<typeof auditLogRepo>, 'prune'>,
  options: { clock: Clock; retentionDays: number },
): Promise<number> {
  return log.prune(new Date(options.clock().getTime() - options.retentionDays * DAY_MS).toISOString());
}

/**
 * Prunes every hour in this process (timers do not keep the process alive and stop when the app
 * closes); `firstDelayMs` lets tests run it at once.
 */
export function scheduleAuditPrune(
  app: FastifyInstance,
  log: Pick<ReturnType<typeof auditLogRepo>, 'prune'>,
  options: { clock: Clock; retentionDays: number; firstDelayMs?: number },
): void {
  schedulePeriodicJob(app, {
    run: async () => {
      const removed = await pruneAuditLog(log, options);
      if (removed > 0) app.log.info({ removed }, 'pruned the audit log');
    },
    failureMessage: 'pruning the audit log failed',
    firstDelayMs: options.firstDelayMs ?? FIRST_PRUNE_DELAY_MS,
    everyMs: AUDIT_PRUNE_INTERVAL_MS,
  });
}
