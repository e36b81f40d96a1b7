import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    // A group apart from the server-load project (root vitest.config.ts), which runs alone.
    sequence: { groupOrder: 0 },
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Timed under load: the root config's `server-load` project runs it alone, apart from the others.
    exclude: [...configDefaults.exclude, 'test/load.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
