import Fastify from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUDIT_PRUNE_INTERVAL_MS, scheduleAuditPrune } from './retention';

describe('audit log retention job', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('prunes a minute after start, then hourly, up to the retention before the clock; stops on close', async () => {
    vi.useFakeTimers();
    const app = Fastify();
    const cutoffs: string[] = [];
    let now = new Date('2026-06-01T12:00:00.000Z');
    scheduleAuditPrune(
      app,
      {
        prune: async (before) => {
          cutoffs.push(before);
          return 0;
        },
      },
      { clock: () => now, retentionDays: 365 },
    );
    await vi.advanceTimersByTimeAsync(59_000);
    expect(cutoffs).toEqual([]);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(cutoffs).toEqual(['2025-06-01T12:00:00.000Z']);
    now = new Date('2026-06-02T12:00:00.000Z');
    await vi.advanceTimersByTimeAsync(AUDIT_PRUNE_INTERVAL_MS);
    expect(cutoffs).toEqual(['2025-06-01T12:00:00.000Z', '2025-06-02T12:00:00.000Z']);
    await app.close();
    await vi.advanceTimersByTimeAsync(AUDIT_PRUNE_INTERVAL_MS * 3);
    expect(cutoffs).toHaveLength(2);
  });
});
