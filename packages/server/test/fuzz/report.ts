import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { REPO_ROOT } from '../../src/paths';
import type { OperationStats } from './runner';

export const FUZZ_JSON = resolve(REPO_ROOT, 'docs/reliability/fuzz.json');

export interface EngineRun {
  engine: string;
  seed: number;
  runsPerOperation: number;
  seconds: number;
  /** Times the world was made again because a case of an earlier operation used up part of it. */
  worldRebuilds: number;
  operations: Map<string, OperationStats>;
}

function totals(run: EngineRun) {
  let cases = 0;
  let ok = 0;
  let refused = 0;
  let server = 0;
  let unchanged = 0;
  let contract = 0;
  let violations = 0;
  for (const stats of run.operations.values()) {
    cases += stats.cases;
    violations += stats.violations;
    unchanged += stats.unchangedChecks;
    contract += stats.contractChecks;
    for (const [status, count] of Object.entries(stats.statuses)) {
      const code = Number(status);
      if (code >= 500) server += count;
      else if (code >= 400) refused += count;
      else ok += count;
    }
  }
  return { cases, ok, refused, server, unchanged, contract, violations };
}

/**
 * docs/reliability/fuzz.json, in the shape every part writes ({ title, figures, measuredAt }), with a
 * table of the cases per operation. `contractOperations` is how many operations openapi.yaml has.
 */
export function writeFuzzReport(runs: EngineRun[], contractOperations: number): void {
  const figures: Record<string, number | string> = {};
  for (const run of runs) {
    const t = totals(run);
    const on = `on ${run.engine}`;
    figures[`operations covered ${on}`] = `${run.operations.size} of ${contractOperations}`;
    figures[`cases tried ${on}`] = t.cases;
    figures[`2xx answers ${on}`] = t.ok;
    figures[`4xx answers ${on}`] = t.refused;
    figures[`5xx answers ${on}`] = t.server;
    figures[`cases that broke a rule (lost) ${on}`] = t.violations;
    figures[`database-unchanged checks after a 4xx ${on}`] = t.unchanged;
    figures[`2xx answers checked against openapi.yaml ${on}`] = t.contract;
    figures[`seed ${on} (FUZZ_SEED)`] = String(run.seed);
    figures[`runs per operation ${on}`] = run.runsPerOperation;
    figures[`operations stopped early by the time limit ${on}`] = [...run.operations.values()].filter(
      (stats) => stats.cases < stats.planned,
    ).length;
    figures[`fuzz world rebuilt ${on}`] = run.worldRebuilds;
    figures[`seconds ${on}`] = Math.round(run.seconds);
  }
  const lost = runs.reduce((sum, run) => sum + totals(run).violations, 0);
  const main = runs[runs.length - 1];
  const report = {
    title: 'Hostile input (property-based fuzzer)',
    proves:
      'For every operation of openapi.yaml, malformed, oversized, wrong-typed, Unicode-edge, injection-laden ' +
      'and out-of-range ids, query strings, headers and bodies, signed in with real data, as a stranger and ' +
      'with forged tokens: never a 5xx, every 4xx is JSON with a code and a message, and every table is unchanged after a 4xx.',
    figures,
    lost,
    measuredAt: new Date().toISOString(),
    table: main && {
      caption: `Cases per operation on ${main.engine}`,
      columns: ['operation', 'cases', '2xx', '4xx', '5xx', 'statuses'],
      rows: [...main.operations].map(([id, stats]) => {
        const count = (from: number, to: number) =>
          Object.entries(stats.statuses)
            .filter(([status]) => Number(status) >= from && Number(status) < to)
            .reduce((sum, [, n]) => sum + n, 0);
        const statuses = Object.entries(stats.statuses)
          .map(([status, n]) => `${status}: ${n}`)
          .join(', ');
        return [id, stats.cases, count(200, 300), count(400, 500), count(500, 600), statuses];
      }),
    },
  };
  mkdirSync(resolve(FUZZ_JSON, '..'), { recursive: true });
  writeFileSync(FUZZ_JSON, `${JSON.stringify(report, null, 2)}\n`);
}
