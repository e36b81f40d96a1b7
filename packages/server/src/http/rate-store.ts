/** Where a key's window stands: requests counted in it and milliseconds until it closes. */
export interface RateCount {
  count: number;
  resetInMs: number;
}

/**
 * Counters in fixed windows: a key's window opens at its first hit and lasts `windowMs`; hits after it
 * closes open a new one. Implementations: in memory (one process) and Redis (shared by several).
 */
export interface RateStore {
  readonly kind: 'memory' | 'redis';
  /** Counts one request for the key and answers the count in its window, this one included. */
  hit(key: string, windowMs: number): Promise<RateCount>;
  /** The key's count without adding to it (0 when no window is open). */
  peek(key: string): Promise<RateCount>;
  /** Forgets the key (a correct password clears its failures). */
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

const PRUNE_ABOVE = 50_000;
const HARD_CAP = 200_000;

/**
 * One process's counters. Closed windows are dropped when the map grows large; past a hard cap (a flood
 * of distinct keys) the oldest windows are dropped too, so memory stays bounded.
 */
export class MemoryRateStore implements RateStore {
  readonly kind = 'memory';
  readonly #windows = new Map<string, { count: number; closesAt: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  async hit(key: string, windowMs: number): Promise<RateCount> {
    const now = this.now();
    let window = this.#windows.get(key);
    if (!window || window.closesAt <= now) {
      if (this.#windows.size >= PRUNE_ABOVE) this.#prune(now);
      window = { count: 0, closesAt: now + windowMs };
      this.#windows.set(key, window);
    }
    window.count += 1;
    return { count: window.count, resetInMs: window.closesAt - now };
  }

  async peek(key: string): Promise<RateCount> {
    const now = this.now();
    const window = this.#windows.get(key);
    if (!window || window.closesAt <= now) return { count: 0, resetInMs: 0 };
    return { count: window.count, resetInMs: window.closesAt - now };
  }

  async reset(key: string): Promise<void> {
    this.#windows.delete(key);
  }

  async close(): Promise<void> {
    this.#windows.clear();
  }

  #prune(now: number): void {
    for (const [key, window] of this.#windows) {
      if (window.closesAt <= now) this.#windows.delete(key);
    }
    for (const key of this.#windows.keys()) {
      if (this.#windows.size < HARD_CAP) break;
      this.#windows.delete(key);
    }
  }
}
