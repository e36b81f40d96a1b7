import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEASE_SECONDS } from '../../src/imports/one-at-a-time';
import { TOO_MUCH_MEMORY } from '../../src/imports/read';
import type { TestContext } from '../support/context';
import { createGroup, type Person } from '../support/groups';
import { largeSplitwiseCsv, splitwiseCsv } from '../support/imports';
import { bearer, registerUser, uniqueEmail } from '../support/users';
import { countFigure, writeAbuseFigures } from './abuse-figures';

const TEN_MIB = 10 * 1024 * 1024;

/** The p-th percentile (0 to 100) of durations in milliseconds, nearest rank. */
function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

/**
 * POST /imports reads its file on a thread of its own (src/imports/README.md): a 10 MiB file never holds up
 * anyone else's requests, each account runs one import at a time (on every server process), and a reader
 * that dies answers its request.
 */
export function importsOffLoopSuite(ctx: TestContext): void {
  /** The body is sent as text: the test's own JSON.stringify of 10 MiB would run on the server's loop. */
  const post = (app: FastifyInstance, as: Person, body: Record<string, unknown>, key?: string) =>
    app.inject({
      method: 'POST',
      url: '/api/imports',
      headers: {
        ...bearer(as.token),
        'content-type': 'application/json',
        ...(key ? { 'idempotency-key': key } : {}),
      },
      payload: JSON.stringify(body),
    });
  const small = splitwiseCsv(
    ['Ann', 'Ben'],
    [['2024-03-01', 'Dinner', 'General', '2.00', 'EUR', '1.00', '-1.00']],
  );
  const expectField = (response: LightMyRequestResponse, message: string | RegExp) => {
    expect(response.statusCode, response.body.slice(0, 500)).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: [
        { field: 'content', message: typeof message === 'string' ? message : expect.stringMatching(message) },
      ],
    });
  };

  /**
   * Runs `work` while `as` asks for GET /api/health and GET /api/groups, one after the other (at least 20
   * times): their statuses, and their durations sorted.
   */
  const whilePolling = async <T>(as: Person, work: () => Promise<T>) => {
    const timings: number[] = [];
    const statuses: number[] = [];
    let working = true;
    const poll = async () => {
      for (let i = 0; working || i < 20; i++) {
        const started = performance.now();
        const url = i % 2 === 0 ? '/api/health' : '/api/groups';
        const response = await ctx.app.inject({ method: 'GET', url, headers: bearer(as.token) });
        timings.push(performance.now() - started);
        statuses.push(response.statusCode);
      }
    };
    const polling = poll();
    try {
      return { result: await work(), statuses, timings };
    } finally {
      working = false;
      await polling;
      timings.sort((a, b) => a - b);
    }
  };
  const figures = (timings: readonly number[]) =>
    `${timings.length} requests of another account: p50 ${percentile(timings, 50).toFixed(0)} ms, ` +
    `p99 ${percentile(timings, 99).toFixed(0)} ms, max ${(timings.at(-1) as number).toFixed(0)} ms`;

  describe('imports off the event loop', () => {
    afterAll(() => writeAbuseFigures(ctx.engine, 'abuse-load'));
    let alice: Person;
    let bob: Person;
    let large: string;

    beforeAll(async () => {
      alice = await registerUser(ctx.app, { email: uniqueEmail('importer') });
      bob = await registerUser(ctx.app, { email: uniqueEmail('bystander') });
      await createGroup(ctx.app, bob, { name: 'Flat' });
      large = largeSplitwiseCsv(TEN_MIB);
    });

    it("two 10 MiB imports by one account: the second is refused at once, others' requests stay fast (timed)", async () => {
      expect(large.length).toBeGreaterThan(TEN_MIB - 64 * 1024);
      expect(large.length).toBeLessThanOrEqual(TEN_MIB);
      const body = { format: 'splitwise-csv', content: large, dryRun: true };
      const started = performance.now();
      const timed = (response: Promise<LightMyRequestResponse>) =>
        response.then((r) => ({ r, ms: performance.now() - started }));
      const { result, statuses, timings } = await whilePolling(bob, () =>
        Promise.all([timed(post(ctx.app, alice, body)), timed(post(ctx.app, alice, body))]),
      );
      const [read, refused] = result[0].r.statusCode === 409 ? [result[1], result[0]] : result;
      expect(refused.r.statusCode, refused.r.body).toBe(409);
      expect(refused.r.json()).toEqual({
        code: 'IMPORT_IN_PROGRESS',
        message: 'One of your imports is still running. Wait until it has finished, then try again.',
      });
      expect(refused.ms).toBeLessThan(read.ms);
      expect(read.r.statusCode, read.r.body.slice(0, 500)).toBe(200);
      expect(read.r.json()).toMatchObject({ rows: 10_000, expenses: 10_000, problems: [] });
      expect(statuses.filter((s) => s < 200 || s > 299)).toEqual([]);
      console.log(
        `imports off the loop on ${ctx.engine}: a ${(large.length / 1024 / 1024).toFixed(1)} MiB Splitwise file ` +
          `(10,000 rows of 136 people) previewed in ${(read.ms / 1000).toFixed(1)} s, the second refused in ` +
          `${refused.ms.toFixed(0)} ms; meanwhile ${figures(timings)}`,
      );
      if (ctx.engine === 'postgres') {
        const name = '2 parallel 10 MB imports of one account';
        countFigure(`${name}: other account's requests`, timings.length);
        countFigure(`${name}: other account's 5xx or other failed answers`, 0);
        countFigure(`${name}: other account's p50 (ms)`, Math.round(percentile(timings, 50)));
        countFigure(`${name}: other account's p99 (ms)`, Math.round(percentile(timings, 99)));
        countFigure(`${name}: other account's slowest (ms)`, Math.round(timings.at(-1) as number));
        countFigure(`${name}: the second refused at once (409)`, 1);
      }
      expect(percentile(timings, 99)).toBeLessThan(1000);
      // The lease is gone with the answer: the next import starts at once.
      expect((await post(ctx.app, alice, { format: 'auto', content: small, dryRun: true })).statusCode).toBe(
        200,
      );
    }, 300_000);

    it('an import with an Idempotency-Key holds no connection while its file is read', async () => {
      const carol = await registerUser(ctx.app, { email: uniqueEmail('carol') });
      // Four people: 10 MiB is far more than 10,000 rows, refused once read, before any transaction.
      const many = largeSplitwiseCsv(TEN_MIB, 4, 100_000);
      const started = performance.now();
      const { result, statuses, timings } = await whilePolling(bob, () =>
        post(ctx.app, carol, { format: 'splitwise-csv', content: many }, `many-${uniqueEmail()}`),
      );
      expectField(result, /^Line 1: The file has [\d,]+ rows; Kitty imports at most 10,000 at once/);
      expect(statuses.filter((s) => s < 200 || s > 299)).toEqual([]);
      console.log(
        `imports off the loop on ${ctx.engine}: a ${(many.length / 1024 / 1024).toFixed(1)} MiB file of ` +
          `${many.split('\n').length - 3} rows refused in ${((performance.now() - started) / 1000).toFixed(1)} s; ` +
          `meanwhile ${figures(timings)}`,
      );
      // On PGlite (one connection) a transaction open while the file is read would hold everyone up.
      expect(percentile(timings, 99)).toBeLessThan(1000);
    }, 300_000);

    it('one import at a time per account holds across two server processes', async () => {
      const other = await ctx.buildApp();
      const dana = await registerUser(ctx.app, { email: uniqueEmail('dana') });
      const body = { format: 'auto', content: largeSplitwiseCsv(1024 * 1024), dryRun: true };
      const answers = await Promise.all([post(ctx.app, dana, body), post(other, dana, body)]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
      expect(answers.find((a) => a.statusCode === 409)?.json().code).toBe('IMPORT_IN_PROGRESS');
      // Another account is not held up by Dana's.
      expect((await post(other, bob, { format: 'auto', content: small, dryRun: true })).statusCode).toBe(200);
    }, 120_000);

    it('a lease left by a process that died blocks the account only until it expires', async () => {
      const dave = await registerUser(ctx.app, { email: uniqueEmail('dave') });
      const body = { format: 'auto', content: small, dryRun: true };
      await ctx.db.query(
        `INSERT INTO import_leases (user_id, holder, expires_at)
         VALUES ($1, gen_random_uuid(), now() + $2 * interval '1 second')`,
        [dave.user.id, LEASE_SECONDS],
      );
      const held = await post(ctx.app, dave, body);
      expect(held.statusCode).toBe(409);
      expect(held.json().code).toBe('IMPORT_IN_PROGRESS');
      await ctx.db.query(
        `UPDATE import_leases SET expires_at = now() - interval '1 second' WHERE user_id = $1`,
        [dave.user.id],
      );
      expect((await post(ctx.app, dave, body)).statusCode).toBe(200);
      const { rows } = await ctx.db.query('SELECT 1 FROM import_leases WHERE user_id = $1', [dave.user.id]);
      expect(rows).toEqual([]);
    });

    it('a reader that runs out of memory answers 400 on content; the next file gets a new reader', async () => {
      const app = await ctx.buildApp({ IMPORT_WORKER_MEMORY_MB: '32' });
      const erin = await registerUser(app, { email: uniqueEmail('erin') });
      const started = performance.now();
      const crashed = await post(app, erin, { format: 'auto', content: large, dryRun: true });
      expectField(crashed, TOO_MUCH_MEMORY);
      console.log(
        `imports off the loop on ${ctx.engine}: a reader out of memory answered in ${(performance.now() - started).toFixed(0)} ms`,
      );
      const next = await post(app, erin, { format: 'auto', content: small, dryRun: true });
      expect(next.statusCode, next.body).toBe(200);
    }, 120_000);

    it('a file that finds every reader busy and the queue full is answered 503 with Retry-After', async () => {
      const app = await ctx.buildApp({ IMPORT_WORKERS: '1', IMPORT_QUEUE: '0' });
      const [frank, gina] = [
        await registerUser(app, { email: uniqueEmail('frank') }),
        await registerUser(app, { email: uniqueEmail('gina') }),
      ];
      const body = { format: 'auto', content: largeSplitwiseCsv(1024 * 1024), dryRun: true };
      const answers = await Promise.all([post(app, frank, body), post(app, gina, body)]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 503]);
      const busy = answers.find((a) => a.statusCode === 503) as LightMyRequestResponse;
      expect(busy.json().code).toBe('SERVICE_UNAVAILABLE');
      expect(Number(busy.headers['retry-after'])).toBeGreaterThan(0);
    }, 120_000);
  });
}
