import { defineConfig } from 'vitest/config';
import { reporters } from './vitest.reporters';

// Browser journeys: one server and one Chromium per file, files run one at a time.
export default defineConfig({
  test: {
    reporters: reporters('e2e'),
    include: ['e2e/**/*.e2e.ts'],
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
