/**
 * Runs queued tasks at most `limit` at a time, in the order they were queued. `idle` resolves when
 * nothing is queued or running (at once if that is already so).
 */
export function taskPool(limit: number) {
  const waiting: Array<() => Promise<void>> = [];
  let running = 0;
  let idleWaiters: Array<() => void> = [];

  const pump = () => {
    while (running < limit && waiting.length > 0) {
      const task = waiting.shift() as () => Promise<void>;
      running += 1;
      void task()
        .catch(() => undefined)
        .finally(() => {
          running -= 1;
          pump();
        });
    }
    if (running === 0 && waiting.length === 0) {
      const waiters = idleWaiters;
      idleWaiters = [];
      for (const resolve of waiters) resolve();
    }
  };

  return {
    add(task: () => Promise<void>) {
      waiting.push(task);
      pump();
    },
    idle(): Promise<void> {
      if (running === 0 && waiting.length === 0) return Promise.resolve();
      return new Promise((resolve) => idleWaiters.push(resolve));
    },
    get active() {
      return running + waiting.length;
    },
  };
}
