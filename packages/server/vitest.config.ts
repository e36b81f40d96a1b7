import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Timed under load: the root config's `server-load` project runs it alone, after the others.
    exclude: [...configDefaults.exclude, 'test/load.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
