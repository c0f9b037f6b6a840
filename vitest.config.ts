import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    globals: true,
    include: ['{server,schemas,engine,machines,ui,app,tests}/**/*.test.{ts,tsx}'],
    exclude: ['node_modules', 'dist', 'data', 'tests/e2e/**'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 2,
    setupFiles: ['tests/helpers/setup.ts'],
    reporters: ['default', './tests/helpers/summary-reporter.ts'],
  },
});
