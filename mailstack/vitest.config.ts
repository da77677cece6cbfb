import { defineConfig } from 'vitest/config';

// The suite starts one real Dovecot + Postfix: run it in a single forked process, one file at
// a time, with timeouts that allow for daemon start/stop (~0.5 s / ~1.5 s) and delivery.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
