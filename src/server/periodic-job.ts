import type { FastifyInstance } from 'fastify';

export interface PeriodicJob {
  /** One run; a run still going when the next is due makes that one a no-op. */
  run: () => Promise<void>;
  /** Logged at error with the cause when a run fails. */
  failureMessage: string;
  firstDelayMs: number;
  everyMs: number;
}

/**
 * Runs `job` after `firstDelayMs`, then every `everyMs`, in this process. The timers do not keep the
 * process alive; closing the app stops them and waits for a run in progress.
 */
export function schedulePeriodicJob(app: FastifyInstance, job: PeriodicJob): void {
  let running: Promise<void> | null = null;
  const run = () => {
    if (running) return;
    running = job
      .run()
      .catch((err: unknown) => app.log.error({ err }, job.failureMessage))
      .finally(() => {
        running = null;
      });
  };
  const first = setTimeout(run, job.firstDelayMs);
  const every = setInterval(run, job.everyMs);
  first.unref();
  every.unref();
  app.addHook('onClose', async () => {
    clearTimeout(first);
    clearInterval(every);
    await running;
  });
}
