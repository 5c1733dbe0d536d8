import { defineConfig } from 'vitest/config';
import { reporters } from './vitest.reporters';

/**
 * Reliability: kill -9 rounds and mixed load against real server processes, on SQLite and PostgreSQL.
 * The long form (`npm run test:reliability`) adds the property-based fuzz of every OpenAPI operation
 * with many more runs; the short form runs in CI, where the fuzz already runs among the unit tests.
 */
const long = process.env.RELIABILITY === 'long';

export default defineConfig({
  test: {
    reporters: reporters('reliability'),
    include: ['src/server/reliability/**/*.reliability.ts', ...(long ? ['src/server/fuzz.test.ts'] : [])],
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
