import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two cores: more workers than that only makes the scrypt-heavy suites slower.
    maxWorkers: 2,
    pool: 'forks',
    // Stops throw-away PostgreSQL clusters of test processes that died (the watchdogs' safety net).
    globalSetup: ['test/helpers/server-sweep.ts'],
  },
});
