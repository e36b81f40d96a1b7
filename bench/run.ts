// `pnpm bench`: seeds a fresh PostgreSQL database, starts the real server and a bare Fastify ceiling,
// drives each endpoint with autocannon over loopback, checks the goals and writes docs/performance.md.
// Settings: bench/README.md.
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { dirname, join } from 'node:path';
import type { Db } from '../packages/server/src/db';
import { openCheckDb } from './check-db';
import { type CpuSnapshot, cpuPerAnswer, cpuSnapshot } from './cpu';
import { type BenchDatabase, createBenchDatabase } from './database';
import { evaluate } from './goals';
import { ledgerDifferences } from './ledger-check';
import { ACCEPT_ENCODING, type Figures, measure, settle, type Target } from './load';
import { describeMachine, redisAnswers } from './machine';
import { populate } from './populate';
import { type Proc, ROOT, startCeiling, startKitty } from './processes';
import { markdownReport, ms, printResult } from './report';
import type { BenchConfig, ConcurrencyRow, Row, RunResult, ScaleRow } from './results';
import { cast, type Scenario, type ScenarioId } from './scenarios';

const log = (line: string) => console.log(`[bench] ${line}`);

async function readConfig(): Promise<BenchConfig> {
  const quick = process.env.BENCH_QUICK === '1';
  const number = (name: string, fallback: number) => {
    const raw = process.env[name];
    const value = raw === undefined || raw === '' ? fallback : Number(raw);
    if (!Number.isFinite(value) || value <= 0)
      throw new Error(`${name} must be a positive number, not ${raw}`);
    return value;
  };
  const redis = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
  const redisUrl = redis !== 'off' && (await redisAnswers(redis)) ? redis : null;
  const report = process.env.BENCH_REPORT;
  return {
    quick,
    seconds: number('BENCH_DURATION', quick ? 2 : 10),
    rounds: number('BENCH_ROUNDS', quick ? 1 : 3),
    warmup: 1,
    connections: number('BENCH_CONNECTIONS', 64),
    bigExpenses: number('BENCH_BIG_EXPENSES', 100_000),
    groups: 80,
    aloneRequests: quick ? 50 : 300,
    // A smoke run does not replace the committed figures unless asked to.
    reportPath: report ? report : quick ? null : join(ROOT, 'docs/performance.md'),
    redisUrl,
    viewCacheMb: viewCacheMb(process.env.BENCH_VIEW_CACHE_MB),
    accessCache: accessCache(process.env.BENCH_ACCESS_CACHE),
  };
}

/** What the first answer of an endpoint tells of its shape. */
type Shape = Pick<Row, 'bytes' | 'sentBytes' | 'items' | 'hasNextPage'>;

interface Entry {
  key: string;
  label: string;
  targets: Target[];
  /** Connections in all (default: the run's). */
  connections?: number;
}

/**
 * Drives every entry in turn, `rounds` times over (a short warm-up before each), and keeps for each
 * entry its median round by throughput. Interleaving spreads whatever else the machine does over all
 * entries alike instead of spoiling one of them.
 */
async function inRounds(
  entries: readonly Entry[],
  config: BenchConfig,
  probe: (targets: readonly Target[]) => Promise<CpuSnapshot>,
  totalSeconds = config.seconds,
): Promise<Map<string, Figures>> {
  const runs = new Map<string, Figures[]>(entries.map((e) => [e.key, []]));
  const seconds = totalSeconds / config.rounds;
  for (let round = 1; round <= config.rounds; round++) {
    for (const e of entries) {
      const connections = e.connections ?? config.connections;
      await measure(e.targets, { connections, seconds: config.warmup });
      await settle(e.targets);
      const before = await probe(e.targets);
      const figures = await measure(e.targets, { connections, seconds });
      await settle(e.targets);
      // Every request sent was worked on, answered in time or not.
      figures.cpu = cpuPerAnswer(before, await probe(e.targets), figures.sent);
      runs.get(e.key)?.push(figures);
      log(
        `round ${round}/${config.rounds} ${e.label}: ${Math.round(figures.rps)} req/s, ` +
          `p50 ${ms(figures.p50)} ms, p99 ${ms(figures.p99)} ms${figures.failures ? `, ${figures.failures} FAILURES` : ''}`,
      );
    }
  }
  const median = new Map<string, Figures>();
  for (const [key, list] of runs)
    median.set(
      key,
      withFailuresOf(
        medianBy(list, (f) => f.rps),
        list,
      ),
    );
  return median;
}

/** The median round by `rps`. */
function medianBy<T>(rounds: readonly T[], rps: (round: T) => number): T {
  const sorted = [...rounds].sort((a, b) => rps(a) - rps(b));
  return sorted[Math.floor((sorted.length - 1) / 2)] as T;
}

/** The kept round's figures with the failures of every round: any failure counts, not only the kept one's. */
function withFailuresOf(kept: Figures, rounds: readonly Figures[]): Figures {
  return { ...kept, failures: rounds.reduce((n, f) => n + f.failures, 0) };
}

/**
 * Reads of one group while one connection keeps adding expenses to it, in rounds as `inRounds` (the
 * median round by read throughput). Every write gives the group a new version, so the reads that follow
 * it build their answer again before it is remembered.
 */
async function readWhileWritten(
  read: Target,
  write: Target,
  config: BenchConfig,
): Promise<{ reads: Figures; writes: Figures }> {
  const readers = Math.max(1, config.connections - 1);
  const seconds = config.seconds / config.rounds;
  const runs: { reads: Figures; writes: Figures }[] = [];
  for (let round = 1; round <= config.rounds; round++) {
    for (const [duration, keep] of [
      [config.warmup, false],
      [seconds, true],
    ] as const) {
      await settle([read]);
      const [reads, writes] = await Promise.all([
        measure([read], { connections: readers, seconds: duration }),
        measure([write], { connections: 1, seconds: duration }),
      ]);
      if (!keep) continue;
      runs.push({ reads, writes });
      log(
        `round ${round}/${config.rounds} reads ${Math.round(reads.rps)} req/s (p50 ${ms(reads.p50)} ms) ` +
          `while ${Math.round(writes.rps)} writes/s${reads.failures + writes.failures ? ' with FAILURES' : ''}`,
      );
    }
  }
  const kept = medianBy(runs, (r) => r.reads.rps);
  return {
    reads: withFailuresOf(
      kept.reads,
      runs.map((r) => r.reads),
    ),
    writes: withFailuresOf(
      kept.writes,
      runs.map((r) => r.writes),
    ),
  };
}

/**
 * One request before the load: it must succeed (a benchmark of error answers would mean nothing). For a
 * read, the answer's size, and for a list how many items and whether a next page exists.
 */
async function firstAnswer(target: Target): Promise<Shape> {
  const extra = target.request?.();
  const response = await fetch(new URL(target.path, target.url), {
    method: target.method,
    headers: { 'accept-encoding': ACCEPT_ENCODING, ...target.headers, ...extra?.headers },
    ...(extra?.body ? { body: extra.body } : {}),
  });
  const text = await response.text();
  if (response.status >= 300) {
    throw new Error(`${target.method} ${target.path} answered ${response.status}: ${text.slice(0, 500)}`);
  }
  if (target.method !== 'GET') return { bytes: null, sentBytes: null, items: null, hasNextPage: null };
  const body = JSON.parse(text) as {
    expenses?: unknown[];
    nextCursor?: string | null;
    expensesNextCursor?: string | null;
  };
  const next = body.nextCursor ?? body.expensesNextCursor;
  return {
    bytes: Buffer.byteLength(text),
    // fetch decompresses the body; Content-Length is what came over the wire.
    sentBytes: Number(response.headers.get('content-length') ?? Buffer.byteLength(text)),
    items: Array.isArray(body.expenses) ? body.expenses.length : null,
    hasNextPage: next === undefined ? null : next !== null,
  };
}

/** The ceiling and two reads measured again at other connection counts (see "Connections" in bench/README.md). */
const CONCURRENCY_IDS = ['ceiling', 'balances-big', 'summary'] as const satisfies readonly ScenarioId[];

/** 20 (the count runs before 2026-11-25 used), the run's count and twice that, each once, in order. */
function concurrencySteps(connections: number): number[] {
  return [...new Set([20, connections, connections * 2])].sort((a, b) => a - b);
}

/** BENCH_VIEW_CACHE_MB: whole megabytes, 0 (nothing remembered) included; unset: the server's default. */
function viewCacheMb(raw: string | undefined): number | null {
  if (raw === undefined || raw === '') return null;
  if (!/^\d+$/.test(raw))
    throw new Error(`BENCH_VIEW_CACHE_MB must be a whole number of megabytes, not ${raw}`);
  return Number(raw);
}

/** BENCH_ACCESS_CACHE: on or off; unset: the server's default (on). */
function accessCache(raw: string | undefined): boolean | null {
  if (raw === undefined || raw === '') return null;
  if (raw !== 'on' && raw !== 'off') throw new Error(`BENCH_ACCESS_CACHE must be on or off, not ${raw}`);
  return raw === 'on';
}

async function main(): Promise<number> {
  const startedAt = performance.now();
  const config = await readConfig();
  log(
    `${config.quick ? 'quick smoke run, ' : ''}${config.seconds} s per endpoint, ${config.connections} connections, ` +
      `rate-limit counters ${config.redisUrl ? `in Redis (${config.redisUrl})` : 'in memory'}, ` +
      `VIEW_CACHE_MB ${config.viewCacheMb ?? 'default'}, ACCESS_CACHE ${config.accessCache === null ? 'default' : config.accessCache ? 'on' : 'off'}`,
  );
  const procs: Proc[] = [];
  let database: BenchDatabase | undefined;
  let checkDb: Db | undefined;
  try {
    database = await createBenchDatabase();
    const machine = describeMachine(database.version);
    log(`database ${database.name} (PostgreSQL ${database.version}); seeding`);
    checkDb = openCheckDb(database.url);
    const seeded = await populate(database.db, checkDb, {
      bigExpenses: config.bigExpenses,
      groups: config.groups,
      log,
    });
    log(`seeded ${seeded.expenses} expenses, ${seeded.splits} splits in ${Math.round(seeded.seconds)} s`);

    const ceiling = await startCeiling();
    procs.push(ceiling);
    const a = await startKitty(
      'server A',
      database.url,
      config.redisUrl,
      config.viewCacheMb,
      config.accessCache,
    );
    procs.push(a);
    const { scenarios, mixed: mixedCast, written } = await cast(seeded.world, ceiling.url);
    const byId = (id: ScenarioId) => scenarios.find((s) => s.id === id) as Scenario;

    const shapes = new Map<ScenarioId, Shape>();
    for (const s of scenarios) {
      const first = await firstAnswer(s.target(a.url));
      shapes.set(s.id, s.id === 'ceiling' ? { ...first, bytes: null, sentBytes: null } : first);
    }
    const bench = database;
    const check = checkDb;
    const probe = (targets: readonly Target[]) =>
      cpuSnapshot(
        procs.filter((p) => targets.some((t) => t.url === p.url)).map((p) => p.pid),
        check,
        bench.name,
      );
    log(`${scenarios.length} endpoints, ${config.rounds} x ${ms(config.seconds / config.rounds)} s each`);
    const figures = await inRounds(
      scenarios.map((s) => ({ key: s.id, label: s.label, targets: [s.target(a.url)] })),
      config,
      probe,
    );
    const rows: Row[] = scenarios.map((s) => ({
      id: s.id,
      label: s.label,
      read: s.read,
      figures: figures.get(s.id) as Figures,
      ...(shapes.get(s.id) as Shape),
    }));
    // The run's own count is the main table's measurement; only the other counts are driven here.
    const steps = concurrencySteps(config.connections);
    const others = steps.filter((connections) => connections !== config.connections);
    log(`by connections: ${CONCURRENCY_IDS.join(', ')} at ${others.join(' and ')} connections`);
    const byConnections = await inRounds(
      CONCURRENCY_IDS.flatMap((id) =>
        others.map((connections) => ({
          key: `${id} ${connections}`,
          label: `${byId(id).label} at ${connections} connections`,
          targets: [byId(id).target(a.url)],
          connections,
        })),
      ),
      config,
      probe,
      config.seconds / 2,
    );
    const concurrency: ConcurrencyRow[] = CONCURRENCY_IDS.map((id) => ({
      id,
      label: byId(id).label,
      steps: steps.map((connections) => ({
        connections,
        figures: (connections === config.connections
          ? figures.get(id)
          : byConnections.get(`${id} ${connections}`)) as Figures,
      })),
    }));

    log(`settle-up suggestions alone: ${config.aloneRequests} requests one at a time`);
    const suggestionsAlone = await measure([byId('suggestions').target(a.url)], {
      connections: 1,
      seconds: 60,
      amount: config.aloneRequests,
    });

    log(`reads while written: ${mixedCast.label}`);
    const mixed = {
      label: mixedCast.label,
      ...(await readWhileWritten(mixedCast.read(a.url), mixedCast.write(a.url), config)),
    };

    log('scale-out: a second server process on the same database');
    const b = await startKitty(
      'server B',
      database.url,
      config.redisUrl,
      config.viewCacheMb,
      config.accessCache,
    );
    procs.push(b);
    const pairs = (['balances-big', 'create'] as const).map(byId);
    const scaled = await inRounds(
      pairs.flatMap((s) => [
        { key: `${s.id} one`, label: `${s.label} on one process`, targets: [s.target(a.url)] },
        {
          key: `${s.id} two`,
          label: `${s.label} on two processes`,
          targets: [s.target(a.url), s.target(b.url)],
        },
      ]),
      config,
      probe,
    );
    const scale: ScaleRow[] = pairs.map((s) => ({
      label: s.label,
      one: scaled.get(`${s.id} one`) as Figures,
      two: scaled.get(`${s.id} two`) as Figures,
    }));

    log('checking running balances against a full recomputation');
    const { world } = seeded;
    const checked = [world.big, world.small, world.trip, ...written];
    const problems: string[] = [];
    for (const group of checked) problems.push(...(await ledgerDifferences(checkDb, group.id)));
    for (const p of procs) {
      const errors = p
        .output()
        .split('\n')
        .filter((l) => /"level":(50|60)/.test(l));
      if (errors.length > 0)
        problems.push(`${p.name} logged ${errors.length} errors: ${errors[0]?.slice(0, 300)}`);
    }

    const result: RunResult = {
      date: new Date(),
      machine,
      loadAtEnd: os.loadavg().map((l) => Math.round(l * 100) / 100),
      config,
      seeded: {
        users: world.users.length,
        groups: 3 + world.ordinary.length,
        expenses: seeded.expenses,
        splits: seeded.splits,
        settlements: seeded.settlements,
        seconds: seeded.seconds,
      },
      rows,
      concurrency,
      suggestionsAlone,
      scale,
      mixed,
      ledger: { scopes: checked.length, problems },
      seconds: (performance.now() - startedAt) / 1000,
    };
    const goals = evaluate(result);
    printResult(result, goals);
    if (config.reportPath) {
      mkdirSync(dirname(config.reportPath), { recursive: true });
      writeFileSync(config.reportPath, markdownReport(result, goals));
      log(`wrote ${config.reportPath}`);
    }
    const failed = goals.filter((g) => !g.pass);
    if (failed.length > 0) log(`goals not met: ${failed.map((g) => g.name).join('; ')}`);
    return failed.length > 0 ? 1 : 0;
  } finally {
    for (const p of procs.reverse()) await p.stop();
    await checkDb?.close();
    await database?.drop();
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error);
    process.exit(2);
  },
);
