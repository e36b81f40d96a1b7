// @ts-check
// Which lazy modules each page of the app loads first, read from src/routes.tsx. Used by the build (the
// `kitty:route-preloads` plugin in vite.config.ts) and by scripts/web-size.mjs, so both read the route table
// the same way. Plain JavaScript: scripts/web-size.mjs runs under Node.js without a TypeScript loader.

/**
 * `<Route ...>` tags of routes.tsx in order: where each starts and ends, and whether it closes itself.
 * @param {string} source
 */
function routeTags(source) {
  /** @type {{ closing?: boolean, selfClosing?: boolean, text?: string }[]} */
  const tags = [];
  for (const match of source.matchAll(/<\/?Route\b/g)) {
    if (match[0] === '</Route') {
      tags.push({ closing: true });
      continue;
    }
    let depth = 0;
    let i = match.index;
    for (; i < source.length; i++) {
      if (source[i] === '{') depth++;
      else if (source[i] === '}') depth--;
      else if (source[i] === '>' && depth === 0) break;
    }
    tags.push({ selfClosing: source[i - 1] === '/', text: source.slice(match.index, i) });
  }
  return tags;
}

/**
 * Each route path of `source` (the text of src/routes.tsx) with the lazy modules its first visit loads, as
 * paths under src/ without extension: every lazy layout around the route (`<Route element={<AppShell />}>`),
 * then its screen (`<Screen ... component={DashboardScreen} />`), each declared as
 * `const X = preloadable(() => import('./...'))`.
 *
 *   readRouteModules(source).get('/dashboard') // ['components/AppShell', 'screens/DashboardScreen/DashboardScreen']
 *
 * @param {string} source
 * @returns {Map<string, string[]>}
 */
export function readRouteModules(source) {
  /** @type {Map<string, string>} */
  const lazy = new Map();
  for (const m of source.matchAll(/const (\w+) = preloadable\(\(\) =>\s*import\('\.\/([^']+)'\)/g)) {
    lazy.set(m[1], m[2]);
  }
  /** @type {Map<string, string[]>} */
  const routes = new Map();
  /** @type {(string | null)[]} the lazy layout module of each open <Route>, or null */
  const open = [];
  for (const tag of routeTags(source)) {
    if (tag.closing) {
      open.pop();
      continue;
    }
    const text = tag.text ?? '';
    const layout = text.match(/element=\{<(\w+)/)?.[1];
    const path = text.match(/path="([^"]*)"/)?.[1];
    const screen = text.match(/<Screen\b[\s\S]*?component=\{(\w+)\}/)?.[1];
    if (path !== undefined && screen) {
      const module = lazy.get(screen);
      if (!module) throw new Error(`routes.tsx: ${screen} is not declared with preloadable(...)`);
      /** @type {string[]} */
      const layouts = [];
      for (const m of open) if (m) layouts.push(m);
      routes.set(path === '/' ? '/' : `/${path}`, [...layouts, module]);
    }
    if (!tag.selfClosing) open.push((layout && lazy.get(layout)) ?? null);
  }
  if (routes.size === 0)
    throw new Error('No <Route path=... element={<Screen .../>} /> found in src/routes.tsx');
  return routes;
}
