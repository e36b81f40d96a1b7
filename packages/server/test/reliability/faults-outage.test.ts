import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONNECT_TIMEOUT_MS, QUERY_TIMEOUT_MS } from '../../src/db/postgres';
import { UNAVAILABLE_MESSAGE } from '../../src/http/errors';
import { type Cluster, startCluster } from './support/cluster';
import { type FreshDatabase, freshDatabase } from './support/databases';
import { takeTurn } from './support/exclusive';
import { call, describeAnswer } from './support/http';
import { checkLedger, partialExpenses } from './support/invariants';
import { runLoad, type Sample } from './support/load';
import { createGroup, type Person, registerMany } from './support/people';
import { writeFigures } from './support/report';
import { type ServerProcess, sleep, startServer, stopAllServers } from './support/server';
import { expenseBody, random } from './support/writes';

// While PostgreSQL is stopped, every request is answered (503) within this bound: nothing hangs.
const STOPPED_BOUND_MS = 5_000;
// While it hangs (accepts, never answers), a request waits at most for a pool connection, then a query.
const FROZEN_BOUND_MS = CONNECT_TIMEOUT_MS + QUERY_TIMEOUT_MS + 1_000;
// After the database is back, the API serves writes again within this bound, by itself.
const RECOVERY_BOUND_MS = 10_000;

interface Outage {
  beganAt: number;
  endedAt: number;
  upAt: number;
  recoveredAt: number;
}

describe('faults: PostgreSQL stopped or hung under load (PostgreSQL only, a throwaway cluster)', () => {
  let release = () => {};
  let cluster: Cluster;
  let database: FreshDatabase | undefined;
  let server: ServerProcess;
  let people: Person[];
  let groupId: string;
  const allCreated: string[] = [];

  beforeAll(async () => {
    release = await takeTurn();
    cluster = await startCluster();
    database = await freshDatabase(cluster.adminUrl);
    server = await startServer({ databaseUrl: database.url });
    people = await registerMany(server.url, 3, 'outage');
    groupId = await createGroup(server.url, people);
  }, 120_000);

  afterAll(async () => {
    await stopAllServers();
    await database?.drop().catch(() => undefined);
    await cluster?.destroy();
    release();
  }, 60_000);

  /** 8 clients write expenses and read balances while `fault` happens `times` times (1.5 s apart). */
  async function underLoad(times: number, fault: () => Promise<{ beganAt: number; endedAt: number }>) {
    const rnd = random(20_240_601 + allCreated.length);
    let written = 0;
    const load = runLoad(server.url, 8, (worker, n) => {
      const person = people[worker % people.length] as Person;
      if (n % 3 === 2) {
        return { method: 'GET', path: `/api/financial/balances/group/${groupId}`, token: person.token };
      }
      const currency = n % 2 ? 'EUR' : 'CZK';
      const body = expenseBody(rnd, groupId, person, people, currency, `Outage ${++written}`);
      return { method: 'POST', path: '/api/expenses', token: person.token, body, timeoutMs: 20_000 };
    });
    const outages: Outage[] = [];
    try {
      for (let i = 0; i < times; i++) {
        await sleep(1_500);
        const { beganAt, endedAt } = await fault();
        const upAt = performance.now();
        const recoveredAt = await firstSuccessAfter(load.samples, upAt, server);
        outages.push({ beganAt, endedAt, upAt, recoveredAt });
      }
      await sleep(1_000);
    } finally {
      await load.stop();
    }
    const samples = load.samples;
    allCreated.push(...samples.filter((s) => s.method === 'POST' && s.status === 201).map((s) => s.body.id));
    return {
      samples,
      // Sent after the fault began and answered before it ended.
      during: samples.filter((s) => outages.some((o) => s.sentAt >= o.beganAt && s.doneAt <= o.endedAt)),
      outages,
      // Anything but a success or a 503: unanswered (refused, reset, timed out), a 500, ...
      unexpected: samples.filter((s) => ![200, 201, 503].includes(s.status)),
      slowest: Math.max(...samples.map((s) => s.ms)),
    };
  }
  type LoadRun = Awaited<ReturnType<typeof underLoad>>;

  /** Every request of the fault answered 503 with the message; nothing else went wrong; it serves again. */
  async function expectServedThrough(run: LoadRun, minimum: number) {
    expect(run.during.length).toBeGreaterThanOrEqual(minimum);
    for (const s of run.during) {
      expect(s.status, describeAnswer(s)).toBe(503);
      expect(s.body).toEqual({ code: 'SERVICE_UNAVAILABLE', message: UNAVAILABLE_MESSAGE });
      expect(s.headers?.get('retry-after')).toBe('5');
    }
    expect(run.unexpected.map((s) => `${s.method} ${s.path}: ${describeAnswer(s)}`)).toEqual([]);
    expect(server.running(), server.output().slice(-3000)).toBe(true);
    const health = await call(server.url, 'GET', '/api/health');
    expect(health.status, describeAnswer(health)).toBe(200);
  }

  /** Partial expenses, answered creates missing, and ledger scopes differing from a recomputation. */
  async function damage() {
    const db = database?.db();
    if (!db) throw new Error('no database');
    const { rows } = await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM expenses WHERE id = ANY($1::uuid[]) AND deleted_at IS NULL',
      [allCreated],
    );
    const ledger = await checkLedger(db);
    return {
      partial: (await partialExpenses(db)).length,
      missing: allCreated.length - (rows[0]?.n ?? 0),
      differing: ledger.mismatches.length + ledger.nonZeroSums.length,
    };
  }

  it('stopped (pg_ctl -m immediate) twice: 503 with a message at once, no crash, recovers by itself', async () => {
    const run = await underLoad(2, async () => {
      await cluster.stopImmediately();
      const beganAt = performance.now();
      await sleep(3_000);
      const endedAt = performance.now();
      await cluster.start();
      return { beganAt, endedAt };
    });
    const found = await damage();
    writeFigures('faults', 'Faults', {
      'database stops under load (pg_ctl stop -m immediate, then start)': run.outages.length,
      'requests during the stops': run.during.length,
      '503 answers during the stops': run.during.filter((s) => s.status === 503).length,
      'slowest answer during the stops (ms)': Math.round(Math.max(...run.during.map((s) => s.ms))),
      'slowest answer of the whole run (ms)': Math.round(run.slowest),
      'recovery after the database is back, worst (ms)': worstRecovery(run.outages),
      'requests unanswered or 5xx other than 503 (stops)': run.unexpected.length,
      'server crashes (stops)': server.running() ? 0 : 1,
    });
    await expectServedThrough(run, 50);
    expect(run.slowest).toBeLessThan(STOPPED_BOUND_MS);
    expect(found).toEqual({ partial: 0, missing: 0, differing: 0 });
  }, 90_000);

  it('hung (SIGSTOP to every PostgreSQL process): 503 within the timeouts, no crash, recovers by itself', async () => {
    const run = await underLoad(1, async () => {
      cluster.freeze();
      const beganAt = performance.now();
      try {
        // Two bounds: a request in flight at the freeze is answered within one, and the next request of
        // each client (sent by then) within the second, so every client has one whole request inside the
        // hang. (Checks of requests that arrive together share one query, so they may all wait on the same
        // hung connection: within one bound, fewer requests than clients may finish.)
        await sleep(2 * FROZEN_BOUND_MS + 1_000);
      } finally {
        cluster.thaw();
      }
      return { beganAt, endedAt: performance.now() };
    });
    const found = await damage();
    writeFigures('faults', 'Faults', {
      'database hangs under load (SIGSTOP, then SIGCONT)': run.outages.length,
      'requests during the hang': run.during.length,
      '503 answers during the hang': run.during.filter((s) => s.status === 503).length,
      'slowest answer during the hang (ms)': Math.round(run.slowest),
      'bound for an answer during a hang (ms)': FROZEN_BOUND_MS,
      'recovery after the hang ends (ms)': worstRecovery(run.outages),
      'requests unanswered or 5xx other than 503 (hang)': run.unexpected.length,
      'server crashes (hang)': server.running() ? 0 : 1,
      'writes answered 201 across stops and hang': allCreated.length,
      'answered writes lost after stops and hang': found.missing,
      'partial expenses after stops and hang': found.partial,
      'ledger scopes differing from a recomputation after stops and hang': found.differing,
    });
    await expectServedThrough(run, 8);
    expect(run.slowest).toBeLessThan(FROZEN_BOUND_MS);
    expect(found).toEqual({ partial: 0, missing: 0, differing: 0 });
  }, 120_000);
});

const worstRecovery = (outages: Outage[]) =>
  Math.round(Math.max(...outages.map((o) => o.recoveredAt - o.upAt)));

/** When the first request sent after `since` succeeded (2xx), waiting at most RECOVERY_BOUND_MS. */
async function firstSuccessAfter(samples: Sample[], since: number, server: ServerProcess): Promise<number> {
  const deadline = since + RECOVERY_BOUND_MS;
  while (performance.now() < deadline) {
    const ok = samples.find((s) => s.sentAt >= since && s.status >= 200 && s.status < 300);
    if (ok) return ok.doneAt;
    await sleep(25);
  }
  throw new Error(
    `The API did not recover within ${RECOVERY_BOUND_MS} ms after PostgreSQL came back ` +
      `(server ${server.running() ? 'running' : 'exited'}). Last answers:\n` +
      `${samples.slice(-3).map(describeAnswer).join('\n')}\nServer output:\n${server.output().slice(-3000)}`,
  );
}
