import { defineConfig } from 'vitest/config';

// Vitest 5's reporter calls Map.groupBy, which Node 20 lacks: without this, a failing test's report
// crashes instead of showing the failure. Remove when the project moves to Node 22.
if (typeof (Map as { groupBy?: unknown }).groupBy !== 'function') {
  Object.defineProperty(Map, 'groupBy', {
    configurable: true,
    writable: true,
    value<K, T>(items: Iterable<T>, key: (item: T, index: number) => K): Map<K, T[]> {
      const groups = new Map<K, T[]>();
      let index = 0;
      for (const item of items) {
        const k = key(item, index++);
        const group = groups.get(k);
        if (group) group.push(item);
        else groups.set(k, [item]);
      }
      return groups;
    },
  });
}

// Vitest 4 and later ignore vitest.workspace.ts: the projects are listed here. `packaging` packs @kitty/domain
// and @kitty/api, installs the tarballs with npm into an empty project and imports them from plain JavaScript.
export default defineConfig({
  test: {
    projects: [
      'packages/domain',
      'packages/api',
      'packages/server',
      'packages/web',
      'packages/cli',
      {
        test: {
          name: 'packaging',
          include: ['scripts/packaging.test.ts'],
          testTimeout: 60_000,
          sequence: { groupOrder: 0 },
        },
      },
      // The server's load tests time another account's answers while one account floods the server: they
      // run alone on the machine, a group of their own (groupOrder 1; every project above is group 0).
      {
        root: 'packages/server',
        test: {
          name: 'server-load',
          include: ['test/load.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
