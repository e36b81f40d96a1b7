import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** index.html as sent for one page: the text, its pre-compressed forms and its ETag. */
export interface PageBody {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
  etag: string;
}

interface RoutePreloads {
  routes: { path: string; modulepreload: string[] }[];
}

/**
 * index.html for each page of the app. The web build lists, per route, the chunks its first visit needs
 * beyond what index.html loads (`.vite/route-preloads.json`, plugin `kitty:route-preloads`); the page for a
 * path that matches a route links them as modulepreload, so they download while the HTML is parsed instead
 * of after the entry has run and found the route. Every variant is made and compressed once, at start.
 * Without the file (an older build), every path gets index.html as built.
 */
export function loadPages(webDist: string): (pathname: string) => PageBody {
  const index = readFileSync(join(webDist, 'index.html'), 'utf8');
  const plain = pageBody(index);
  const listPath = join(webDist, '.vite/route-preloads.json');
  if (!existsSync(listPath)) return () => plain;
  const { routes } = JSON.parse(readFileSync(listPath, 'utf8')) as RoutePreloads;
  const pages = routes.map((route) => ({
    segments: segmentsOf(route.path),
    body: pageBody(withPreloads(index, route.modulepreload)),
  }));
  return (pathname) => {
    let best: { rank: number; body: PageBody } | undefined;
    const path = segmentsOf(pathname);
    for (const page of pages) {
      const rank = matchRank(page.segments, path);
      if (rank !== null && (!best || rank > best.rank)) best = { rank, body: page.body };
    }
    return best?.body ?? plain;
  };
}

/**
 * The text of each <style> element in the build's index.html (the web build inlines the app's stylesheet
 * there, so the first paint waits for no second file): the Content-Security-Policy allows exactly these by
 * hash. None without a build.
 */
export function pageStyles(webDist: string): string[] {
  const indexPath = join(webDist, 'index.html');
  if (!existsSync(indexPath)) return [];
  const index = readFileSync(indexPath, 'utf8');
  return [...index.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((match) => match[1] as string);
}

function withPreloads(index: string, files: readonly string[]): string {
  const links = files
    .filter((href) => /^\/[\w./-]+$/.test(href) && !index.includes(`"${href}"`))
    .map((href) => `\n    <link rel="modulepreload" crossorigin href="${href}">`)
    .join('');
  return index.replace(/\s*<\/head>/, (end) => `${links}${end}`);
}

function pageBody(html: string): PageBody {
  const identity = Buffer.from(html);
  return {
    identity,
    br: brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip: gzipSync(identity, { level: 9 }),
    etag: `"${createHash('sha256').update(identity).digest('base64url').slice(0, 22)}"`,
  };
}

function segmentsOf(path: string): string[] {
  return (path.split('?')[0] ?? '').split('/').filter(Boolean);
}

/**
 * How well a route pattern matches a path, as React Router ranks them: a fixed segment beats a `:param`,
 * which beats the `*` rest; null when it does not match. `*` stands for one segment or more (/ is not a
 * missing page).
 */
export function matchRank(pattern: readonly string[], path: readonly string[]): number | null {
  let rank = 0;
  for (let i = 0; i < pattern.length; i++) {
    const part = pattern[i] as string;
    if (part === '*') return i < path.length ? rank + 1 : null;
    const segment = path[i];
    if (segment === undefined) return null;
    if (part.startsWith(':')) rank += 2;
    else if (part === segment) rank += 3;
    else return null;
  }
  return pattern.length === path.length ? rank : null;
}
