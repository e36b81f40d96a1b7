import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin, type Rolldown } from 'vite';
import { messageCatalogs } from './build/messageCatalogs';
import { serviceWorker } from './build/serviceWorker';
import { readRouteModules } from './build/routeModules.mjs';
import { treeShakeReactRouter } from './build/treeShakeReactRouter';

// `KITTY_API=http://localhost:3100 pnpm --filter @kitty/web dev` points the dev proxy at another server.
const apiTarget = (globalThis as { process?: { env: Record<string, string | undefined> } }).process?.env
  .KITTY_API;

/**
 * Writes `name.br` and `name.gz` beside every text file of the build, so the server sends them
 * pre-compressed (@fastify/static `preCompressed`) rather than the 3x larger originals.
 */
function precompress(): Plugin {
  return {
    name: 'kitty:precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      const outDir = options.dir ?? 'dist';
      for (const file of Object.values(bundle)) {
        if (!/\.(js|css|html|svg)$/.test(file.fileName)) continue;
        const source = Buffer.from(file.type === 'chunk' ? file.code : file.source);
        if (source.length < 1024) continue;
        const path = join(outDir, file.fileName);
        writeFileSync(
          `${path}.br`,
          brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
        writeFileSync(`${path}.gz`, gzipSync(source, { level: 9 }));
      }
    },
  };
}

/** The chunks the entry imports statically (the manual chunks below and rolldown's runtime). */
const LOADED_BY_ENTRY = /^assets\/(rolldown-runtime|vendor|ui)-[\w-]+\.js$/;

/**
 * The chunks whose file names keep their name beside the hash: the screens and dialogs (lazy entries, which e2e
 * specs intercept by name, e.g. `DashboardScreen-*.js`) and the named chunk groups. The other shared chunks are
 * named after whichever module rolldown picked first and carry only their hash: every such name sits in the entry's
 * list of chunks to preload, which /login downloads (docs/web-performance.md, "Issue 24 size pass").
 */
const KEEP_NAME = /^(rolldown-runtime|vendor|ui|resource|recurrence)$/;

type Chunk = Rolldown.OutputChunk;

const chunksOf = (bundle: Rolldown.OutputBundle): Chunk[] =>
  Object.values(bundle).filter((file): file is Chunk => file.type === 'chunk');

/** The file names of `start` and of every chunk it imports statically, transitively (what runs before it). */
function staticClosure(chunks: readonly Chunk[], start: Chunk, files = new Set<string>()): Set<string> {
  if (files.has(start.fileName)) return files;
  files.add(start.fileName);
  for (const imported of start.imports) {
    const next = chunks.find((chunk) => chunk.fileName === imported);
    if (next) staticClosure(chunks, next, files);
  }
  return files;
}

/**
 * index.html also preloads the sign-in screen's chunks: every signed-out visit ends on /login (the guards send
 * it there), which then needs no second round of requests after the entry has run. About 1 kB for the others.
 */
function preloadSignIn(): Plugin {
  return {
    name: 'kitty:preload-sign-in',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html;
        const chunks = chunksOf(bundle);
        const login = chunks.find((chunk) =>
          chunk.facadeModuleId?.endsWith('/screens/LoginScreen/LoginScreen.tsx'),
        );
        if (!login) throw new Error('kitty:preload-sign-in: no LoginScreen chunk in the build');
        const files = [...staticClosure(chunks, login)].filter((fileName) => !html.includes(`/${fileName}"`));
        return files.map((fileName) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `/${fileName}` },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}

/**
 * The app's one stylesheet goes into index.html as a <style> element instead of a linked file: the first
 * paint ("Loading...", then the screen) then waits for the HTML alone, not for a second request racing the
 * scripts (Lighthouse's render-blocking audit; docs/web-performance.md, fifth pass). The server allows the element by its
 * hash in the Content-Security-Policy (packages/server/src/web/pages.ts, pageStyles). 6 kB compressed in
 * every first visit's HTML, which revisits answer with a 304 while the build is unchanged.
 */
function inlineStylesheet(): Plugin {
  return {
    name: 'kitty:inline-stylesheet',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html;
        const link = /<link rel="stylesheet" crossorigin href="\/([^"]+\.css)">/g;
        const found = [...html.matchAll(link)];
        if (found.length !== 1)
          throw new Error(`kitty:inline-stylesheet: ${found.length} stylesheets linked, not 1`);
        const [tag, fileName] = found[0] as RegExpMatchArray;
        const asset = bundle[fileName as string];
        if (asset?.type !== 'asset')
          throw new Error(`kitty:inline-stylesheet: ${fileName} is not in the build`);
        const css = String(asset.source).trim();
        if (/<\/style/i.test(css))
          throw new Error('kitty:inline-stylesheet: the CSS would close its <style>');
        delete bundle[fileName as string];
        return html.replace(tag, () => `<style>${css}</style>`);
      },
    },
  };
}

/**
 * Writes dist/.vite/route-preloads.json: for each route of src/routes.tsx, the chunks its first visit needs
 * beyond what index.html already loads (its lazy layouts and screen, with their static imports). The server
 * puts them in that page's index.html as modulepreload links (packages/server/src/web/pages.ts), so they
 * download while the HTML is parsed instead of after the entry has run. See docs/web-performance.md.
 */
function routePreloads(): Plugin {
  let root = '';
  return {
    name: 'kitty:route-preloads',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const chunks = chunksOf(bundle);
      const loadedByIndex = new Set<string>();
      for (const entry of chunks.filter((chunk) => chunk.isEntry))
        staticClosure(chunks, entry, loadedByIndex);
      const chunkOf = (module: string) => {
        const chunk = chunks.find((c) => c.facadeModuleId?.replace(/\.tsx?$/, '').endsWith(`/src/${module}`));
        if (!chunk) throw new Error(`kitty:route-preloads: ${module} is not a chunk of the build`);
        return chunk;
      };
      const routes = readRouteModules(readFileSync(join(root, 'src/routes.tsx'), 'utf8'));
      const table = [...routes].map(([path, modules]) => {
        const files = new Set<string>();
        for (const module of modules) staticClosure(chunks, chunkOf(module), files);
        return { path, modulepreload: [...files].filter((f) => !loadedByIndex.has(f)).map((f) => `/${f}`) };
      });
      this.emitFile({
        type: 'asset',
        fileName: '.vite/route-preloads.json',
        source: `${JSON.stringify({ routes: table }, null, 2)}\n`,
      });
    },
  };
}

export default defineConfig({
  plugins: [
    messageCatalogs(),
    react(),
    vanillaExtractPlugin(),
    treeShakeReactRouter(),
    precompress(),
    preloadSignIn(),
    inlineStylesheet(),
    routePreloads(),
    // dist/sw.js: the app shell kept on the device (installable, opens offline); see build/serviceWorker.ts.
    serviceWorker(),
  ],
  resolve: {
    alias: [
      {
        find: /^use-sync-external-store\/shim(\/index\.js)?$/,
        replacement: 'react',
      },
    ],
  },
  server: { proxy: { '/api': apiTarget ?? 'http://localhost:3000' } },
  build: {
    outDir: 'dist',
    sourcemap: false,
    // All of the app's CSS (about 6 kB compressed) in one stylesheet, inlined into index.html (plugin
    // kitty:inline-stylesheet): no CSS request waits behind a lazy chunk, and the first paint waits for none.
    cssCodeSplit: false,
    // dist/.vite/manifest.json: scripts/web-size.mjs reads each route's chunks from it.
    manifest: true,
    // Every browser the app supports preloads modules natively: no polyfill in the entry.
    modulePreload: {
      polyfill: false,
      // A lazy chunk's list of chunks to preload leaves out those the entry imports itself (the runtime, vendor
      // and ui chunks, loaded before anything lazy can start): preloading them again does nothing, and their
      // names and numbers in every list cost the entry bytes that /login's budget has no room for. Nor does a list
      // name the imported chunk itself: import() requests it at the same moment the links are added.
      resolveDependencies: (file, deps) => deps.filter((dep) => dep !== file && !LOADED_BY_ENTRY.test(dep)),
    },
    rolldownOptions: {
      treeshake: {
        // Our domain and API packages are pure modules (no work at import time): an unused export, such as a
        // flow machine only the group screen runs, stays out of the bundle even behind a barrel import.
        moduleSideEffects: [{ test: /[\\/]packages[\\/](domain|api)[\\/]src[\\/]/, sideEffects: false }],
      },
      output: {
        chunkFileNames: (chunk) =>
          chunk.isDynamicEntry || KEEP_NAME.test(chunk.name) ? 'assets/[name]-[hash].js' : 'assets/[hash].js',
        codeSplitting: {
          // The libraries every route needs before it shows (React, the router, XState, the API client,
          // react-aria's core) sit in one vendor chunk that changes only with dependencies; the rest splits
          // by route.
          groups: [
            { name: 'vendor', test: /[\\/]node_modules[\\/]/, tags: ['$initial'], priority: 20 },
            {
              // The sign-in forms' controls (TextField, Form, Link, Alert, AuthLayout), their helpers and the
              // account validators, with the react-aria hooks they use: one chunk, preloaded by index.html beside
              // the vendor chunk (it also holds the button styles the entry needs), so /login waits for no request
              // after the entry has run. Most other screens use these too. Nothing only signed-in screens use
              // belongs here: /login would download it (docs/web-performance.md).
              name: 'ui',
              test: /[\\/]src[\\/](components[\\/](Alert|AuthLayout|Form|Link|TextField|field\.css)\.tsx?$|screens[\\/]shared[\\/](authForm\.css|useFormState)\.ts$|i18n[\\/](messages|language)\.ts$)|[\\/]domain[\\/]src[\\/](accountValidation|fieldRules|locale|failure)\.ts$/,
              priority: 10,
            },
            // The recurrence rules (issue 24) in a chunk of their own: shared by the Repeat fields, the recurring
            // expenses dialog and an occurrence's detail, all lazy, they would otherwise join a chunk the form and
            // the detail load up front.
            { name: 'recurrence', test: /[\\/]domain[\\/]src[\\/]recurrence\.ts$/, priority: 10 },
            {
              // Loading a resource and the money rules nearly every signed-in screen needs, kept as one chunk: a
              // new screen that needs only part of it would otherwise split it in two, and every route would pay
              // for one more chunk (its name is in the entry too, which the /login budget has no room for).
              name: 'resource',
              test: /[\\/]src[\\/]flows[\\/]resource\.ts$|[\\/]domain[\\/]src[\\/](currencies|money|allocate|payers|widgets)\.ts$/,
              priority: 5,
            },
          ],
        },
      },
    },
  },
});
