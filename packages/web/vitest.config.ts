import { defineConfig } from 'vitest/config';
import { messageCatalogs } from './build/messageCatalogs';

export default defineConfig({
  plugins: [messageCatalogs()],
  test: {
    name: 'web',
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'scripts/**/*.test.ts', 'build/**/*.test.ts'],
  },
});
