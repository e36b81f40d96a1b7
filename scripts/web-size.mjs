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

/** `<Route ...>` tags of routes.tsx in order: where each starts and ends, and whether it closes itself. */
function routeTags(source) {
  const tags = [];
  for (const match of source.matchAll(/<\/?Route\b/g)) {
    if (match[0] === '</Route') {
      tags.push({ start: match.index, end: match.index, closing: true });
      continue;
    }
    let depth = 0;
    let i = match.index;
    for (; i < source.length; i++) {
      if (source[i] === '{') depth++;
      else if (source[i] === '}') depth--;
      else if (source[i] === '>' && depth === 0) break;
    }
    tags.push({
      start: match.index,
      end: i,
      selfClosing: source[i - 1] === '/',
      text: source.slice(match.index, i),
    });
  }
  return tags;
}

/**
 * Route paths and the lazy chunks their first visit loads, read from src/routes.tsx: the screen of
 * `<Route path="login" element={<Screen ... component={LoginScreen} />} />` plus every lazy layout around it
 * (`<Route element={<AppShell />}>...</Route>`), each declared as `const X = preloadable(() => import('./...'))`.
 */
function readRoutes() {
  const source = readFileSync(join(web, 'src/routes.tsx'), 'utf8');
  const lazyChunks = new Map();
  for (const m of source.matchAll(/const (\w+) = preloadable\(\(\) =>\s*import\('\.\/([^']+)'\)/g)) {
    lazyChunks.set(m[1], chunkKey(m[2], m[1]));
  }
  const routes = new Map();
  const open = []; // the lazy layout chunk of each open <Route>, or null
  for (const tag of routeTags(source)) {
    if (tag.closing) {
      open.pop();
      continue;
    }
    const layout = tag.text.match(/element=\{<(\w+)/)?.[1];
    const path = tag.text.match(/path="([^"]*)"/)?.[1];
    const screen = tag.text.match(/<Screen\b[\s\S]*?component=\{(\w+)\}/)?.[1];
    if (path !== undefined && screen) {
      const key = lazyChunks.get(screen);
      if (!key) throw new Error(`routes.tsx: ${screen} is not declared with preloadable(...)`);
      const full = path === '/' ? '/' : `/${path}`;
      routes.set(full, [...open.filter(Boolean), key]);
    }
    if (!tag.selfClosing) open.push(lazyChunks.get(layout) ?? null);
  }
  if (routes.size === 0)
    throw new Error('No <Route path=... element={<Screen .../>} /> found in src/routes.tsx');
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
const linkedCss = linked('stylesheet');
const preloadedJs = linked('modulepreload');

function measure(keys) {
  const chunks = [...staticClosure(keys)].map((k) => manifest[k]);
  const js = [...new Set([...preloadedJs, ...chunks.map((c) => c.file)])];
  const css = [...new Set([...linkedCss, ...chunks.flatMap((c) => c.css ?? [])])];
  const sum = (files) => files.reduce((total, f) => total + gzipSize(f), 0);
  return { js, css, jsGzip: sum(js), cssGzip: sum(css) };
}

const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
const kb = (bytes) => (bytes / 1000).toFixed(1);
const rows = [];
for (const [path, keys] of readRoutes()) {
  const size = measure([entryKey, ...keys]);
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
if (failures.length > 0) {
  console.error(`\nSize budget exceeded: ${failures.map((r) => `${r.path} (${r.over})`).join('; ')}`);
  process.exit(1);
}
console.log('\nEvery route is within its size budget.');
