import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'api',
    // Before the server-load project (root vitest.config.ts), which runs alone after every other.
    sequence: { groupOrder: 0 },
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'scripts/**/*.test.ts'],
  },
});
