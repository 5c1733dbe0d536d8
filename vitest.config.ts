import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { reporters } from './vitest.reporters';

// Unit and API tests. Two workers: the machines have two cores.
export default defineConfig({
  plugins: [react()],
  test: {
    reporters: reporters('unit'),
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'scripts/**/*.test.ts'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
