import { defineConfig } from 'tsdown';

// The published build of @kitty/api: `pnpm --filter @kitty/api build`, and `pnpm pack` runs it first
// (prepack). ESM JavaScript with source maps and .d.ts in dist/, one file per module of src/ (unbundle).
// Inside the workspace nothing needs it: `exports` points at src/*.ts, publishConfig.exports at dist/.
// Its dependencies (@kitty/domain, effect, openapi-fetch) stay imports. `@kitty/api/schema` is types only:
// the generated src/schema.d.ts is copied to dist/schema.d.ts.
export default defineConfig({
  entry: { index: 'src/index.ts' },
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
  copy: [{ from: 'src/schema.d.ts', to: 'dist' }],
  // The declarations take most of the build (the TypeScript compiler); rolldown would say so on every run.
  checks: { pluginTimings: false },
});
