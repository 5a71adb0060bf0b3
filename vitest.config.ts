import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['scripts/**/*.test.ts', 'packages/**/*.test.ts', 'server/**/*.test.ts', 'testkit/**/*.test.ts', 'web/src/**/*.test.{ts,tsx}', 'web/*.test.ts'],
    exclude: ['**/node_modules/**', '**/dist/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
  },
});
