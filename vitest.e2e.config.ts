import { existsSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// On a laptop without Debian's Chromium the browser tests are skipped with a notice; in CI a
// missing browser is a failure (the tests then fail to launch it).
const skip = !existsSync(chromium) && !process.env.CI;
if (skip)
  console.warn(
    `Browser tests skipped: no Chromium at ${chromium} (apt-get install chromium, or set CHROMIUM_PATH).`,
  );

/** Browser tests: a real server on a fresh database, the built app, Debian's Chromium. One file at a time. */
export default defineConfig({
  test: {
    globals: true,
    include: skip ? [] : ['tests/e2e/**/*.e2e.test.ts'],
    passWithNoTests: skip,
    testTimeout: 120_000,
    hookTimeout: 240_000,
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
    setupFiles: ['tests/helpers/setup.ts'],
    reporters: ['default', './tests/helpers/summary-reporter.ts'],
  },
});
