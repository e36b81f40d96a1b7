import { Effect, Exit, Fiber, Layer } from 'effect';
import { describe, expect, it } from 'vitest';
import { createApiClient, TOKEN_KEY } from './client';
import {
  CallPolicy,
  type CallPolicy as Policy,
  KittyClient,
  request,
  retrySchedule,
  timeoutMessage,
} from './effect';
import { HttpError, NetworkError } from './errors';

const BASE = 'http://kitty.test/api';

const profile = {
  data: {
    id: 'u1',
    email: 'ada@example.com',
    first_name: 'Ada',
    last_name: 'Lovelace',
    display_name: 'Ada',
    name: 'Ada',
    registered: true,
  },
};

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** A request that is never answered: it ends only when aborted, with the abort's reason. */
function unanswered(request: Request): Promise<Response> {
  return new Promise((_resolve, reject) => {
    request.signal.addEventListener('abort', () => reject(request.signal.reason), { once: true });
  });
}

/** A KittyClient layer whose fetch gives the n-th request (from 0) `answer(n, request)`; `requests` records them. */
function fake(answer: (n: number, request: Request) => Promise<Response> | Response) {
  const requests: Request[] = [];
  const layer = KittyClient.layer({
    baseUrl: BASE,
    storage: { getItem: (key) => (key === TOKEN_KEY ? 'tok' : null), removeItem: () => {} },
    onUnauthorized: () => {},
    log: () => {},
    fetch: async (r) => {
      requests.push(r);
      return answer(requests.length - 1, r);
    },
  });
  return { requests, layer };
}

const getProfile = request((api, signal) => api.GET('/users/profile', { signal }), 'Failed to fetch profile');

function run<A, E>(
  effect: Effect.Effect<A, E, KittyClient>,
  layer: Layer.Layer<KittyClient>,
  policy: Partial<Policy> = {},
) {
  const full: Policy = { timeout: '2 seconds', retries: 3, retryDelay: '1 millis', ...policy };
  return Effect.runPromiseExit(effect.pipe(Effect.provide(layer), Effect.provideService(CallPolicy, full)));
}

function failureOf<A, E>(exit: Exit.Exit<A, E>): E {
  if (!Exit.isFailure(exit)) throw new Error('expected a failure');
  const error = exit.cause.reasons.find((r) => r._tag === 'Fail');
  if (error?._tag !== 'Fail') throw new Error(`expected a typed failure: ${String(exit.cause)}`);
  return error.error;
}

describe('request: the client as Effects', () => {
  it('succeeds with the body, sending the stored token', async () => {
    const { requests, layer } = fake(() => json(200, profile));
    const exit = await run(getProfile, layer);
    expect(Exit.isSuccess(exit) && exit.value.data.email).toBe('ada@example.com');
    expect(requests[0]?.headers.get('Authorization')).toBe('Bearer tok');
  });

  it('retries a network failure with the schedule and succeeds when the server answers', async () => {
    const { requests, layer } = fake((n) =>
      n < 2 ? Promise.reject(new TypeError('fetch failed')) : json(200, profile),
    );
    const exit = await run(getProfile, layer, { retries: 3 });
    expect(Exit.isSuccess(exit)).toBe(true);
    expect(requests).toHaveLength(3);
  });

  it('gives up after `retries` more attempts with the NetworkError', async () => {
    const { requests, layer } = fake(() => Promise.reject(new TypeError('fetch failed')));
    const error = failureOf(await run(getProfile, layer, { retries: 2 }));
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toMatchObject({ _tag: 'NetworkError', status: 0, message: 'No response from server' });
    expect(requests).toHaveLength(3);
  });

  it('never retries an answer, even a 500: the server has spoken', async () => {
    const { requests, layer } = fake(() => json(500, { code: 'INTERNAL_ERROR', message: 'Boom' }));
    const error = failureOf(await run(getProfile, layer));
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 500, code: 'INTERNAL_ERROR', message: 'Boom' });
    expect(requests).toHaveLength(1);
  });

  it('does not retry when asked not to (a creation without an Idempotency-Key)', async () => {
    const { requests, layer } = fake(() => Promise.reject(new TypeError('fetch failed')));
    const once = request((api, signal) => api.GET('/users/profile', { signal }), 'x', { retry: false });
    expect(failureOf(await run(once, layer))).toBeInstanceOf(NetworkError);
    expect(requests).toHaveLength(1);
  });

  it('waits between attempts as the exponential schedule says', async () => {
    const times: number[] = [];
    const { layer } = fake(() => {
      times.push(Date.now());
      return Promise.reject(new TypeError('fetch failed'));
    });
    await run(getProfile, layer, { retries: 2, retryDelay: '40 millis' });
    expect(times).toHaveLength(3);
    // 40 ms then 80 ms, each jittered by at most 20 %.
    expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(30);
    expect(times[2]! - times[1]!).toBeGreaterThanOrEqual(60);
  });

  it('times an attempt out: its request is aborted and it fails with a NetworkError saying so', async () => {
    const { requests, layer } = fake((_n, r) => unanswered(r));
    const started = Date.now();
    const error = failureOf(await run(getProfile, layer, { timeout: '50 millis', retries: 0 }));
    expect(Date.now() - started).toBeLessThan(1000);
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.message).toBe(timeoutMessage('50 millis'));
    expect(error.message).toBe('No response from server within 50ms');
    expect(requests).toHaveLength(1);
    expect(requests[0]?.signal.aborted).toBe(true);
  });

  it('retries a timed-out attempt, and a later attempt that answers wins', async () => {
    const { requests, layer } = fake((n, r) => (n === 0 ? unanswered(r) : json(200, profile)));
    const exit = await run(getProfile, layer, { timeout: '50 millis', retries: 2 });
    expect(Exit.isSuccess(exit)).toBe(true);
    expect(requests).toHaveLength(2);
    expect(requests[0]?.signal.aborted).toBe(true);
  });

  it('interruption aborts the request in flight and tries nothing more', async () => {
    let started!: () => void;
    const inFlight = new Promise<void>((resolve) => {
      started = resolve;
    });
    const { requests, layer } = fake((_n, r) => {
      started();
      return unanswered(r);
    });
    const policy: Policy = { timeout: '30 seconds', retries: 3, retryDelay: '1 millis' };
    const fiber = Effect.runFork(
      getProfile.pipe(Effect.provide(layer), Effect.provideService(CallPolicy, policy)),
    );
    await inFlight;
    const exit = await Effect.runPromise(Fiber.interrupt(fiber).pipe(Effect.andThen(Fiber.await(fiber))));
    expect(Exit.isFailure(exit) && exit.cause.reasons.every((r) => r._tag === 'Interrupt')).toBe(true);
    expect(requests).toHaveLength(1);
    expect(requests[0]?.signal.aborted).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(requests).toHaveLength(1);
  });

  it('keeps the tagged errors for catchTag', async () => {
    const { layer } = fake(() => json(404, { code: 'NOT_FOUND', message: 'Group not found' }));
    const exit = await run(
      getProfile.pipe(
        Effect.map(() => 'found'),
        Effect.catchTag('HttpError', (e) => Effect.succeed(`${e.status} ${e.code}`)),
      ),
      layer,
    );
    expect(Exit.isSuccess(exit) && exit.value).toBe('404 NOT_FOUND');
  });

  it('a KittyClient provided as a plain service is the one used', async () => {
    const seen: string[] = [];
    const client = createApiClient({
      baseUrl: BASE,
      storage: { getItem: () => null, removeItem: () => {} },
      fetch: async (r) => {
        seen.push(r.url);
        return json(200, profile);
      },
    });
    const got = await Effect.runPromise(
      Effect.gen(function* () {
        const api = yield* KittyClient;
        yield* getProfile;
        return api;
      }).pipe(Effect.provide(Layer.succeed(KittyClient, client))),
    );
    expect(got).toBe(client);
    expect(seen).toEqual([`${BASE}/users/profile`]);
  });

  it('retrySchedule allows exactly `retries` recurrences', async () => {
    let attempts = 0;
    const failing = Effect.suspend(() => {
      attempts += 1;
      return Effect.fail('no');
    });
    await Effect.runPromiseExit(failing.pipe(Effect.retry(retrySchedule({ retries: 4, retryDelay: 0 }))));
    expect(attempts).toBe(5);
  });
});
