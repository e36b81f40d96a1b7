import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'cli',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // The subprocess tests share one real server (started once per file) and run their steps in order.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
