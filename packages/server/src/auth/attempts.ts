import { tooManyRequests } from '../http/errors';
import { MemoryRateStore, type RateStore } from '../http/rate-store';

export interface AttemptLimit {
  /** Failures allowed within the window. */
  max: number;
  windowMs: number;
}

/**
 * Counts failed attempts (wrong password, wrong passphrase) per key in a window that opens at the first
 * failure. Once a key has `max` failures, further attempts get a 429 with Retry-After until the window
 * closes; a success clears the key. The counters live in the app's rate store (shared through Redis when
 * configured), under `name`; null means no limit.
 */
export class AttemptLimiter {
  constructor(
    readonly limit: AttemptLimit | null,
    private readonly store: RateStore = new MemoryRateStore(),
    private readonly name = 'attempts',
  ) {}

  /** Throws a 429 when the key has no attempts left. */
  async check(key: string): Promise<void> {
    if (!this.limit) return;
    const { count, resetInMs } = await this.store.peek(this.#key(key));
    if (count >= this.limit.max) throw tooManyRequests(resetInMs / 1000);
  }

  /** Whether the key has used up its failures (for a limit that slows down instead of refusing). */
  async exceeded(key: string): Promise<boolean> {
    if (!this.limit) return false;
    const { count } = await this.store.peek(this.#key(key));
    return count >= this.limit.max;
  }

  /** Counts a failure; answers the key's failures in the window, this one included (0 without a limit). */
  async fail(key: string): Promise<number> {
    if (!this.limit) return 0;
    return (await this.store.hit(this.#key(key), this.limit.windowMs)).count;
  }

  async reset(key: string): Promise<void> {
    if (!this.limit) return;
    await this.store.reset(this.#key(key));
  }

  #key(key: string): string {
    return `${this.name}:${key}`;
  }
}
