import { defineConfig } from 'vitest/config';
import { messageCatalogs } from './build/messageCatalogs';

export default defineConfig({
  plugins: [messageCatalogs()],
  test: {
    name: 'web',
    // A group apart from the server-load project (root vitest.config.ts), which runs alone.
    sequence: { groupOrder: 0 },
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'scripts/**/*.test.ts', 'build/**/*.test.ts'],
  },
});
