import { ms } from './report';
import { bestCeiling, type RunResult, row } from './results';

export interface Goal {
  name: string;
  target: string;
  actual: string;
  pass: boolean;
}

export const LIMITS = {
  /** Balance read latency at Big over Small. */
  historyGrowth: 1.5,
  /** Answer size at Big over Small: a list that is not paginated would be hundreds of times larger. */
  sizeGrowth: 1.25,
  pageSize: 20,
  shareOfCeiling: 0.35,
  suggestionsMs: 50,
};

const x = (n: number) => `${n.toFixed(2)}x`;
const pct = (n: number) => `${Math.round(n * 100)}%`;

/** The issue's goals, checked against one run's figures. */
export function evaluate(result: RunResult): Goal[] {
  const big = result.config.bigExpenses.toLocaleString('en');
  const goals: Goal[] = [];

  const bb = row(result, 'balances-big').figures;
  const bs = row(result, 'balances-small').figures;
  const growth = bb.p50 / bs.p50;
  goals.push({
    name: 'Balance reads do not grow with history',
    target: `median latency at ${big} expenses / at 100 <= ${LIMITS.historyGrowth}x`,
    actual: `${x(growth)} (p50 ${ms(bb.p50)} / ${ms(bs.p50)} ms; p99 ${ms(bb.p99)} / ${ms(bs.p99)} ms)`,
    pass: growth <= LIMITS.historyGrowth,
  });

  const pairs = [
    ['group detail', 'detail-big', 'detail-small'],
    ['group balances', 'balances-big', 'balances-small'],
    ['expense list', 'expenses-big', 'expenses-small'],
  ] as const;
  const sizes = pairs.map(([name, b, s]) => {
    const rb = row(result, b);
    const rs = row(result, s);
    const ratio = (rb.bytes ?? Number.POSITIVE_INFINITY) / (rs.bytes ?? 1);
    const paged = rb.items === null || (rb.items <= LIMITS.pageSize && rb.hasNextPage !== false);
    return {
      text: `${name} ${rb.bytes} / ${rs.bytes} B (${x(ratio)})`,
      ok: ratio <= LIMITS.sizeGrowth && paged,
    };
  });
  goals.push({
    name: 'Lists are paginated: no answer grows with history',
    target: `answer size at ${big} expenses / at 100 <= ${LIMITS.sizeGrowth}x; pages of ${LIMITS.pageSize} with a next cursor`,
    actual: sizes.map((s) => s.text).join('; '),
    pass: sizes.every((s) => s.ok),
  });

  const reads = result.rows.filter((r) => r.read);
  const best = bestCeiling(result);
  const share = (r: (typeof reads)[number]) => pct(r.figures.rps / best.rps);
  const slowest = reads.reduce((a, b) => (a.figures.rps <= b.figures.rps ? a : b));
  const below = reads.filter((r) => r.figures.rps < LIMITS.shareOfCeiling * best.rps);
  goals.push({
    name: "Read endpoints reach a share of the ceiling's throughput",
    target:
      `every read >= ${pct(LIMITS.shareOfCeiling)} of ${Math.round(best.rps)} req/s ` +
      `(the ceiling's best, at ${best.connections} connections)`,
    actual:
      `lowest: ${slowest.label} ${share(slowest)}` +
      (below.length > 0 ? `; below: ${below.map((r) => `${r.label} ${share(r)}`).join(', ')}` : ''),
    pass: below.length === 0,
  });

  const alone = result.suggestionsAlone;
  goals.push({
    name: 'Settle-up suggestions for a 20-member group are fast',
    target: `p99 < ${LIMITS.suggestionsMs} ms, one request at a time`,
    actual: `p50 ${ms(alone.p50)} ms, p99 ${ms(alone.p99)} ms over ${alone.answers} requests (under load: p50 ${ms(row(result, 'suggestions').figures.p50)} ms)`,
    pass: alone.answers > 0 && alone.p99 < LIMITS.suggestionsMs,
  });

  goals.push({
    name: 'Running balances equal a full recomputation after the load',
    target: 'member_balances, pair_balances, scope_expense_stats = recompute (every group read or written)',
    actual:
      result.ledger.problems.length === 0
        ? `${result.ledger.scopes} groups agree to the cent`
        : result.ledger.problems.join('; '),
    pass: result.ledger.problems.length === 0,
  });

  const all = [
    ...result.rows.map((r) => r.figures),
    alone,
    ...result.scale.flatMap((s) => [s.one, s.two]),
    result.mixed.reads,
    result.mixed.writes,
  ];
  const failures = all.reduce((n, f) => n + f.failures, 0);
  // A run without a single answer (every request still waiting when it ended) has no figures at all.
  const silent = all.filter((f) => f.answers === 0).length;
  goals.push({
    name: 'Every request measured was answered with a success',
    target: 'no non-2xx answer, connection error or timeout; answers in every run',
    actual:
      failures === 0 && silent === 0
        ? `${all.reduce((n, f) => n + f.answers, 0)} answers, all 2xx`
        : `${failures} failures; ${silent} runs without any answer`,
    pass: failures === 0 && silent === 0,
  });
  return goals;
}
