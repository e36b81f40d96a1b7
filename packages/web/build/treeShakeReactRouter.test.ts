import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { markReactRouterPure } from './treeShakeReactRouter';

// The installed react-router's own module that declares Link, NavLink, Form and ScrollRestoration.
const require = createRequire(import.meta.url);
const packageDir = dirname(require.resolve('react-router/package.json'));
const domLib = readFileSync(join(packageDir, 'dist/production/lib/dom/lib.js'), 'utf8');

const unmarkedValueCalls = (code: string) =>
  [...code.matchAll(/^(?:const|let|var) [\w$]+ = React\$1\.(forwardRef|createContext|memo)\(/gm)].length;
const displayNames = (code: string) => [...code.matchAll(/^[\w$]+\.displayName = /gm)].length;

describe("react-router's unused components can be tree-shaken", () => {
  it('still finds the declarations in the installed version (a new format would silently keep them)', () => {
    expect(unmarkedValueCalls(domLib)).toBeGreaterThanOrEqual(3);
    expect(displayNames(domLib)).toBeGreaterThanOrEqual(4);
  });

  it('marks every component declaration pure and drops every module-level display name', () => {
    const out = markReactRouterPure(domLib);
    expect(unmarkedValueCalls(out)).toBe(0);
    expect(displayNames(out)).toBe(0);
    expect(out).toContain('const Link = /* @__PURE__ */ React$1.forwardRef(');
  });

  it('leaves everything else as it was', () => {
    const code = 'function f() {\n\tX.displayName = name;\n}\nconst a = other.forwardRef(b);\n';
    expect(markReactRouterPure(code)).toBe(code);
  });
});
