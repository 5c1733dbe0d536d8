import { describe, expect, it } from 'vitest';
import { createTestDatabase } from './databases';

describe.runIf(process.env.TEST_DATABASE_URL)('PostgreSQL test databases', () => {
  it('migrate while other test schemas are being dropped', async () => {
    for (let round = 0; round < 3; round++) {
      const older = await Promise.all(Array.from({ length: 6 }, () => createTestDatabase('postgres')));
      const created = await Promise.allSettled([
        ...older.map((t) => t.cleanup()),
        createTestDatabase('postgres'),
        createTestDatabase('postgres'),
      ]);
      const failures = created.filter((r) => r.status === 'rejected').map((r) => String(r.reason));
      for (const r of created) if (r.status === 'fulfilled' && r.value) await r.value.cleanup();
      expect(failures).toEqual([]);
    }
  }, 60_000);
});
