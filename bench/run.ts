// `pnpm bench`: seeds a fresh PostgreSQL database, starts the real server, signs people in, drives each
// endpoint alone and then the mixed workload over loopback, checks the goals of issue 21 and writes
// docs/performance.md. Settings: bench/README.md.
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { dirname, join } from 'node:path';
import type { Db } from '../packages/server/src/db';
import type { Person } from './calls';
import { openCheckDb } from './check-db';
import { type CpuSnapshot, cpuPerAnswer, cpuSnapshot } from './cpu';
import { type BenchDatabase, createBenchDatabase } from './database';
import { checks, evaluate } from './goals';
import { ledgerDifferences } from './ledger-check';
import { ACCEPT_ENCODING, type Figures, measure, settle, type Target } from './load';
import { describeMachine, redisAnswers } from './machine';
import { checkSuggestions, type MinimalCheck } from './minimal';
import { signIn } from './people';
import { PASSWORD, populate } from './populate';
import { type Proc, ROOT, startKitty } from './processes';
import { seeded } from './random';
import { markdownReport, ms, printResult } from './report';
import type { BenchConfig, Row, RunResult } from './results';
import { stepUp } from './steps';
import { type Endpoint, endpoints, mixed } from './streams';

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
    seconds: number('BENCH_DURATION', quick ? 2 : 9),
    rounds: number('BENCH_ROUNDS', quick ? 1 : 3),
    warmup: 1,
    stepSeconds: number('BENCH_STEP_SECONDS', quick ? 3 : 6),
    connections: number('BENCH_CONNECTIONS', 64),
    bigExpenses: number('BENCH_BIG_EXPENSES', quick ? 5_000 : 100_000),
    groups: 80,
    people: number('BENCH_PEOPLE', quick ? 200 : 1_000),
    // A trial run does not replace the committed figures unless asked to.
    reportPath: report ? report : quick ? null : join(ROOT, 'docs/performance.md'),
    redisUrl,
  };
}

/** What the first answer of an endpoint tells of its shape. */
type Shape = Pick<Row, 'bytes' | 'sentBytes'>;

interface Entry {
  key: string;
  label: string;
  targets: Target[];
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
): Promise<Map<string, Figures>> {
  const runs = new Map<string, Figures[]>(entries.map((e) => [e.key, []]));
  const seconds = config.seconds / config.rounds;
  const connections = config.connections;
  for (let round = 1; round <= config.rounds; round++) {
    for (const e of entries) {
      const urls = e.targets.map((t) => t.url);
      await measure(e.targets, { connections, seconds: config.warmup });
      await settle(urls);
      const before = await probe(e.targets);
      const figures = await measure(e.targets, { connections, seconds });
      await settle(urls);
      // Every request sent was worked on, answered in time or not.
      figures.cpu = cpuPerAnswer(before, await probe(e.targets), figures.sent);
      runs.get(e.key)?.push(figures);
      log(
        `round ${round}/${config.rounds} ${e.label}: ${Math.round(figures.rps)} req/s, ` +
          `p50 ${ms(figures.p50)} ms, p99 ${ms(figures.p99)} ms, ` +
          `CPU ${figures.cpu.server?.toFixed(2)} + ${figures.cpu.database?.toFixed(2)} ms` +
          `${figures.failures ? `, ${figures.failures} FAILURES` : ''}`,
      );
    }
  }
  const median = new Map<string, Figures>();
  for (const [key, list] of runs) {
    const kept = [...list].sort((a, b) => a.rps - b.rps)[Math.floor((list.length - 1) / 2)] as Figures;
    // Any failure counts, not only the kept round's.
    median.set(key, {
      ...kept,
      failures: list.reduce((n, f) => n + f.failures, 0),
      roundP50s: list.map((f) => f.p50),
    });
  }
  return median;
}

/** One request before the load: it must succeed (a benchmark of error answers would mean nothing). */
async function firstAnswer(base: string, endpoint: Endpoint): Promise<Shape> {
  const call = endpoint.stream();
  const response = await fetch(new URL(call.path, base), {
    method: call.method,
    headers: { 'accept-encoding': ACCEPT_ENCODING, ...call.headers },
    ...(call.body ? { body: call.body } : {}),
  });
  const text = await response.text();
  if (response.status >= 300) {
    throw new Error(`${call.method} ${call.path} answered ${response.status}: ${text.slice(0, 500)}`);
  }
  if (call.method !== 'GET') return { bytes: null, sentBytes: null };
  return {
    bytes: Buffer.byteLength(text),
    // fetch decompresses the body; Content-Length is what came over the wire.
    sentBytes: Number(response.headers.get('content-length') ?? Buffer.byteLength(text)),
  };
}

/** The first lines the server processes logged at error level or above. */
function loggedErrors(procs: readonly Proc[]): string[] {
  return procs.flatMap((p) => {
    const errors = p
      .output()
      .split('\n')
      .filter((l) => /"level":(50|60)/.test(l));
    return errors.length > 0 ? [`${p.name} logged ${errors.length} errors: ${errors[0]?.slice(0, 300)}`] : [];
  });
}

async function main(): Promise<number> {
  const startedAt = performance.now();
  const config = await readConfig();
  log(
    `${config.quick ? 'quick trial run, ' : ''}${config.seconds} s per endpoint, ${config.connections} connections, ` +
      `rate-limit counters ${config.redisUrl ? `in Redis (${config.redisUrl})` : 'in memory'}`,
  );
  const procs: Proc[] = [];
  let database: BenchDatabase | undefined;
  let checkDb: Db | undefined;
  try {
    database = await createBenchDatabase();
    const machine = describeMachine(database.version);
    log(`database ${database.name} (PostgreSQL ${database.version}); seeding`);
    checkDb = openCheckDb(database.url);
    const check = checkDb;
    const bench = database;
    const data = await populate(database.db, checkDb, {
      bigExpenses: config.bigExpenses,
      groups: config.groups,
      log,
    });
    log(`seeded ${data.expenses} expenses, ${data.splits} splits in ${Math.round(data.seconds)} s`);
    const { world } = data;

    const a = await startKitty('server A', database.url, config.redisUrl);
    procs.push(a);
    const signInStarted = performance.now();
    const people = await signIn(a.url, world, PASSWORD, Math.min(config.people, world.users.length));
    const signInSeconds = (performance.now() - signInStarted) / 1000;
    log(`${people.length} people signed in with POST /users/login in ${Math.round(signInSeconds)} s`);

    const rng = seeded(20_261_126);
    const probe = (targets: readonly Target[]) =>
      cpuSnapshot(
        procs.filter((p) => targets.some((t) => t.url === p.url)).map((p) => p.pid),
        check,
        bench.name,
      );
    const tripMember = people.find((p) => p.groups.includes(world.trip)) as Person;
    const minimal: MinimalCheck[] = await checkSuggestions(a.url, tripMember, world.trip, check, 'before');

    const list = endpoints(world, people, data.pageStarts, rng);
    const shapes = new Map<string, Shape>();
    for (const e of list) shapes.set(e.id, await firstAnswer(a.url, e));
    log(`${list.length} endpoints, ${config.rounds} x ${ms(config.seconds / config.rounds)} s each`);
    const figures = await inRounds(
      list.map((e) => ({ key: e.id, label: e.label, targets: [{ url: a.url, stream: e.stream }] })),
      config,
      probe,
    );
    const rows: Row[] = list.map((e) => ({
      id: e.id,
      label: e.label,
      figures: figures.get(e.id) as Figures,
      ...(shapes.get(e.id) as Shape),
    }));

    log('mixed workload, closed loop: one process, then two on the same database');
    const b = await startKitty('server B', database.url, config.redisUrl);
    procs.push(b);
    const stream = mixed(people, data.pageStarts, rng);
    const scaled = await inRounds(
      [
        { key: 'one', label: 'mixed on one process', targets: [{ url: a.url, stream }] },
        {
          key: 'two',
          label: 'mixed on two processes',
          targets: [
            { url: a.url, stream },
            { url: b.url, stream },
          ],
        },
      ],
      config,
      probe,
    );
    await b.stop();
    const one = scaled.get('one') as Figures;
    const two = scaled.get('two') as Figures;

    log(`mixed workload, open loop on one process, from a quarter of ${Math.round(one.rps)} req/s up`);
    const target = { url: a.url, stream };
    const steps = await stepUp(
      target,
      one.rps,
      { seconds: config.stepSeconds, connections: config.connections },
      () => probe([target]),
      log,
    );

    minimal.push(...(await checkSuggestions(a.url, tripMember, world.trip, check, 'after')));
    log('checking running balances against a full recomputation');
    const problems: string[] = [];
    for (const group of world.groups) problems.push(...(await ledgerDifferences(check, group.id)));

    const result: RunResult = {
      date: new Date(),
      machine,
      loadAtEnd: os.loadavg().map((l) => Math.round(l * 100) / 100),
      config,
      seeded: {
        users: world.users.length,
        groups: world.groups.length,
        expenses: data.expenses,
        splits: data.splits,
        settlements: data.settlements,
        seconds: data.seconds,
      },
      signIn: { people: people.length, seconds: signInSeconds },
      rows,
      mixed: { capacity: one.rps, steps, one, two },
      minimal,
      ledger: { scopes: world.groups.length, problems },
      logged: loggedErrors(procs),
      seconds: (performance.now() - startedAt) / 1000,
    };
    const goals = evaluate(result);
    const held = checks(result);
    printResult(result, goals, held);
    if (config.reportPath) {
      mkdirSync(dirname(config.reportPath), { recursive: true });
      writeFileSync(config.reportPath, markdownReport(result, goals, held));
      log(`wrote ${config.reportPath}`);
    }
    const failed = [...goals, ...held].filter((g) => !g.pass);
    if (failed.length > 0) log(`not met: ${failed.map((g) => g.name).join('; ')}`);
    log(`run took ${Math.round(result.seconds)} s`);
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
