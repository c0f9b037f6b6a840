import { defineConfig } from 'vitest/config';

/** Browser tests: a real server on a fresh database, the built app, Debian's Chromium. One file at a time. */
export default defineConfig({
  test: {
    globals: true,
    include: ['tests/e2e/**/*.e2e.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 240_000,
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
    setupFiles: ['tests/helpers/setup.ts'],
  },
});
