import type { Plugin } from 'vite';

// react-router's production build declares its components at module level as `React.forwardRef(...)`,
// `React.createContext(...)` and `React.memo(...)` calls without /*#__PURE__*/ marks, then names them for
// React DevTools (`Link.displayName = "Link"`). To a bundler both are side effects, so importing
// BrowserRouter alone kept Link, NavLink, Form, ScrollRestoration and the framework-mode prefetching they
// reference: about 4.3 kB gzip on every route, /login included (docs/web-performance.md, fourth pass).
// Those calls create values and nothing else, and a display name only labels a component in DevTools, so
// marking the calls pure and dropping the names changes nothing at run time but lets the unused ones go.

const FILE = /[\\/]node_modules[\\/](.*[\\/])?react-router[\\/]dist[\\/]production[\\/]/;
const VALUE_CALL = /(?<![\w$.])(React\$1\.(?:forwardRef|createContext|memo)\()/g;
const DISPLAY_NAME = /^[\w$]+\.displayName = "[^"\n]*";$/gm;

/** The rewrite of one react-router module (exported for its test). */
export function markReactRouterPure(code: string): string {
  return code.replace(VALUE_CALL, '/* @__PURE__ */ $1').replace(DISPLAY_NAME, '');
}

export function treeShakeReactRouter(): Plugin {
  return {
    name: 'kitty:tree-shake-react-router',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!FILE.test(id)) return null;
      return { code: markReactRouterPure(code), map: null };
    },
  };
}
