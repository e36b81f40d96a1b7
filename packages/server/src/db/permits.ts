/**
 * At most `size` tasks at once; the others wait their turn, first come first served, holding nothing (no
 * database connection) while they wait. Bulk work (a receipt's file, an import, a recurring backfill) runs
 * through one of these so that together it never takes more than a few of the pool's connections
 * (docs/scaling.md).
 */
export class Permits {
  #running = 0;
  readonly #waiting: (() => void)[] = [];

  constructor(readonly size: number) {
    if (!Number.isInteger(size) || size < 1) throw new Error('Permits need a size of at least 1');
  }

  /** Tasks running now. */
  get running(): number {
    return this.#running;
  }

  /** Tasks waiting for a permit. */
  get waiting(): number {
    return this.#waiting.length;
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.#running >= this.size) await new Promise<void>((resolve) => this.#waiting.push(resolve));
    else this.#running++;
    try {
      return await task();
    } finally {
      // The permit goes straight to the next in line: #running stays as it is.
      const next = this.#waiting.shift();
      if (next) next();
      else this.#running--;
    }
  }
}
