import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/config';
import type { OperationId } from '../../src/http/route';
import { contract, expectContract, expectErrorBody } from '../contract';
import { type TestContext, testConfig } from '../support/context';
import { createExpense, expenseBody } from '../support/expenses';
import { createGroup } from '../support/groups';
import { bearer, registerUser } from '../support/users';
import { countFigure, writeAbuseFigures } from './abuse-figures';

const MiB = 1024 * 1024;

function problemsOf(env: Record<string, string>): string[] {
  try {
    testConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

export function securityLimitsSuite(ctx: TestContext): void {
  const count = async (sql: string, params: unknown[] = []) =>
    Number((await ctx.db.query<{ n: number }>(sql, params)).rows[0]?.n);

  describe('security: page sizes and body sizes are capped', () => {
    afterAll(() => writeAbuseFigures(ctx.engine));

    it('every paginated list refuses a page size over 100 (or under 1) with a 400 naming limit', async () => {
      const paginated = [...contract.operations.values()].filter((op) =>
        op.parameters.some((p) => p.in === 'query' && p.name === 'limit'),
      );
      expect(paginated.map((op) => op.id).sort()).toEqual(
        expect.arrayContaining([
          'listGroups',
          'listGroupExpenses',
          'listGroupSettlements',
          'listSettlements',
          'listUserExpenses',
          'listExpenseComments',
        ]),
      );
      const me = await registerUser(ctx.app);
      const group = await createGroup(ctx.app, me);
      // The one list under an expense: its comments.
      const expense = await createExpense(ctx.app, me, expenseBody(me.user.id, [], { group_id: group.id }));
      for (const op of paginated) {
        const path = op.url.replace(/:[A-Za-z]+/g, op.id === 'listExpenseComments' ? expense.id : group.id);
        const list = (query: string) =>
          ctx.app.inject({ method: 'GET', url: `${path}?${query}`, headers: bearer(me.token) });
        for (const query of [
          'limit=101',
          'limit=1000000',
          'limit=0',
          'limit=-1',
          'limit=2.5',
          'limit=lots',
        ]) {
          const refused = await list(query);
          expect(refused.statusCode, `${op.id} ${query}`).toBe(400);
          const body = expectContract(refused, op.id as OperationId);
          expect(
            body.errors?.map((e: { field: string }) => e.field),
            `${op.id} ${query}`,
          ).toEqual(['limit']);
          countFigure('oversized or invalid page sizes refused');
        }
        const largest = await list('limit=100');
        expect(largest.statusCode, `${op.id} limit=100`).toBe(200);
        expectContract(largest, op.id as OperationId);
        countFigure('paginated operations checked');
      }
    });

    it('a body over 1 MiB is a 413 with a message and writes nothing, even without a Content-Length', async () => {
      const me = await registerUser(ctx.app);
      const groups = 'SELECT count(*)::int AS n FROM groups WHERE created_by = $1';
      const big = JSON.stringify({ name: 'Big', description: 'x'.repeat(MiB) });
      const sized = await ctx.app.inject({
        method: 'POST',
        url: '/api/groups',
        headers: { ...bearer(me.token), 'content-type': 'application/json' },
        payload: big,
      });
      expect(expectErrorBody(sized, 413)).toEqual({
        code: 'PAYLOAD_TOO_LARGE',
        message: 'The request body is too large.',
      });
      const streamed = await ctx.app.inject({
        method: 'POST',
        url: '/api/groups',
        headers: { ...bearer(me.token), 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
        payload: Readable.from([big.slice(0, MiB / 2), big.slice(MiB / 2)]),
      });
      expect(expectErrorBody(streamed, 413)).toEqual({
        code: 'PAYLOAD_TOO_LARGE',
        message: 'The request body is too large.',
      });
      // Just under the limit the body is read, and the contract's own rules answer.
      const under = await ctx.app.inject({
        method: 'POST',
        url: '/api/groups',
        headers: bearer(me.token),
        payload: { name: 'Big', description: 'x'.repeat(MiB - 100) },
      });
      expect(under.statusCode).toBe(400);
      expect(await count(groups, [me.user.id])).toBe(0);
      countFigure('oversized bodies refused', 2);
    });
  });

  describe('security: settings are checked at start', () => {
    it('a bad rate limit, CORS origin, proxy trust or Redis URL stops the server with a message', () => {
      expect(
        problemsOf({
          RATE_LIMIT_LOGIN_EMAIL: 'ten',
          RATE_LIMIT_WRITES: '0/1m',
          CORS_ORIGINS: 'https://app.example.com/path',
          TRUST_PROXY: 'my-proxy',
          REDIS_URL: 'http://127.0.0.1:6379',
        }),
      ).toEqual([
        'RATE_LIMIT_LOGIN_EMAIL must be a count per window like 10/15m, 600/1m or 5/1h (window 1s to 7d), or off (got "ten")',
        'RATE_LIMIT_WRITES must be a count per window like 10/15m, 600/1m or 5/1h (window 1s to 7d), or off (got "0/1m")',
        'REDIS_URL must be a URL starting with redis:// or rediss://, like redis://127.0.0.1:6379 (got "http://127.0.0.1:6379")',
        'CORS_ORIGINS must list origins like https://app.example.com, without paths; "https://app.example.com/path" is not one (got "https://app.example.com/path")',
        'TRUST_PROXY must be true, false, a number of hops, or comma-separated addresses or CIDRs; "my-proxy" is none of them (got "my-proxy")',
      ]);
    });

    it('reads counts per window, off, origins, and every form of proxy trust', () => {
      const config = testConfig({
        RATE_LIMIT_LOGIN_EMAIL: '20/30m',
        RATE_LIMIT_WRITES: 'off',
        CORS_ORIGINS: 'https://a.example, http://localhost:5173',
        TRUST_PROXY: '10.0.0.0/8, 127.0.0.1, ::1, loopback',
        REDIS_URL: 'redis://127.0.0.1:6379/2',
      });
      expect(config.rateLimits.loginPerEmail).toEqual({ max: 20, windowMs: 30 * 60_000 });
      expect(config.rateLimits.writesPerAccount).toBeNull();
      expect(config.corsOrigins).toEqual(['https://a.example', 'http://localhost:5173']);
      expect(config.trustProxy).toEqual(['10.0.0.0/8', '127.0.0.1', '::1', 'loopback']);
      expect(config.redisUrl).toBe('redis://127.0.0.1:6379/2');
      expect(testConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
      expect(testConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
      expect(testConfig({}).trustProxy).toBe(false);
      expect(testConfig({}).corsOrigins).toEqual([]);
      expect(testConfig({}).redisUrl).toBeNull();
    });

    it('TRUST_PROXY as a hop count believes that many proxies and no more', async () => {
      const app = await ctx.buildApp({ TRUST_PROXY: '1' });
      app.get('/api/test-only/ip', async (request) => ({ ip: request.ip }));
      const ip = async (forwardedFor: string) =>
        (
          await app.inject({
            method: 'GET',
            url: '/api/test-only/ip',
            headers: { 'x-forwarded-for': forwardedFor },
          })
        ).json().ip;
      expect(await ip('203.0.113.5')).toBe('203.0.113.5');
      expect(await ip('198.51.100.1, 203.0.113.5')).toBe('203.0.113.5');
    });
  });
}
