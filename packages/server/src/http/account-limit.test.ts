import { describe, expect, it } from 'vitest';
import { AccountLimiter, BUSY_MESSAGE } from './account-limit';
import type { HttpError } from './errors';

const refusal = (error: unknown) => {
  const e = error as HttpError;
  return { status: e.status, code: e.code, message: e.message, retryAfter: e.headers['retry-after'] };
};
const BUSY = { status: 429, code: 'RATE_LIMITED', message: BUSY_MESSAGE, retryAfter: '1' };

describe('per-account concurrency limit', () => {
  it('answers `concurrent` at once, queues `queue`, refuses the rest at once; other accounts are untouched', async () => {
    const limiter = new AccountLimiter({ concurrent: 2, queue: 1 }, 10_000);
    const first = await limiter.acquire('a');
    await limiter.acquire('a');
    let queuedGot = false;
    const queued = limiter.acquire('a').then((release) => {
      queuedGot = true;
      return release;
    });
    expect(refusal(await limiter.acquire('a').catch((e) => e))).toEqual(BUSY);
    expect(limiter.refused).toBe(1);
    await limiter.acquire('b');
    await Promise.resolve();
    expect(queuedGot).toBe(false);
    first();
    first(); // giving a place back twice gives it once
    const release = await queued;
    expect(queuedGot).toBe(true);
    // The place went to the one in line: still two running, so the next waits for the next place.
    let nextGot = false;
    const next = limiter.acquire('a').then(() => {
      nextGot = true;
    });
    await Promise.resolve();
    expect(nextGot).toBe(false);
    release();
    await next;
    expect(limiter.refused).toBe(1);
  });

  it('a request waits in the queue at most the wait limit, then is refused', async () => {
    const limiter = new AccountLimiter({ concurrent: 1, queue: 5 }, 50);
    await limiter.acquire('a');
    const startedAt = Date.now();
    const error = await limiter.acquire('a').catch((e) => e);
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(45);
    expect(refusal(error)).toEqual(BUSY);
    expect(limiter.refused).toBe(1);
  });

  it('off: every request is answered at once', async () => {
    const limiter = new AccountLimiter(null);
    const request = {} as never;
    for (let i = 0; i < 100; i++) await limiter.enter(request, 'a');
    limiter.leave(request);
    expect(limiter.refused).toBe(0);
  });
});
