#!/usr/bin/env node
// What a first visit to each route of the web app downloads, gzip-compressed, checked against
// packages/web/size-budgets.json.
//
//   node scripts/web-size.mjs [--dist <dir>] [--write]
//
// For a route: what index.html links and preloads, the entry chunk and its static imports, plus the route's
// lazy screen chunk (and lazy layout, e.g. the signed-in AppShell) and their static imports (the Vite
// manifest's `imports`, walked transitively; `dynamicImports` are fetched later, on demand). JavaScript and
// CSS are counted separately; sizes are zlib level 9, in kB of 1000 bytes (as Vite reports them). Exits 1
// when a route exceeds its budget or has none. --write also replaces the size section of
// docs/web-performance.md.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { readRouteModules } from '../packages/web/build/routeModules.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const web = join(root, 'packages/web');
const args = process.argv.slice(2);
const distArg = args.indexOf('--dist');
const dist = resolve(distArg >= 0 ? args[distArg + 1] : (process.env.WEB_DIST ?? join(web, 'dist')));
const write = args.includes('--write');

const manifestPath = join(dist, '.vite/manifest.json');
if (!existsSync(manifestPath)) {
  console.error(`No ${manifestPath}: build the web app first (pnpm run build; build.manifest is on).`);
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const budgets = JSON.parse(readFileSync(join(web, 'size-budgets.json'), 'utf8'));

/** `src/<module>` as its manifest key. */
function chunkKey(module, what) {
  const key = ['.tsx', '.ts'].map((ext) => `src/${module}${ext}`).find((k) => manifest[k]);
  if (!key) throw new Error(`${module} (${what}) is not a chunk of the manifest`);
  return key;
}

/** Route paths and the manifest keys of the lazy chunks their first visit loads (build/routeModules.mjs). */
function readRoutes() {
  const source = readFileSync(join(web, 'src/routes.tsx'), 'utf8');
  const routes = new Map();
  for (const [path, modules] of readRouteModules(source)) {
    routes.set(
      path,
      modules.map((module) => chunkKey(module, path)),
    );
  }
  return routes;
}

const gzipCache = new Map();
function gzipSize(file) {
  if (!gzipCache.has(file)) {
    gzipCache.set(file, gzipSync(readFileSync(join(dist, file)), { level: 9 }).length);
  }
  return gzipCache.get(file);
}

/** The chunks a manifest entry needs before it runs: itself and its static imports, transitively. */
function staticClosure(keys, seen = new Set()) {
  for (const key of keys) {
    if (seen.has(key)) continue;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`Manifest has no ${key}`);
    seen.add(key);
    staticClosure(chunk.imports ?? [], seen);
  }
  return seen;
}

// What index.html itself makes every visit download: its stylesheets (all of the app's CSS when it is not split
// by chunk) and the modules it preloads (the sign-in screen's too: counted on every route).
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const linked = (rel) =>
  [...html.matchAll(new RegExp(`<link rel="${rel}"[^>]*href="/([^"]+)"`, 'g'))].map((m) => m[1]);
// The build inlines the stylesheet into index.html (plugin kitty:inline-stylesheet): each <style> counts as CSS
// every route downloads, under a name of its own.
const inlineCss = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((match, i) => {
  const name = `index.html <style> ${i + 1}`;
  gzipCache.set(name, gzipSync(Buffer.from(match[1]), { level: 9 }).length);
  return name;
});
const linkedCss = [...linked('stylesheet'), ...inlineCss];
const preloadedJs = linked('modulepreload');

function measure(keys) {
  const chunks = [...staticClosure(keys)].map((k) => manifest[k]);
  const js = [...new Set([...preloadedJs, ...chunks.map((c) => c.file)])];
  const css = [...new Set([...linkedCss, ...chunks.flatMap((c) => c.css ?? [])])];
  const sum = (files) => files.reduce((total, f) => total + gzipSize(f), 0);
  return { js, css, jsGzip: sum(js), cssGzip: sum(css) };
}

// The server links each page's chunks from the build's route list (plugin kitty:route-preloads): every route
// must be in it, with exactly the chunks counted here beyond what index.html loads.
const preloadsPath = join(dist, '.vite/route-preloads.json');
const routePreloads = existsSync(preloadsPath)
  ? new Map(JSON.parse(readFileSync(preloadsPath, 'utf8')).routes.map((r) => [r.path, r.modulepreload]))
  : null;
const preloadProblems = [];

const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
const kb = (bytes) => (bytes / 1000).toFixed(1);
const rows = [];
const loadedByIndex = new Set(measure([entryKey]).js);
for (const [path, keys] of readRoutes()) {
  const size = measure([entryKey, ...keys]);
  const expected = size.js.filter((f) => !loadedByIndex.has(f)).sort();
  const listed = (routePreloads?.get(path) ?? [])
    .map((href) => href.slice(1))
    .filter((f) => !loadedByIndex.has(f))
    .sort();
  if (!routePreloads?.has(path) || expected.join() !== listed.join()) {
    preloadProblems.push(
      `${path}: route-preloads.json lists [${listed.join(', ')}], the route needs [${expected.join(', ')}]`,
    );
  }
  const budget = budgets.routes[path];
  const over = !budget
    ? 'no budget'
    : [
        size.jsGzip > budget.js * 1000 ? `JS over ${budget.js} kB` : '',
        size.cssGzip > budget.css * 1000 ? `CSS over ${budget.css} kB` : '',
      ]
        .filter(Boolean)
        .join(', ');
  rows.push({ path, ...size, budget, over });
}
const entry = measure([entryKey]);

const table = [
  '| Route | JS gzip (budget) | CSS gzip (budget) | Chunks (JS + CSS) | |',
  '| --- | ---: | ---: | ---: | --- |',
  `| (entry, every route) | ${kb(entry.jsGzip)} kB | ${kb(entry.cssGzip)} kB | ${entry.js.length} + ${entry.css.length} | |`,
  ...rows.map(
    (r) =>
      `| ${r.path} | ${kb(r.jsGzip)} kB (${r.budget?.js ?? '-'}) | ${kb(r.cssGzip)} kB (${r.budget?.css ?? '-'}) | ` +
      `${r.js.length} + ${r.css.length} | ${r.over ? `**${r.over}**` : 'ok'} |`,
  ),
];
console.log(table.join('\n'));

const failures = rows.filter((r) => r.over);
if (write) {
  const docPath = join(root, 'docs/web-performance.md');
  const section = [
    '<!-- web-size:start (written by node scripts/web-size.mjs --write) -->',
    '',
    `What a first visit to each route downloads before its screen shows: the entry chunk and its static`,
    `imports plus the route's screen chunk and its static imports, zlib level 9, kB = 1000 bytes. Budgets:`,
    '`packages/web/size-budgets.json`, checked by `scripts/test.sh` ("Web size budgets").',
    '',
    ...table,
    '',
    '<!-- web-size:end -->',
  ].join('\n');
  const doc = existsSync(docPath) ? readFileSync(docPath, 'utf8') : '';
  const pattern = /<!-- web-size:start[\s\S]*?<!-- web-size:end -->/;
  if (!pattern.test(doc)) throw new Error('docs/web-performance.md has no web-size markers');
  writeFileSync(docPath, doc.replace(pattern, section));
  console.log('\nWrote the size section of docs/web-performance.md');
}
if (preloadProblems.length > 0) {
  console.error(
    `\nThe build's .vite/route-preloads.json does not match the routes:\n${preloadProblems.join('\n')}`,
  );
  process.exit(1);
}
if (failures.length > 0) {
  console.error(`\nSize budget exceeded: ${failures.map((r) => `${r.path} (${r.over})`).join('; ')}`);
  process.exit(1);
}
console.log('\nEvery route is within its size budget.');
