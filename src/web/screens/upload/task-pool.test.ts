import { describe, expect, it } from 'vitest';
import { taskPool } from './task-pool';

describe('taskPool', () => {
  it('runs at most `limit` tasks at once, in order, and tells when idle', async () => {
    const pool = taskPool(3);
    let running = 0;
    let peak = 0;
    const order: number[] = [];
    const releases: Array<() => void> = [];
    for (let i = 0; i < 7; i++) {
      pool.add(async () => {
        running += 1;
        peak = Math.max(peak, running);
        order.push(i);
        await new Promise<void>((resolve) => releases.push(resolve));
        running -= 1;
        if (i === 4) throw new Error('a failing task does not stop the others');
      });
    }
    expect([running, pool.active]).toEqual([3, 7]);
    const idle = pool.idle();
    while (order.length < 7 || running > 0) {
      releases.shift()?.();
      await new Promise((r) => setTimeout(r, 0));
    }
    await idle;
    expect([peak, order, pool.active]).toEqual([3, [0, 1, 2, 3, 4, 5, 6], 0]);
    await pool.idle();
  });
});
