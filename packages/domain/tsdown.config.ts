import { defineConfig } from 'tsdown';

// The published build of @kitty/domain: `pnpm --filter @kitty/domain build`, and `pnpm pack` runs it first
// (prepack). ESM JavaScript with source maps (the TypeScript inside) and .d.ts in dist/, one file per module
// of src/ (unbundle), for the two entries of package.json's publishConfig.exports. Inside the workspace
// nothing needs it: `exports` points at src/*.ts. xstate is a dependency, so it stays an import.
export default defineConfig({
  entry: { index: 'src/index.ts', 'flows/index': 'src/flows/index.ts' },
  format: 'esm',
  platform: 'neutral',
  target: 'es2022',
  outDir: 'dist',
  clean: true,
  unbundle: true,
  fixedExtension: false,
  sourcemap: true,
  // Without the tests: tsconfig.json's program would type-check them for the declarations too.
  tsconfig: 'tsconfig.build.json',
  dts: true,
  // The declarations take most of the build (the TypeScript compiler); rolldown would say so on every run.
  checks: { pluginTimings: false },
});
