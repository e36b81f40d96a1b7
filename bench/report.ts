import type { Goal } from './goals';
import { ACCEPT_ENCODING, type Figures } from './load';
import { bestCeiling, type RunResult, row } from './results';

const int = (n: number) => Math.round(n).toLocaleString('en');
export const ms = (n: number) => (n < 10 ? n.toFixed(2) : n.toFixed(1));
const ratio = (n: number) => `${n.toFixed(2)}x`;
const pct = (n: number) => `${Math.round(n * 100)}%`;
const cpu = (n: number | null | undefined) => (n === null || n === undefined ? '' : n.toFixed(2));

function resultTable(result: RunResult): string[][] {
  const ceiling = row(result, 'ceiling').figures;
  const best = bestCeiling(result).rps;
  const header = [
    'endpoint',
    'req/s',
    "of the ceiling's best",
    'p50 ms',
    'p50 vs ceiling',
    'p99 ms',
    'p99 vs ceiling',
    'bytes (JSON / sent)',
    'server CPU ms/req',
    'PostgreSQL CPU ms/req',
  ];
  const lines = result.rows.map((r) => [
    r.label,
    int(r.figures.rps),
    pct(r.figures.rps / best),
    ms(r.figures.p50),
    ratio(r.figures.p50 / ceiling.p50),
    ms(r.figures.p99),
    ratio(r.figures.p99 / ceiling.p99),
    r.bytes === null ? '' : `${int(r.bytes)} / ${int(r.sentBytes ?? r.bytes)}`,
    cpu(r.figures.cpu?.server),
    cpu(r.figures.cpu?.database),
  ]);
  return [header, ...lines];
}

function historyTable(result: RunResult): string[][] {
  const big = result.config.bigExpenses.toLocaleString('en');
  const pairs = [
    ['group detail', 'detail-big', 'detail-small'],
    ['group balances', 'balances-big', 'balances-small'],
    ['expense list (20)', 'expenses-big', 'expenses-small'],
  ] as const;
  const header = [
    'endpoint',
    'p50 ms at 100',
    `p50 ms at ${big}`,
    'latency ratio',
    'bytes at 100',
    `bytes at ${big}`,
    'size ratio',
  ];
  return [
    header,
    ...pairs.map(([name, b, s]) => {
      const rb = row(result, b);
      const rs = row(result, s);
      return [
        name,
        ms(rs.figures.p50),
        ms(rb.figures.p50),
        ratio(rb.figures.p50 / rs.figures.p50),
        int(rs.bytes ?? 0),
        int(rb.bytes ?? 0),
        ratio((rb.bytes ?? 0) / (rs.bytes ?? 1)),
      ];
    }),
  ];
}

function concurrencyTable(result: RunResult): string[][] {
  const counts = result.concurrency[0]?.steps.map((s) => s.connections) ?? [];
  const ceiling = new Map(
    (result.concurrency.find((c) => c.id === 'ceiling')?.steps ?? []).map((s) => [
      s.connections,
      s.figures.rps,
    ]),
  );
  return [
    ['endpoint', ...counts.map((n) => `${n} connections: req/s (of ceiling), p50 ms`)],
    ...result.concurrency.map((c) => [
      c.label,
      ...c.steps.map((s) => {
        const share =
          c.id === 'ceiling' ? '' : ` (${pct(s.figures.rps / (ceiling.get(s.connections) ?? 1))})`;
        return `${int(s.figures.rps)}${share}, ${ms(s.figures.p50)}`;
      }),
    ]),
  ];
}

function scaleTable(result: RunResult): string[][] {
  const f = (x: Figures) =>
    `${int(x.rps)} req/s, p50 ${ms(x.p50)} ms, p99 ${ms(x.p99)} ms, CPU ${cpu(x.cpu?.server)} + ${cpu(x.cpu?.database)} ms/req`;
  return [
    ['endpoint', 'one process', 'two processes', 'throughput ratio'],
    ...result.scale.map((s) => [s.label, f(s.one), f(s.two), ratio(s.two.rps / s.one.rps)]),
  ];
}

function mixedTable(result: RunResult): string[][] {
  const { reads, writes, label } = result.mixed;
  const ceiling = bestCeiling(result).rps;
  return [
    ['endpoint', 'reads req/s', "of the ceiling's best", 'p50 ms', 'p99 ms', 'writes/s', 'write p50 ms'],
    [
      label,
      int(reads.rps),
      pct(reads.rps / ceiling),
      ms(reads.p50),
      ms(reads.p99),
      int(writes.rps),
      ms(writes.p50),
    ],
  ];
}

function goalTable(goals: readonly Goal[]): string[][] {
  return [
    ['goal', 'target', 'result', ''],
    ...goals.map((g) => [g.name, g.target, g.actual, g.pass ? 'PASS' : 'FAIL']),
  ];
}

/** A plain-text table for the terminal. */
export function textTable(rows: string[][]): string {
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

export function printResult(result: RunResult, goals: readonly Goal[]): void {
  console.log(`\n${textTable(resultTable(result))}`);
  console.log(
    `\nHistory: 100 vs ${result.config.bigExpenses.toLocaleString('en')} expenses\n${textTable(historyTable(result))}`,
  );
  console.log(`\nBy connections\n${textTable(concurrencyTable(result))}`);
  console.log(
    `\nScale-out (same ${result.config.connections} connections in all)\n${textTable(scaleTable(result))}`,
  );
  console.log(`\nReads while their group is written\n${textTable(mixedTable(result))}`);
  console.log(`\n${textTable(goalTable(goals))}\n`);
}

/** What the CPU figures imply, as far as this run measured them. */
function cpuNotes(result: RunResult): string {
  const notes: string[] = [];
  const ceiling = row(result, 'ceiling').figures;
  const balances = row(result, 'balances-big').figures.cpu;
  if (balances?.server != null && balances.database != null) {
    const perRequest = balances.server + balances.database;
    const cores = result.machine.cores;
    notes.push(
      `A balance read costs ${cpu(balances.server)} ms of server CPU and ${cpu(balances.database)} ms of PostgreSQL CPU, ` +
        `so ${cores} cores doing nothing else would serve at most about ${int((cores * 1000) / perRequest)} of them per second; ` +
        `35% of the ceiling's best is ${int(0.35 * bestCeiling(result).rps)}. The ceiling costs ${cpu(ceiling.cpu?.server)} ms per request.`,
    );
  }
  const suggestions = row(result, 'suggestions').figures.cpu?.server;
  if (suggestions != null) {
    notes.push(
      `Each suggestions request of Trip costs ${cpu(suggestions)} ms of server CPU: the settle-up plan over 20 nonzero ` +
        `balances is computed in the request, on the process's one JavaScript thread, so concurrent requests wait for each other ` +
        `(and every other request of that process waits with them).`,
    );
  }
  return notes.map((n) => `- ${n}\n`).join('');
}

export function markdownReport(result: RunResult, goals: readonly Goal[]): string {
  const m = result.machine;
  const c = result.config;
  const s = result.seeded;
  const alone = result.suggestionsAlone;
  const best = bestCeiling(result);
  const passed = goals.filter((g) => g.pass).length;
  return `# Performance

Written by \`pnpm bench\` (bench/run.ts) on ${result.date.toISOString().slice(0, 16).replace('T', ' ')} UTC; do not edit by hand.
How the figures are made and what they leave out: [bench/README.md](../bench/README.md). Running several
processes: [scaling.md](scaling.md).

**Goals: ${passed} of ${goals.length} met.**${c.quick ? ' (BENCH_QUICK smoke run: figures are not representative.)' : ''}

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
| remembered answers | ${c.viewCacheMb === 0 ? 'off (VIEW_CACHE_MB=0): every read is built' : `${c.viewCacheMb ?? 64} MB per process (VIEW_CACHE_MB)`} |
| access check | ${c.accessCache === false ? 'asks PostgreSQL on every request (ACCESS_CACHE=off)' : 'answers kept until PostgreSQL announces a change (ACCESS_CACHE=on)'} |

Everything (PostgreSQL, the server processes, the ceiling app and the load generator) shares these
${m.cores} cores, so each figure is what is left after the others took their share.

## Data

${int(s.users)} registered people; ${s.groups} groups of 5 to 50 members; ${int(s.expenses)} expenses with ${int(s.splits)} splits and
${int(s.settlements)} settlements (seeded in ${Math.round(s.seconds)} s, then the running balances of Big, Small and Trip were checked
against a full recomputation). **Big**: ${int(c.bigExpenses)} expenses among 12 people over five years. **Small**: the same 12
people, 100 expenses of the same kind. **Trip**: 20 people, every one with a nonzero balance. Expenses are equal
(80%), shares or percentage splits among 1 to all members (a quarter of them everyone), 5% in a second currency.

## Results

One server process, ${c.connections} connections. Each endpoint is measured for ${c.seconds} s in all: ${c.rounds} round${c.rounds === 1 ? '' : 's'} of
${ms(c.seconds / c.rounds)} s, each round going through every endpoint in turn after a ${c.warmup} s warm-up; the table shows each
endpoint's median round by throughput; shares are of the ceiling's best figure in the run (see "By connections"),
latency ratios of the ceiling's row here. Latency in milliseconds from each response's own time. Bytes: one answer's body.
CPU per request: the CPU time the server process (its Node.js process) and the PostgreSQL backends of the
bench database used during the run, divided by the requests sent. Unlike throughput, it hardly depends on
what else the machine does: one core at 100% serves about 1000 / (server CPU ms) requests per second.

${markdownTable(resultTable(result))}

### History: 100 vs ${int(c.bigExpenses)} expenses

${markdownTable(historyTable(result))}

### By connections

The ceiling and two reads at other connection counts, ${c.rounds} round${c.rounds === 1 ? '' : 's'} of ${ms(c.seconds / 2 / c.rounds)} s each (at ${c.connections}: the
figures of the table above), the share of the ceiling measured at the same count. ${c.accessCache === false ? 'A read waits for one database round trip per batch of requests, so with too few connections the server sits idle between batches, which the bare route never does' : 'With every check in PostgreSQL (`BENCH_ACCESS_CACHE=off`) a read waits for one database round trip per batch of requests, and with too few connections the server sits idle between batches'} (bench/README.md,
"Connections"). The goal holds every read to the ceiling's best figure in the run, at whichever count:
${int(best.rps)} req/s at ${best.connections} connections.

${markdownTable(concurrencyTable(result))}

### Settle-up suggestions alone

Trip (20 members, 20 nonzero balances), one request at a time: p50 ${ms(alone.p50)} ms, p99 ${ms(alone.p99)} ms over
${alone.answers} requests.

### Two server processes

Two processes on the same database, each driven by half of the same ${c.connections} connections, against one process
with all of them.

${markdownTable(scaleTable(result))}

### Reads while their group is written

One process; ${c.connections - 1} connections read one ordinary group's balances (as one member) while one more connection adds
expenses to the same group (as another member), for the same rounds. Every write gives the group a new version, so
the reads after it build their answer again: the remembered answers at their least useful. Not held to a goal.

${markdownTable(mixedTable(result))}

## Goals

${markdownTable(goalTable(goals))}

## Notes

- The ceiling is a separate process running the server's own copy of Fastify with one bare JSON route and
  the same log level; read it as what this machine can serve at all through Node.js and Fastify.
- ${
    c.viewCacheMb === 0
      ? 'Every read was built from its queries (VIEW_CACHE_MB=0).'
      : `Each read repeats one request, so after its first answer the server gives it from the answers it remembers (packages/server/src/views). ${c.accessCache === false ? 'Every request checks its token, membership and the versions of what it shows in PostgreSQL, in one statement per batch of requests.' : 'The check of its token, membership and the versions of what it shows is answered from memory while PostgreSQL announces no change to them (packages/server/src/auth/access-cache.ts); nothing is written while a read is measured, so it asks PostgreSQL again only once its answer is 2 s old. With every check in PostgreSQL: `BENCH_ACCESS_CACHE=off`.'} What a read costs when it must be built: \`BENCH_VIEW_CACHE_MB=0\` (bench/README.md).`
  }
- Every request says \`Accept-Encoding: ${ACCEPT_ENCODING}\`, as Chromium does for the web app. Remembered
  answers of a kilobyte or more come compressed (Brotli), made once per version; bytes gives each answer's JSON
  and what was sent. Answers that are built for the request are sent as they are.
- Expense creation goes through the whole write path: authentication, the rate-limit counter, contract
  validation, the Idempotency-Key reservation and stored answer, the domain's split, the row, its splits and the
  ledger postings in one transaction. Requests go round-robin over the ${s.groups - 3} ordinary groups, each
  written by a member of that group, with a fresh Idempotency-Key.
- On ${m.cores} cores, a second server process mostly competes with the first, with PostgreSQL and with the
  load generator for the same cores: the two-process figure shows that processes share nothing but the
  database (no errors, balances still exact), not how throughput grows on a machine with cores to spare.
${cpuNotes(result)}- Total run time ${Math.round(result.seconds)} s.
`;
}
