import type { Figures } from './load';
import { type RunResult, row } from './results';
import { highestMet, P99_LIMIT_MS } from './steps';
import type { EndpointId } from './streams';

export type GoalId =
  | 'detail'
  | 'page'
  | 'balances'
  | 'summary'
  | 'suggestions'
  | 'create'
  | 'mixed'
  | 'history'
  | 'scale';

export interface Goal {
  id: GoalId;
  name: string;
  target: string;
  measured: string;
  pass: boolean;
}

/** CPU milliseconds per request: the server's Node.js process, and PostgreSQL's backends. */
interface CpuLimit {
  server: number;
  database: number;
}

/** The goals of issue 21. */
export const LIMITS = {
  detail: { server: 0.5, database: 0.5 },
  page: { server: 0.5, database: 0.5 },
  balances: { server: 0.25, database: 0.25 },
  summary: { server: 0.25, database: 0.25 },
  suggestions: { server: 0.5, database: 0.25 },
  create: { server: 0.8, database: 1.0 },
  createdPerSecond: 1_000,
  /** Median latency of a read at Big over the same read at Small. */
  history: 1.25,
  /** Mixed workload throughput on two processes over one. */
  scale: 1.0,
} as const;

const cpuText = (n: number | null | undefined) => (n === null || n === undefined ? '?' : n.toFixed(2));
const int = (n: number) => Math.round(n).toLocaleString('en');

function withinCpu(figures: Figures, limit: CpuLimit): boolean {
  const cpu = figures.cpu;
  return (
    cpu?.server != null &&
    cpu.database != null &&
    cpu.server <= limit.server &&
    cpu.database <= limit.database
  );
}

function cpuGoal(result: RunResult, id: GoalId, endpoint: EndpointId, name: string, limit: CpuLimit): Goal {
  const f = row(result, endpoint).figures;
  return {
    id,
    name,
    target: `<= ${limit.server} ms server + ${limit.database} ms PostgreSQL CPU`,
    measured: `${cpuText(f.cpu?.server)} + ${cpuText(f.cpu?.database)} ms (${int(f.rps)} req/s)`,
    pass: withinCpu(f, limit),
  };
}

/** The reads compared at 100,000 and at 100 expenses: name, Big's endpoint, Small's. */
export const HISTORY_PAIRS = [
  ['group detail', 'detail-big', 'detail-small'],
  ['group balances', 'balances-big', 'balances-small'],
  ['expense page of 20', 'page-big', 'page-small'],
] as const;

/** The median over rounds of `big`'s p50 over `small`'s p50 in the same round. */
export function pairedRatio(big: Figures, small: Figures): number {
  const a = big.roundP50s ?? [big.p50];
  const b = small.roundP50s ?? [small.p50];
  const ratios = a.map((p50, i) => p50 / (b[i] ?? small.p50)).sort((x, y) => x - y);
  const mid = ratios.length >> 1;
  return ratios.length % 2 === 1
    ? (ratios[mid] as number)
    : ((ratios[mid - 1] as number) + (ratios[mid] as number)) / 2;
}

/** The goals, checked against one run's figures. */
export function evaluate(result: RunResult): Goal[] {
  const big = result.config.bigExpenses.toLocaleString('en');
  const goals: Goal[] = [
    cpuGoal(result, 'detail', 'detail-big', `group detail, ${big}-expense group, built`, LIMITS.detail),
    cpuGoal(result, 'page', 'page-big', `expense page of 20, ${big}-expense group`, LIMITS.page),
    cpuGoal(result, 'balances', 'balances', 'group balances', LIMITS.balances),
    cpuGoal(result, 'summary', 'summary', 'balance summary', LIMITS.summary),
  ];

  const suggestions = cpuGoal(
    result,
    'suggestions',
    'suggestions',
    'suggestions, 20 nonzero balances',
    LIMITS.suggestions,
  );
  const minimal = result.minimal.every((c) => c.pass) && result.minimal.length > 0;
  const checks = result.minimal.map(
    (c) =>
      `${c.when} ${c.currency}: ${c.suggested} transfers, minimum ${c.minimum}${c.settles ? '' : ', does not settle'}`,
  );
  goals.push({
    ...suggestions,
    target: `${suggestions.target}; still provably minimal`,
    measured: `${suggestions.measured}; ${checks.join('; ')}`,
    pass: suggestions.pass && minimal,
  });

  const create = row(result, 'create').figures;
  goals.push({
    id: 'create',
    name: 'create expense with Idempotency-Key',
    target: `<= ${LIMITS.create.server} + ${LIMITS.create.database} ms; >= ${int(LIMITS.createdPerSecond)} created a second`,
    measured: `${cpuText(create.cpu?.server)} + ${cpuText(create.cpu?.database)} ms; ${int(create.rps)} a second`,
    pass: withinCpu(create, LIMITS.create) && create.rps >= LIMITS.createdPerSecond,
  });

  const best = highestMet(result.mixed.steps);
  const lowest = result.mixed.steps[0];
  goals.push({
    id: 'mixed',
    name: 'mixed workload',
    target: `p99 <= ${P99_LIMIT_MS} ms at the highest rate reached; requests a second and CPU per request`,
    measured: best
      ? `${int(best.rps)} req/s (offered ${int(best.offered)}), p99 ${best.p99.toFixed(1)} ms, ` +
        `${cpuText(best.cpu?.server)} + ${cpuText(best.cpu?.database)} ms CPU per request`
      : `no rate met it (lowest offered ${int(lowest?.offered ?? 0)} req/s: p99 ${(lowest?.p99 ?? 0).toFixed(1)} ms)`,
    pass: best !== null,
  });

  // Big and Small run one after the other in every round: the ratio is taken within each round and its
  // median kept, so a drift of the machine between rounds (another program, a GC-heavy server start)
  // cancels out instead of landing on one side of the ratio.
  const ratios = HISTORY_PAIRS.map(([name, b, s]) => {
    const ratio = pairedRatio(row(result, b).figures, row(result, s).figures);
    return { text: `${name} ${ratio.toFixed(2)}`, ok: ratio <= LIMITS.history };
  });
  goals.push({
    id: 'history',
    name: 'history',
    target: `p50 of every read at ${big} expenses / at 100 <= ${LIMITS.history}`,
    measured: ratios.map((r) => r.text).join('; '),
    pass: ratios.every((r) => r.ok),
  });

  const { one, two } = result.mixed;
  const scale = two.rps / one.rps;
  goals.push({
    id: 'scale',
    name: 'two processes / one, mixed workload',
    target: `>= ${LIMITS.scale.toFixed(1)}`,
    measured: `${scale.toFixed(2)} (${int(two.rps)} / ${int(one.rps)} req/s)`,
    pass: scale >= LIMITS.scale,
  });
  return goals;
}

export interface Check {
  name: string;
  measured: string;
  pass: boolean;
}

/** What must hold for the figures to mean anything: exact balances, and only successful answers. */
export function checks(result: RunResult): Check[] {
  const { logged } = result;
  const all = [
    ...result.rows.map((r) => r.figures),
    ...result.mixed.steps,
    result.mixed.one,
    result.mixed.two,
  ];
  const failures = all.reduce((n, f) => n + f.failures, 0);
  // A run without a single answer (every request still waiting when it ended) has no figures at all.
  const silent = all.filter((f) => f.answers === 0).length;
  return [
    {
      name: 'running balances equal a full recomputation after the load (every group)',
      measured:
        result.ledger.problems.length === 0
          ? `${result.ledger.scopes} groups agree to the cent`
          : result.ledger.problems.join('; '),
      pass: result.ledger.problems.length === 0,
    },
    {
      name: 'every request measured was answered with a success, and no server logged an error',
      measured:
        failures === 0 && silent === 0 && logged.length === 0
          ? `${int(all.reduce((n, f) => n + f.answers, 0))} answers, all 2xx`
          : [
              `${failures} failures (${statusText(all)})`,
              `${silent} runs without any answer`,
              ...logged,
            ].join('; '),
      pass: failures === 0 && silent === 0 && logged.length === 0,
    },
  ];
}

function statusText(all: readonly Figures[]): string {
  const statuses: Record<string, number> = {};
  for (const f of all)
    for (const [code, n] of Object.entries(f.statuses)) statuses[code] = (statuses[code] ?? 0) + n;
  return Object.entries(statuses)
    .map(([code, n]) => `${code}: ${n}`)
    .join(', ');
}
