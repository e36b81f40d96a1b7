import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'cli',
    // A group apart from the server-load project (root vitest.config.ts), which runs alone.
    sequence: { groupOrder: 0 },
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // The subprocess tests share one real server (started once per file) and run their steps in order.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
