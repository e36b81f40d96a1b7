import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Plugin } from 'vite';

/**
 * Writes dist/sw.js: the service worker that keeps the app shell (index.html, every chunk of the build, the
 * manifest and icons) on the device, so a person who opened the app before can open it with no connection.
 *
 * Our own 60 lines rather than vite-plugin-pwa/Workbox: the page side must not grow the sign-in page's
 * JavaScript (its 120 kB budget has no room for workbox-window), and the worker needs nothing Workbox adds
 * beyond a precache list, a cache-first answer for the build's files and a network-first one for pages; the
 * list comes straight from rolldown's bundle here, with no second bundler (workbox-build's Rollup and Babel).
 *
 * - install: every file of the build into the cache `kitty-<version>` (the version is a digest of the files).
 * - activate: older `kitty-*` caches deleted. A new version waits until the page asks it to take over
 *   (src/offline/serviceWorker.ts offers "A new version is ready" + Reload): never forced mid-edit.
 * - fetch: the build's own files from the cache; a page from the network, else (offline, or no answer in
 *   4 s) the cached index.html, which routes itself; /api is never touched (src/offline keeps those answers
 *   per person in IndexedDB).
 */
export function serviceWorker(publicDir = 'public'): Plugin {
  let root = '';
  return {
    name: 'kitty:service-worker',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    writeBundle(options, bundle) {
      const outDir = options.dir ?? join(root, 'dist');
      const built = Object.keys(bundle).filter(
        (name) => !name.startsWith('.vite/') && !name.endsWith('.map'),
      );
      const publicFiles = filesUnder(join(root, publicDir));
      const files = [...new Set([...built, ...publicFiles])].filter((name) => name !== 'sw.js').sort();
      const digest = createHash('sha256');
      for (const name of files) digest.update(name).update(readFileSync(join(outDir, name)));
      const version = digest.digest('base64url').slice(0, 12);
      const urls = files.map((name) => (name === 'index.html' ? '/index.html' : `/${name}`));
      writeFileSync(join(outDir, 'sw.js'), workerSource(version, urls));
    },
  };
}

function filesUnder(dir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(dir, { recursive: true }) as string[];
  } catch {
    return [];
  }
  return names
    .filter((name) => statSync(join(dir, name)).isFile())
    .map((name) => relative(dir, join(dir, name)));
}

export function workerSource(version: string, urls: readonly string[]): string {
  return `// Kitty's service worker (build/serviceWorker.ts). Version ${version}.
const CACHE = 'kitty-${version}';
const PRECACHE = ${JSON.stringify(urls)};
const PRECACHED = new Set(PRECACHE);
const PAGE_TIMEOUT_MS = 4000;

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches.open(CACHE).then((cache) => cache.addAll(PRECACHE.map((url) => new Request(url, { cache: 'reload' })))),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const key of await caches.keys()) if (key.startsWith('kitty-') && key !== CACHE) await caches.delete(key);
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'SKIP_WAITING') self.skipWaiting();
});

async function cachedPage() {
  return caches.match('/index.html', { cacheName: CACHE });
}

async function page(request) {
  const network = fetch(request);
  const timeout = new Promise((resolve) => setTimeout(resolve, PAGE_TIMEOUT_MS, null));
  try {
    const answer = await Promise.race([network, timeout]);
    if (answer) return answer;
    return (await cachedPage()) || (await network);
  } catch (error) {
    const cached = await cachedPage();
    if (cached) return cached;
    throw error;
  }
}

async function file(request) {
  const cached = await caches.match(request, { cacheName: CACHE, ignoreSearch: true });
  return cached || fetch(request);
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || url.pathname.startsWith('/api/')) return;
  if (request.mode === 'navigate') event.respondWith(page(request));
  else if (PRECACHED.has(url.pathname)) event.respondWith(file(request));
});
`;
}
