import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 20_000,
    hookTimeout: 20_000,
    setupFiles: ['test/support/setup.ts'],
    coverage: {
      provider: 'v8',
      include: ['src/**/*.ts'],
      exclude: ['src/action/entry.ts'],
      reporter: ['text-summary'],
      thresholds: { lines: 90, functions: 90, statements: 90, branches: 80 },
    },
  },
});
