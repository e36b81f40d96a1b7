import { execFile } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { RECEIPT_MAX_BYTES } from '@kitty/domain';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUSY_MESSAGE } from '../../src/http/account-limit';
import { expectContract } from '../contract';
import type { TestContext } from '../support/context';
import { createExpense, expenseBody } from '../support/expenses';
import { createGroup, type Person } from '../support/groups';
import { listenOn } from '../support/live';
import { fileUpload, minimalPdf } from '../support/receipts';
import { bearer, registerUser } from '../support/users';
import { countFigure, writeAbuseFigures } from './abuse-figures';
import { ruleBody } from './recurring.suite';

/** The production defaults of the limits this suite is about (an empty variable is its default). */
const DEFAULT_LIMITS = {
  ACCOUNT_CONCURRENCY: '',
  ACCOUNT_QUEUE: '',
  DATABASE_POOL_SIZE: '',
  DATABASE_BULK_CONNECTIONS: '',
  LIVE_STREAMS_PER_ACCOUNT: '',
};

const getGroups = (app: FastifyInstance, as: Person) =>
  app.inject({ method: 'GET', url: '/api/groups', headers: bearer(as.token) });

/** A refusal of one account's excess: 429 RATE_LIMITED, Retry-After 1 second. */
function expectBusy(response: { statusCode: number; headers: Record<string, unknown> }, body: unknown) {
  expect(response.statusCode).toBe(429);
  expect(response.headers['retry-after']).toBe('1');
  expect(body).toEqual({ code: 'RATE_LIMITED', message: BUSY_MESSAGE });
}

const run = promisify(execFile);
const ATTACKER = join(import.meta.dirname, '../support/attacker.mjs');

/** Runs test/support/attacker.mjs in a process of its own; answers each request's status and refusal code. */
async function attack(args: Record<string, unknown>): Promise<{ status: number; code: string | null }[]> {
  const { stdout } = await run(process.execPath, [ATTACKER, JSON.stringify(args)], {
    maxBuffer: 16 * 1024 * 1024,
  });
  return JSON.parse(stdout);
}

function expectRefusalsRateLimited(answers: readonly { status: number; code: string | null }[]) {
  const codes = new Set(answers.filter((a) => a.status === 429).map((a) => a.code));
  expect([...codes].filter((c) => c !== 'RATE_LIMITED')).toEqual([]);
}

const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)] ?? Number.NaN;

interface Probed<T> {
  load: T;
  statuses: number[];
  p50: number;
  p99: number;
  max: number;
}

/**
 * Runs `load` while another account, with a group and an expense of its own, keeps asking what a person
 * would (its groups, a group, an expense, and records an expense), four requests at a time, until the load
 * is done (and at least 40 times). Answers the load's result, and the other account's statuses and
 * latencies in milliseconds.
 */
async function whileOtherAsks<T>(app: FastifyInstance, load: () => Promise<T>): Promise<Probed<T>> {
  const other = await registerUser(app);
  const group = await createGroup(app, other);
  const expense = await createExpense(app, other, { ...expenseBody(other.user.id), group_id: group.id });
  const asks = [
    () => getGroups(app, other),
    () => app.inject({ method: 'GET', url: `/api/groups/${group.id}`, headers: bearer(other.token) }),
    () => app.inject({ method: 'GET', url: `/api/expenses/${expense.id}`, headers: bearer(other.token) }),
    () =>
      app.inject({
        method: 'POST',
        url: '/api/expenses',
        headers: bearer(other.token),
        payload: { ...expenseBody(other.user.id), group_id: group.id },
      }),
  ];
  const statuses: number[] = [];
  const latencies: number[] = [];
  let done = false;
  const asker = async (offset: number) => {
    for (let i = offset; !done || statuses.length < 40; i++) {
      const startedAt = performance.now();
      const response = await (asks[i % asks.length] as () => Promise<LightMyRequestResponse>)();
      latencies.push(performance.now() - startedAt);
      statuses.push(response.statusCode);
    }
  };
  const askers = [0, 1, 2, 3].map(asker);
  try {
    return { load: await load(), ...(await finish()) };
  } finally {
    done = true;
    await Promise.allSettled(askers);
  }
  async function finish() {
    done = true;
    await Promise.all(askers);
    const sorted = [...latencies].sort((a, b) => a - b);
    return {
      statuses,
      p50: Math.round(percentile(sorted, 0.5)),
      p99: Math.round(percentile(sorted, 0.99)),
      max: Math.round(sorted.at(-1) ?? 0),
    };
  }
}

/** The other account was answered 2xx every time, p99 under a second; the figures go to the report. */
function expectOtherAnswered(name: string, probed: Probed<unknown>, engine: string) {
  const failed = probed.statuses.filter((s) => s < 200 || s > 299);
  if (engine === 'postgres') {
    countFigure(`${name}: other account's requests`, probed.statuses.length);
    countFigure(`${name}: other account's 5xx or other failed answers`, failed.length);
    countFigure(`${name}: other account's p50 (ms)`, probed.p50);
    countFigure(`${name}: other account's p99 (ms)`, probed.p99);
    countFigure(`${name}: other account's slowest (ms)`, probed.max);
  }
  expect(failed, `the other account's answers during ${name}`).toEqual([]);
  // PGlite has one connection, which each bulk transaction holds in turn: there, only the answers count.
  if (engine === 'postgres')
    expect(probed.p99, `the other account's p99 (ms) during ${name}`).toBeLessThan(1_000);
}

function tally(statuses: readonly number[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const s of statuses) counts[s] = (counts[s] ?? 0) + 1;
  return counts;
}

export function abuseLoadSuite(ctx: TestContext): void {
  describe("abuse: one account's load never fails another's request", () => {
    afterAll(() => writeAbuseFigures(ctx.engine, 'abuse-load'));

    it("uploads still arriving hold their account's places (no connection): past its places and queue the account is refused 429 at once, a wait in line ends in 429 after 2 s, others are answered", async () => {
      const app = await ctx.buildApp({ ACCOUNT_CONCURRENCY: '2', ACCOUNT_QUEUE: '1' });
      const base = await listenOn(app);
      const attacker = await registerUser(app);
      const other = await registerUser(app);
      const group = await createGroup(app, attacker);
      const expense = await createExpense(app, attacker, {
        ...expenseBody(attacker.user.id),
        group_id: group.id,
      });
      const body = fileUpload(minimalPdf(), 'scan.pdf', 'application/pdf');
      // Two uploads whose bodies have not all arrived: each holds a place while it waits for the rest.
      const slow = [0, 1].map(() => {
        const request = httpRequest(`${base}/api/expenses/${expense.id}/receipts`, {
          method: 'POST',
          headers: {
            ...bearer(attacker.token),
            'content-type': body.contentType,
            'content-length': String(body.payload.length),
          },
        });
        const status = new Promise<number>((resolve, reject) => {
          request.on('response', (response) => {
            response.resume();
            response.on('end', () => resolve(response.statusCode ?? 0));
          });
          request.on('error', reject);
        });
        request.write(body.payload.subarray(0, 100));
        return { status, finish: () => request.end(body.payload.subarray(100)) };
      });
      // Once both are in, a request of the account waits in line 2 s and is refused.
      const deadline = Date.now() + 10_000;
      let probe = await getGroups(app, attacker);
      while (probe.statusCode === 200 && Date.now() < deadline) probe = await getGroups(app, attacker);
      expect(probe.statusCode).toBe(429);
      // Two more: one waits in line (the queue holds one) and is refused after 2 s, the other is refused
      // at once; meanwhile another account is answered.
      const sentAt = Date.now();
      const timed = [0, 1].map(() =>
        getGroups(app, attacker).then((response) => ({ response, ms: Date.now() - sentAt })),
      );
      expect((await getGroups(app, other)).statusCode).toBe(200);
      const [atOnce, inLine] = (await Promise.all(timed)).sort((a, b) => a.ms - b.ms) as [
        { response: LightMyRequestResponse; ms: number },
        { response: LightMyRequestResponse; ms: number },
      ];
      expect(atOnce.ms).toBeLessThan(1_000);
      expectBusy(atOnce.response, expectContract(atOnce.response, 'listGroups'));
      expect(inLine.ms).toBeGreaterThanOrEqual(1_900);
      expectBusy(inLine.response, expectContract(inLine.response, 'listGroups'));
      // The uploads finish and give their places back: the account is answered again.
      for (const upload of slow) upload.finish();
      expect(await Promise.all(slow.map((u) => u.status))).toEqual([201, 201]);
      const again = await Promise.all([getGroups(app, attacker), getGroups(app, attacker)]);
      expect(again.map((r) => r.statusCode)).toEqual([200, 200]);
      countFigure('429 answers checked', 3);
    });

    it('a refused or failed request gives its place back: an account with one place goes on being answered', async () => {
      const app = await ctx.buildApp({ ACCOUNT_CONCURRENCY: '1', ACCOUNT_QUEUE: '0' });
      const person = await registerUser(app);
      for (let i = 0; i < 3; i++) {
        const unknown = await app.inject({
          method: 'GET',
          url: '/api/groups/00000000-0000-4000-8000-000000000000',
          headers: bearer(person.token),
        });
        expect(unknown.statusCode).toBe(404);
        const invalid = await app.inject({
          method: 'POST',
          url: '/api/expenses',
          headers: bearer(person.token),
          payload: { amount: 'x' },
        });
        expect(invalid.statusCode).toBe(400);
      }
      expect((await getGroups(app, person)).statusCode).toBe(200);
    });

    it('an account past LIVE_STREAMS_PER_ACCOUNT open streams is refused 429; its open streams take none of its places', async () => {
      const app = await ctx.buildApp({
        LIVE_STREAM_SECONDS: '60',
        LIVE_STREAMS_PER_ACCOUNT: '2',
        ACCOUNT_CONCURRENCY: '1',
        ACCOUNT_QUEUE: '0',
      });
      const base = await listenOn(app);
      const person = await registerUser(app);
      const other = await registerUser(app);
      const controller = new AbortController();
      const open = (as: Person) =>
        fetch(`${base}/api/events`, { headers: bearer(as.token), signal: controller.signal });
      try {
        expect((await open(person)).status).toBe(200);
        expect((await open(person)).status).toBe(200);
        const third = await open(person);
        expect(third.status).toBe(429);
        expect(((await third.json()) as { code: string }).code).toBe('RATE_LIMITED');
        expect(third.headers.get('retry-after')).toBeTruthy();
        expect((await open(other)).status).toBe(200);
        // Two streams open, one place (ACCOUNT_CONCURRENCY=1): the account's requests are still answered.
        expect((await getGroups(app, person)).statusCode).toBe(200);
        expect((await getGroups(app, person)).statusCode).toBe(200);
      } finally {
        controller.abort();
      }
    });

    describe(`the attack's loads (${ctx.engine === 'postgres' ? 'full size, on a pool of its own' : 'scaled down to a tenth: PGlite has one connection'})`, () => {
      // PGlite serves every request on its one connection, so the full loads measure its single queue,
      // not the pool: it runs a tenth of each (docs/scaling.md).
      const full = ctx.engine === 'postgres';
      const scaled = (n: number) => (full ? n : Math.max(1, Math.round(n / 10)));
      let app: FastifyInstance;
      let attacker: Person;
      let attackerGroup: { id: string };
      let base: string;

      beforeAll(async () => {
        // On PostgreSQL the app opens its own pool (DATABASE_POOL_SIZE), as a server process does.
        app = full
          ? await ctx.buildApp(
              { ...DEFAULT_LIMITS, DATABASE_URL: ctx.url, LIVE_STREAM_SECONDS: '60' },
              { db: undefined },
            )
          : await ctx.buildApp({ ...DEFAULT_LIMITS, LIVE_STREAM_SECONDS: '60' });
        attacker = await registerUser(app);
        attackerGroup = await createGroup(app, attacker);
        // Over HTTP, as the attack came: a 10 MB body arrives in chunks, 2,000 streams are 2,000 connections,
        // all waiting to be accepted at once (the default backlog is 511).
        base = await app.listen({ port: 0, host: '127.0.0.1', backlog: 4096 });
      });

      it(`${scaled(30)} parallel ${ctx.engine === 'postgres' ? 10 : 1} MB receipt uploads`, {
        timeout: 60_000,
      }, async () => {
        const expenses: { id: string }[] = [];
        for (let i = 0; i < Math.ceil(scaled(30) / 5); i++)
          expenses.push(
            await createExpense(app, attacker, {
              ...expenseBody(attacker.user.id),
              group_id: attackerGroup.id,
            }),
          );
        // 10 MB on PostgreSQL; 1 MB on PGlite, whose one connection writes it in WebAssembly.
        const size = full ? RECEIPT_MAX_BYTES - 1024 : 1024 * 1024;
        const body = fileUpload(minimalPdf({ padding: size }), 'scan.pdf', 'application/pdf');
        let mostBulk = 0;
        const sampler = setInterval(() => {
          mostBulk = Math.max(mostBulk, app.ctx.bulk.running);
        }, 5);
        const file = join(mkdtempSync(join(tmpdir(), 'kitty-attack-')), 'scan.pdf');
        writeFileSync(file, body.payload);
        const urls = Array.from(
          { length: scaled(30) },
          (_, i) => `/api/expenses/${(expenses[i % expenses.length] as { id: string }).id}/receipts`,
        );
        const probed = await whileOtherAsks(app, () =>
          attack({ base, token: attacker.token, kind: 'uploads', file, contentType: body.contentType, urls }),
        ).finally(() => clearInterval(sampler));
        const counts = tally(probed.load.map((a) => a.status));
        expect(
          Object.keys(counts).every((s) => s === '201' || s === '429'),
          JSON.stringify(counts),
        ).toBe(true);
        expectRefusalsRateLimited(probed.load);
        expect(counts[201]).toBeGreaterThanOrEqual(Math.min(scaled(30), 8));
        expect(mostBulk).toBeLessThanOrEqual(app.ctx.config.databaseBulkConnections);
        if (full) {
          countFigure('30 parallel 10 MB uploads: stored', counts[201] ?? 0);
          countFigure('30 parallel 10 MB uploads: refused 429', counts[429] ?? 0);
          countFigure('30 parallel 10 MB uploads: most bulk connections at once', mostBulk);
        }
        expectOtherAnswered('30 parallel 10 MB uploads', probed, ctx.engine);
      });

      it(`${scaled(2000)} live streams of one account`, { timeout: 60_000 }, async () => {
        let mostOpen = 0;
        const sampler = setInterval(() => {
          mostOpen = Math.max(mostOpen, app.live.streamsOf(attacker.user.id));
        }, 5);
        try {
          const probed = await whileOtherAsks(app, () =>
            attack({ base, token: attacker.token, kind: 'streams', count: scaled(2000) }),
          );
          clearInterval(sampler);
          const allowed = app.ctx.config.liveStreamsPerAccount;
          const counts = tally(probed.load.map((r) => r.status));
          expect(Object.keys(counts).sort(), JSON.stringify(counts)).toEqual(['200', '429']);
          expect(counts[200]).toBeGreaterThanOrEqual(allowed);
          expectRefusalsRateLimited(probed.load);
          // Never more open at once than allowed (a stream that ended gave its turn to another).
          expect(mostOpen).toBe(allowed);
          expect(app.live.streamsOf(attacker.user.id)).toBeLessThanOrEqual(allowed);
          if (full) countFigure('2,000 live streams: refused 429', counts[429] ?? 0);
          expectOtherAnswered('2,000 live streams', probed, ctx.engine);
        } finally {
          clearInterval(sampler);
        }
      });

      it(`${scaled(2000)} parallel GET /groups of one account`, { timeout: 60_000 }, async () => {
        const probed = await whileOtherAsks(app, () =>
          attack({ base, token: attacker.token, kind: 'reads', url: '/api/groups', count: scaled(2000) }),
        );
        const counts = tally(probed.load.map((r) => r.status));
        // The attacker's own: answered, refused, or (its own queries slowed by its flood) a 503.
        expect(
          Object.keys(counts).filter((s) => !['200', '429', '503'].includes(s)),
          JSON.stringify(counts),
        ).toEqual([]);
        expectRefusalsRateLimited(probed.load);
        if (full) {
          countFigure('2,000 parallel GET /groups: answered', counts[200] ?? 0);
          countFigure('2,000 parallel GET /groups: refused 429', counts[429] ?? 0);
          countFigure("2,000 parallel GET /groups: the attacker's own 503", counts[503] ?? 0);
        }
        expectOtherAnswered('2,000 parallel GET /groups', probed, ctx.engine);
        // More arrived at once than 8 places and 16 in line hold: some were refused. (On PGlite each request
        // runs to its end before the next one's token is verified: none needs to wait.)
        if (full) expect(counts[429] ?? 0).toBeGreaterThan(0);
      });

      it(`${scaled(5)} parallel year-long recurring backfills`, { timeout: 60_000 }, async () => {
        const start = new Date(Date.now() - 364 * 86_400_000).toISOString().slice(0, 10);
        const body = ruleBody(attacker, [], { frequency: 'weekly', start_date: start });
        let mostBulk = 0;
        const sampler = setInterval(() => {
          mostBulk = Math.max(mostBulk, app.ctx.bulk.running);
        }, 5);
        const probed = await whileOtherAsks(app, () =>
          Promise.all(
            Array.from({ length: scaled(5) }, () =>
              app.inject({
                method: 'POST',
                url: `/api/groups/${attackerGroup.id}/recurring-expenses`,
                headers: bearer(attacker.token),
                payload: body,
              }),
            ),
          ),
        ).finally(() => clearInterval(sampler));
        // The attacker's own backfills, in one group, take turns on its locks: one that waited past the
        // statement timeout is a 503 (nothing written); every other one made its 53 weeks.
        const made = probed.load.filter((r) => r.statusCode === 201);
        expect(probed.load.filter((r) => r.statusCode !== 201 && r.statusCode !== 503)).toEqual([]);
        expect(made.length).toBeGreaterThanOrEqual(1);
        for (const response of made)
          expect(expectContract(response, 'createRecurringExpense').expenses.length).toBeGreaterThanOrEqual(
            52,
          );
        expect(mostBulk).toBeLessThanOrEqual(app.ctx.config.databaseBulkConnections);
        if (full) countFigure('5 parallel year-long backfills: most bulk connections at once', mostBulk);
        expectOtherAnswered('5 parallel year-long backfills', probed, ctx.engine);
      });
    });
  });
}
