import { describe, expect, it } from 'vitest';
import { SLICE_MS, takeTurn } from './loop-turns';

/** Keeps the thread busy for `ms`, as a synchronous statement or a large serialization does. */
function busy(ms: number) {
  const end = performance.now() + ms;
  while (performance.now() < end) {}
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('turns of the event loop', () => {
  it('lets work go on at once while the slice lasts', async () => {
    await nextTurn();
    await nextTurn();
    expect(takeTurn()).toBeUndefined();
    expect(takeTurn()).toBeUndefined();
  });

  it('spreads work that overruns the slice over turns, in arrival order, timers running between', async () => {
    await nextTurn();
    await nextTurn();
    const order: string[] = [];
    setTimeout(() => order.push('timer'), 0);
    const job = async (name: string) => {
      const turn = takeTurn();
      if (turn) await turn;
      busy(SLICE_MS + 1);
      order.push(name);
    };
    await Promise.all(['a', 'b', 'c', 'd', 'e'].map(job));
    // Without turns the timer would run only after all five (15 ms of work in one turn of the loop).
    expect(order).toEqual(['a', 'timer', 'b', 'c', 'd', 'e']);
  });

  it('keeps arrival order for work that asks while others wait, even when it is cheap', async () => {
    await nextTurn();
    await nextTurn();
    const order: string[] = [];
    const job = async (name: string, ms: number) => {
      const turn = takeTurn();
      if (turn) await turn;
      busy(ms);
      order.push(name);
    };
    const first = [job('slow 1', SLICE_MS + 1), job('slow 2', SLICE_MS + 1)];
    const cheap = job('cheap', 0);
    await Promise.all([...first, cheap]);
    expect(order).toEqual(['slow 1', 'slow 2', 'cheap']);
  });
});
