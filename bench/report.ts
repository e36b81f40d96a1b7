import { BOUNDS } from './bounds';
import { KINDS } from './calls';
import { type Check, type Goal, HISTORY_PAIRS, pairedRatio } from './goals';
import { ACCEPT_ENCODING, type Figures } from './load';
import type { RunResult } from './results';
import { highestMet, P99_LIMIT_MS } from './steps';
import { CREATE_CHANCE } from './streams';

const int = (n: number) => Math.round(n).toLocaleString('en');
export const ms = (n: number) => (n < 10 ? n.toFixed(2) : n.toFixed(1));
const pct = (n: number) => `${(n * 100).toFixed(1)}%`;
const cpu = (n: number | null | undefined) => (n === null || n === undefined ? '' : n.toFixed(2));
const cpuPair = (f: Figures) => `${cpu(f.cpu?.server)} + ${cpu(f.cpu?.database)}`;
const met = (pass: boolean) => (pass ? 'yes' : '**no**');

function goalTable(goals: readonly Goal[]): string[][] {
  return [
    ['goal', 'target', 'measured', 'met?', 'what bounds it'],
    ...goals.map((g) => [
      g.name,
      g.target,
      g.measured,
      met(g.pass),
      g.pass
        ? ''
        : (BOUNDS[g.id] ?? 'not explained yet: profile it (bench/README.md, "When a goal is missed")'),
    ]),
  ];
}

function checkTable(checks: readonly Check[]): string[][] {
  return [['check', 'measured', 'holds?'], ...checks.map((c) => [c.name, c.measured, met(c.pass)])];
}

function endpointTable(result: RunResult): string[][] {
  return [
    [
      'endpoint',
      'req/s',
      'p50 ms',
      'p99 ms',
      'server CPU ms/req',
      'PostgreSQL CPU ms/req',
      'bytes (JSON / sent)',
    ],
    ...result.rows.map((r) => [
      r.label,
      int(r.figures.rps),
      ms(r.figures.p50),
      ms(r.figures.p99),
      cpu(r.figures.cpu?.server),
      cpu(r.figures.cpu?.database),
      r.bytes === null ? '' : `${int(r.bytes)} / ${int(r.sentBytes ?? r.bytes)}`,
    ]),
  ];
}

function historyTable(result: RunResult): string[][] {
  const big = int(result.config.bigExpenses);
  const figures = (id: string) => result.rows.find((r) => r.id === id)?.figures as Figures;
  return [
    [
      'read',
      'p50 ms at 100',
      `p50 ms at ${big}`,
      "ratio (median of each round's)",
      'CPU ms at 100',
      `CPU ms at ${big}`,
    ],
    ...HISTORY_PAIRS.map(([name, b, s]) => [
      name,
      ms(figures(s).p50),
      ms(figures(b).p50),
      pairedRatio(figures(b), figures(s)).toFixed(2),
      cpuPair(figures(s)),
      cpuPair(figures(b)),
    ]),
  ];
}

function stepTable(result: RunResult): string[][] {
  return [
    [
      'offered req/s',
      'answered req/s',
      'p50 ms',
      'p99 ms',
      'CPU ms/req (server + PostgreSQL)',
      'writes',
      'met?',
    ],
    ...result.mixed.steps.map((s) => [
      int(s.offered),
      int(s.rps),
      ms(s.p50),
      ms(s.p99),
      cpuPair(s),
      pct((s.sentOf.get('create') ?? 0) / s.sent),
      met(s.pass) + (s.failures ? ` (${s.failures} failures)` : ''),
    ]),
  ];
}

const KIND_LABELS: Record<(typeof KINDS)[number], string> = {
  summary: 'balance summary',
  recent: 'recent expenses',
  detail: 'group detail',
  balances: 'group balances',
  page: 'expense page of 20',
  suggestions: 'settle-up suggestions',
  create: 'create expense',
};

function kindTable(result: RunResult): string[][] | null {
  const best = highestMet(result.mixed.steps);
  if (!best) return null;
  return [
    ['request', 'share', 'p50 ms', 'p99 ms'],
    ...KINDS.flatMap((kind) => {
      const k = best.kinds.get(kind);
      return k
        ? [[KIND_LABELS[kind], pct((best.sentOf.get(kind) ?? 0) / best.sent), ms(k.p50), ms(k.p99)]]
        : [];
    }),
  ];
}

function scaleTable(result: RunResult): string[][] {
  const { one, two } = result.mixed;
  const f = (x: Figures) =>
    `${int(x.rps)} req/s, p50 ${ms(x.p50)} ms, p99 ${ms(x.p99)} ms, CPU ${cpuPair(x)} ms/req`;
  return [
    ['one process', 'two processes', 'ratio'],
    [f(one), f(two), (two.rps / one.rps).toFixed(2)],
  ];
}

/** A plain-text table for the terminal. */
function textTable(rows: string[][]): string {
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length))) ?? [];
  return rows
    .map((r) =>
      r
        .map((cell, i) => cell.padEnd(widths[i] ?? 0))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

function markdownTable(rows: string[][]): string {
  const [header = [], ...body] = rows;
  const line = (cells: string[]) => `| ${cells.map((c) => c.replaceAll('|', '\\|')).join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...body.map(line)].join('\n');
}

export function printResult(result: RunResult, goals: readonly Goal[], checks: readonly Check[]): void {
  console.log(`\n${textTable(endpointTable(result))}`);
  console.log(`\nHistory\n${textTable(historyTable(result))}`);
  console.log(`\nMixed workload, open loop\n${textTable(stepTable(result))}`);
  console.log(`\nTwo processes\n${textTable(scaleTable(result))}`);
  console.log(`\n${textTable(goalTable(goals))}\n\n${textTable(checkTable(checks))}\n`);
}

export function markdownReport(result: RunResult, goals: readonly Goal[], checks: readonly Check[]): string {
  const m = result.machine;
  const c = result.config;
  const s = result.seeded;
  const passed = goals.filter((g) => g.pass).length;
  const best = highestMet(result.mixed.steps);
  const kinds = kindTable(result);
  return `# Performance

Written by \`pnpm bench\` (bench/run.ts) on ${result.date.toISOString().slice(0, 16).replace('T', ' ')} UTC; do not edit by hand.
How the figures are made: [bench/README.md](../bench/README.md). Running several processes: [scaling.md](scaling.md).

**Goals: ${passed} of ${goals.length} met.**${c.quick ? ' (BENCH_QUICK trial run: the figures are not representative.)' : ''}
${best ? `The mixed workload reached ${int(best.rps)} requests a second with p99 ${ms(best.p99)} ms, at ${cpuPair(best)} ms of server + PostgreSQL CPU per request.` : `The mixed workload met its p99 at no offered rate.`}

## Goals

One server process, ${c.connections} connections; CPU per request is what the server's Node.js process and the
PostgreSQL backends of the bench database used during the run, divided by the requests sent.

${markdownTable(goalTable(goals))}

${markdownTable(checkTable(checks))}

## Machine

| | |
| --- | --- |
| OS | ${m.os} |
| CPU | ${m.cpu}, ${m.cores} cores |
| memory | ${m.memoryGiB} GiB |
| Node.js | ${m.node} |
| PostgreSQL | ${m.postgres} (same machine, loopback) |
| load average at start / end | ${m.loadAtStart.join(', ')} / ${result.loadAtEnd.join(', ')} |
| rate-limit counters | ${c.redisUrl ? 'Redis (REDIS_URL), limits on but far above the load' : 'in memory, limits on but far above the load'} |

PostgreSQL, the server processes and the load generator share these ${m.cores} cores.

## Data

${int(s.users)} registered people in ${s.groups} groups; ${int(s.expenses)} expenses with ${int(s.splits)} splits and
${int(s.settlements)} settlements (seeded in ${Math.round(s.seconds)} s, then the running balances of Big, Small and Trip were checked
against a full recomputation). **Big**: ${int(c.bigExpenses)} expenses among 12 people over five years. **Small**: the same 12
people, 100 expenses of the same kind. **Trip**: 20 people, every one with a nonzero balance. The other groups have 5 to 50
members and 100 to 500 expenses; every person is in at least one group. ${int(result.signIn.people)} people signed in with
POST /users/login (${Math.round(result.signIn.seconds)} s) and make every request below with their own token.

## Each endpoint alone

${c.connections} connections, each sending its next request when the last is answered; ${c.rounds} round${c.rounds === 1 ? '' : 's'} of
${ms(c.seconds / c.rounds)} s per endpoint (after ${c.warmup} s of warm-up), going through every endpoint in turn; each keeps its median
round by throughput. Every request is another person's, group's or page's than the one before.

${markdownTable(endpointTable(result))}

### History: 100 vs ${int(c.bigExpenses)} expenses

${markdownTable(historyTable(result))}

## Mixed workload

Every signed-in person in turn, each going through their dashboard (balance summary, recent expenses), one of
their groups, its balances, a further page of its expenses, its suggestions, and a new expense in it after about one
loop in ${Math.round(1 / CREATE_CHANCE)}. Open loop: requests are sent at the offered rate whatever the answers do, over at most
${c.connections} connections, each latency counted from when its request was due; ${c.stepSeconds} s per step, from a quarter of the
closed loop's ${int(result.mixed.capacity)} req/s up, until a step misses (p99 above ${P99_LIMIT_MS} ms, a failure, or under 95%
of the offered rate answered; when the first misses, down by halves).

${markdownTable(stepTable(result))}
${kinds ? `\nAt ${int(best?.offered ?? 0)} req/s offered:\n\n${markdownTable(kinds)}\n` : ''}
### Two server processes

The mixed workload, closed loop, on one process with ${c.connections} connections and on two processes on the same database
with half of them each, in ${c.rounds} interleaved round${c.rounds === 1 ? '' : 's'}.

${markdownTable(scaleTable(result))}

## Notes

- Every request says \`Accept-Encoding: ${ACCEPT_ENCODING}\`, as Chromium does for the web app.
- Expense creation goes through the whole write path: authentication, the rate-limit counter, contract validation,
  the Idempotency-Key reservation and stored answer, the domain's split, the row, its splits and the ledger postings.
- The load generator (autocannon, and the bench's own open loop) runs on the same cores: it takes CPU the
  server and PostgreSQL would otherwise have, so throughput and latency are this machine's, not the server's alone.
  CPU per request does not depend on it.
- Total run time ${Math.round(result.seconds)} s.
`;
}
