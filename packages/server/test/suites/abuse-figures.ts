import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '../../src/paths';
import type { Engine } from '../support/databases';

/** What the abuse, security and token suites saw in this run: docs/reliability/abuse.json. */
const figures = new Map<string, number>();

export function countFigure(name: string, by = 1): void {
  figures.set(name, (figures.get(name) ?? 0) + by);
}

const TITLES = {
  abuse: 'Abuse: rate limits, security headers, CORS, proxy trust, body and page limits, tokens',
  // The load suites run in a Vitest project of their own (a process of its own): a file of their own.
  'abuse-load': "Abuse: one account's load against another account's answers",
};

/**
 * Writes the figures so far to docs/reliability/<part>.json (each suite calls it after its tests, so the
 * last one holds everything). Only the PostgreSQL run writes: it is the one the reliability report stands on.
 */
export function writeAbuseFigures(engine: Engine, part: keyof typeof TITLES = 'abuse'): void {
  if (engine !== 'postgres') return;
  const dir = join(REPO_ROOT, 'docs', 'reliability');
  mkdirSync(dir, { recursive: true });
  const report = {
    title: TITLES[part],
    figures: Object.fromEntries([...figures].sort(([a], [b]) => a.localeCompare(b))),
    measuredAt: new Date().toISOString(),
  };
  writeFileSync(join(dir, `${part}.json`), `${JSON.stringify(report, null, 2)}\n`);
}
