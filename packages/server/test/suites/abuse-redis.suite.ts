import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedisRateStore } from '../../src/http/rate-store-redis';
import type { TestContext } from '../support/context';
import { captureLogs } from '../support/logs';
import { registerUser, uniqueEmail } from '../support/users';
import { countFigure, writeAbuseFigures } from './abuse-figures';
import { expectTooMany, GENEROUS, login, register } from './abuse-limits.suite';

const SILENT = { warn: () => undefined };

export const TEST_REDIS_URL = process.env.KITTY_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

export function abuseRedisSuite(ctx: TestContext): void {
  describe('abuse: rate-limit counters shared in Redis (REDIS_URL)', () => {
    // Each run has its own keys, removed afterwards, so runs and engines never see each other's counts.
    const prefix = `kitty-test:${randomUUID()}:`;
    let redis: Redis;
    const twoServers = async (env: Record<string, string>) => {
      const settings = { ...GENEROUS, REDIS_URL: TEST_REDIS_URL, ...env };
      const first = await ctx.buildApp(settings, { redisPrefix: prefix });
      const second = await ctx.buildApp(settings, { redisPrefix: prefix });
      return [first, second] as const;
    };

    beforeAll(async () => {
      redis = new Redis(TEST_REDIS_URL, {
        lazyConnect: true,
        retryStrategy: () => null,
        connectTimeout: 5000,
      });
      redis.on('error', () => undefined);
      try {
        await redis.connect();
        await redis.ping();
      } catch (error) {
        throw new Error(
          `Redis is not reachable at ${TEST_REDIS_URL} (${(error as Error).message}). The shared rate-limit ` +
            'tests need it: start it (bash scripts/test.sh does), or point KITTY_TEST_REDIS_URL at one.',
        );
      }
    });

    afterAll(async () => {
      if (redis?.status === 'ready') {
        const keys = await redis.keys(`${prefix}*`);
        if (keys.length > 0) await redis.del(...keys);
        await redis.quit();
      }
      writeAbuseFigures(ctx.engine);
    });

    it('two servers (each its own Redis connection) share the per-e-mail count of wrong passwords', async () => {
      const [first, second] = await twoServers({ RATE_LIMIT_LOGIN_EMAIL: '3/15m' });
      expect(first.ctx.limits.requests.store.kind).toBe('redis');
      const me = await registerUser(first);
      expect((await login(first, me.email, 'wrong-1', '10.1.0.1')).statusCode).toBe(401);
      expect((await login(second, me.email, 'wrong-2', '10.1.0.2')).statusCode).toBe(401);
      expect((await login(first, me.email, 'wrong-3', '10.1.0.3')).statusCode).toBe(401);
      const key = `${prefix}login-email-failures:${me.email.toLowerCase()}`;
      expect(await redis.get(key)).toBe('3');
      const ttl = await redis.pttl(key);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(15 * 60_000);
      // The other server slows the owner down (the count is shared) but lets them in.
      const startedAt = Date.now();
      expect((await login(second, me.email, me.password, '10.1.0.4')).statusCode).toBe(200);
      expect(Date.now() - startedAt).toBeGreaterThanOrEqual(900);
      countFigure('limits hit');
      countFigure('servers sharing counters in Redis', 2);
    });

    it('two servers share the per-e-mail registration counter: the limit holds across both, other e-mails go on', async () => {
      const [first, second] = await twoServers({ RATE_LIMIT_REGISTER_EMAIL: '3/1h' });
      const email = uniqueEmail('shared');
      expect((await register(first, '10.1.2.1', { email, passphrase: 'guess' })).statusCode).toBe(403);
      expect((await register(second, '10.1.2.2', { email })).statusCode).toBe(201);
      expect((await register(first, '10.1.2.3', { email })).statusCode).toBe(409);
      expectTooMany(await register(second, '10.1.2.4', { email }), 'registerUser', 3600);
      expectTooMany(await register(first, '10.1.2.5', { email: email.toUpperCase() }), 'registerUser', 3600);
      const key = `${prefix}register-email:${email}`;
      expect(await redis.get(key)).toBe('5');
      const ttl = await redis.pttl(key);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(3600_000);
      expect((await register(second, '10.1.2.5')).statusCode).toBe(201);
      countFigure('limits hit');
    });

    it('wrong passwords counted on one process block on the other; a correct one clears them everywhere', async () => {
      const [first, second] = await twoServers({ RATE_LIMIT_LOGIN_FAILURES: '2/15m' });
      const me = await registerUser(first);
      expect((await login(first, me.email, 'wrong-1', '10.1.1.1')).statusCode).toBe(401);
      expect((await login(second, me.email, me.password, '10.1.1.1')).statusCode).toBe(200);
      expect((await login(second, me.email, 'wrong-2', '10.1.1.1')).statusCode).toBe(401);
      expect((await login(first, me.email, 'wrong-3', '10.1.1.1')).statusCode).toBe(401);
      expectTooMany(await login(second, me.email, me.password, '10.1.1.1'), 'loginUser', 15 * 60);
      countFigure('limits hit');
    });

    it('counting is atomic: 200 hits at once from two stores number 1 to 200, each once', async () => {
      const stores = [0, 1].map(() => new RedisRateStore({ url: TEST_REDIS_URL, prefix, log: SILENT }));
      try {
        for (const store of stores) await store.connect();
        const hits = await Promise.all(
          Array.from({ length: 200 }, (_, i) => stores[i % 2]!.hit('atomic', 60_000)),
        );
        expect(hits.map((hit) => hit.count).sort((a, b) => a - b)).toEqual(
          Array.from({ length: 200 }, (_, i) => i + 1),
        );
        expect(Math.max(...hits.map((hit) => hit.resetInMs))).toBeLessThanOrEqual(60_000);
        expect(await stores[0]!.peek('atomic')).toMatchObject({ count: 200 });
        countFigure('concurrent Redis hits counted exactly once', 200);
      } finally {
        for (const store of stores) await store.close();
      }
    });

    it('a window opens with its first hit and closes by itself', async () => {
      const store = new RedisRateStore({ url: TEST_REDIS_URL, prefix, log: SILENT });
      try {
        await store.connect();
        expect((await store.hit('short', 1000)).count).toBe(1);
        const second = await store.hit('short', 1000);
        expect(second.count).toBe(2);
        expect(second.resetInMs).toBeLessThanOrEqual(1000);
        await new Promise((resolve) => setTimeout(resolve, second.resetInMs + 100));
        expect(await store.peek('short')).toEqual({ count: 0, resetInMs: 0 });
        expect((await store.hit('short', 1000)).count).toBe(1);
      } finally {
        await store.close();
      }
    });

    it('with Redis unreachable the server still starts, answers at once and limits in its own memory', async () => {
      const logs = captureLogs();
      const startedAt = Date.now();
      const app = await ctx.buildApp(
        {
          ...GENEROUS,
          REDIS_URL: 'redis://127.0.0.1:1',
          RATE_LIMIT_LOGIN_ADDRESS: '2/15m',
          LOG_LEVEL: 'warn',
        },
        { logStream: logs.stream, redisPrefix: prefix },
      );
      expect(Date.now() - startedAt).toBeLessThan(10_000);
      const me = await registerUser(app);
      const before = Date.now();
      expect((await login(app, me.email, me.password)).statusCode).toBe(200);
      expect((await login(app, me.email, me.password)).statusCode).toBe(200);
      expectTooMany(await login(app, me.email, me.password), 'loginUser', 15 * 60);
      expect(Date.now() - before).toBeLessThan(5_000);
      expect(logs.text()).toMatch(/Redis[^"]*: rate limits use this process's own counters meanwhile/);
      countFigure('limits hit');
      countFigure('Redis outages survived (in-memory counters stood in)');
    });
  });
}
