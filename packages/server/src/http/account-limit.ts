import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from './errors';

/** Requests of one account answered at once by one process, and how many more may wait for a place. */
export interface AccountLimitConfig {
  concurrent: number;
  queue: number;
}

/** How long a request waits in its account's queue before it is refused. */
export const QUEUE_WAIT_MS = 2_000;
export const BUSY_MESSAGE = 'Too many requests at once. Please try again in a moment.';

/** 429 RATE_LIMITED, Retry-After 1: the account's places and queue are full, or its wait ran out. */
export const tooBusy = () =>
  new HttpError(429, 'RATE_LIMITED', BUSY_MESSAGE, undefined, { 'retry-after': '1' });

interface Account {
  running: number;
  waiting: { admit: () => void }[];
}

/**
 * The per-account concurrency limit of one process (docs/scaling.md): an account has `concurrent`
 * requests answered at once; the next `queue` wait (at most QUEUE_WAIT_MS) for one of them to finish;
 * any more is refused at once. So one account's flood, however large, holds at most `concurrent` of the
 * process's database connections and leaves the rest to everyone else. No shared lock: each process counts
 * its own.
 */
export class AccountLimiter {
  /** Requests refused since start: the abuse figures read it. */
  refused = 0;
  readonly #accounts = new Map<string, Account>();
  readonly #held = new WeakMap<FastifyRequest, () => void>();

  constructor(
    readonly config: AccountLimitConfig | null,
    readonly waitMs = QUEUE_WAIT_MS,
  ) {}

  /** Takes a place of the account for the request (once): at once, after a wait, or throws 429. */
  async enter(request: FastifyRequest, accountId: string): Promise<void> {
    if (this.config === null || this.#held.has(request)) return;
    this.#held.set(request, await this.acquire(accountId));
  }

  /** Gives the request's place back (once; a request without one gives nothing). */
  leave(request: FastifyRequest): void {
    const release = this.#held.get(request);
    if (!release) return;
    this.#held.delete(request);
    release();
  }

  /** A place of the account; resolves to the function that gives it back. */
  acquire(accountId: string): Promise<() => void> {
    const { concurrent, queue } = this.config ?? { concurrent: Number.POSITIVE_INFINITY, queue: 0 };
    let account = this.#accounts.get(accountId);
    if (!account) {
      account = { running: 0, waiting: [] };
      this.#accounts.set(accountId, account);
    }
    const entry = account;
    let given = false;
    const release = () => {
      if (given) return;
      given = true;
      // The place goes straight to the next in line: `running` stays as it is.
      const next = entry.waiting.shift();
      if (next) next.admit();
      else if (--entry.running === 0) this.#accounts.delete(accountId);
    };
    if (entry.running < concurrent) {
      entry.running++;
      return Promise.resolve(release);
    }
    if (entry.waiting.length >= queue) {
      this.refused++;
      return Promise.reject(tooBusy());
    }
    return new Promise((resolve, reject) => {
      const waiter = {
        admit: () => {
          clearTimeout(timer);
          resolve(release);
        },
      };
      const timer = setTimeout(() => {
        entry.waiting.splice(entry.waiting.indexOf(waiter), 1);
        this.refused++;
        reject(tooBusy());
      }, this.waitMs);
      entry.waiting.push(waiter);
    });
  }
}

/**
 * Gives a request's place back once its answer is ready (onSend: the work that needed the database is
 * done), or at the latest when the answer has gone out. A request that takes over its answer (a live
 * stream) gives it back itself once it is set up.
 */
export function registerAccountLimit(app: FastifyInstance, limiter: AccountLimiter): void {
  if (limiter.config === null) return;
  app.addHook('onSend', (request, _reply, payload, done) => {
    limiter.leave(request);
    done(null, payload);
  });
  app.addHook('onResponse', (request, _reply, done) => {
    limiter.leave(request);
    done();
  });
}
