import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { MemoryRateStore, type RateCount, type RateStore } from './rate-store';

// INCR and the expiry in one atomic step: the window opens (PEXPIRE) with its first hit, and a key left
// without an expiry (never by this script) is given one rather than counting forever.
const HIT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}`;

const PEEK = `
local count = redis.call('GET', KEYS[1])
if not count then return {0, 0} end
return {tonumber(count), redis.call('PTTL', KEYS[1])}`;

interface Scripts {
  rateHit(key: string, windowMs: number): Promise<[number, number]>;
  ratePeek(key: string): Promise<[number, number]>;
}

export interface RedisRateStoreOptions {
  url: string;
  /** Put before every key, so several apps (or test runs) can share one Redis. */
  prefix: string;
  log: Pick<FastifyBaseLogger, 'warn'>;
  /** How long one command may take before the in-memory counters stand in. */
  timeoutMs?: number;
}

const WARN_EVERY_MS = 30_000;

/**
 * Counters in Redis, shared by every server process that uses the same Redis and prefix. When Redis
 * cannot answer, this process's own in-memory counters stand in (limits still hold per process) and a
 * warning is logged, instead of failing or stalling every request.
 */
export class RedisRateStore implements RateStore {
  readonly kind = 'redis';
  readonly #redis: Redis & Scripts;
  readonly #fallback = new MemoryRateStore();
  readonly #log: Pick<FastifyBaseLogger, 'warn'>;
  #lastWarning = 0;

  constructor(options: RedisRateStoreOptions) {
    this.#log = options.log;
    const redis = new Redis(options.url, {
      keyPrefix: options.prefix,
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      commandTimeout: options.timeoutMs ?? 1000,
      connectTimeout: 2000,
    });
    redis.defineCommand('rateHit', { numberOfKeys: 1, lua: HIT });
    redis.defineCommand('ratePeek', { numberOfKeys: 1, lua: PEEK });
    redis.on('error', (error) => this.#warn(error, 'Redis connection failed'));
    this.#redis = redis as Redis & Scripts;
  }

  /** Connects; resolves either way (a Redis down at start leaves the in-memory counters in charge). */
  async connect(): Promise<void> {
    try {
      await this.#redis.connect();
    } catch (error) {
      this.#warn(error, 'Redis is unreachable at start');
    }
  }

  /** Answers when Redis itself answered (tests, health). */
  async ping(): Promise<boolean> {
    return this.#redis.ping().then(
      (answer) => answer === 'PONG',
      () => false,
    );
  }

  async hit(key: string, windowMs: number): Promise<RateCount> {
    try {
      const [count, resetInMs] = await this.#redis.rateHit(key, windowMs);
      return { count, resetInMs };
    } catch (error) {
      this.#warn(error, 'Redis could not count a request');
      return this.#fallback.hit(key, windowMs);
    }
  }

  async peek(key: string): Promise<RateCount> {
    try {
      const [count, resetInMs] = await this.#redis.ratePeek(key);
      return { count, resetInMs: Math.max(0, resetInMs) };
    } catch (error) {
      this.#warn(error, 'Redis could not read a counter');
      return this.#fallback.peek(key);
    }
  }

  async reset(key: string): Promise<void> {
    await this.#fallback.reset(key);
    try {
      await this.#redis.del(key);
    } catch (error) {
      this.#warn(error, 'Redis could not clear a counter');
    }
  }

  async close(): Promise<void> {
    await this.#fallback.close();
    if (this.#redis.status === 'ready') {
      await this.#redis.quit().catch(() => this.#redis.disconnect());
    } else {
      this.#redis.disconnect();
    }
  }

  #warn(error: unknown, message: string): void {
    const now = Date.now();
    if (now - this.#lastWarning < WARN_EVERY_MS) return;
    this.#lastWarning = now;
    this.#log.warn({ err: error }, `${message}: rate limits use this process's own counters meanwhile`);
  }
}
