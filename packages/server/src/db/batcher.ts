export interface BatcherOptions {
  /**
   * How long a running load holds the next one back. Past it, keys asked meanwhile go in a load of their
   * own: a load stuck on a hanging database does not add its wait to theirs.
   */
  patienceMs?: number;
  /** Most keys one load is given (the rest go to the next). */
  maxBatch?: number;
}

/**
 * Turns one-key loads into one load per batch: every key asked for during a turn of the event loop (all
 * the requests Node read from its sockets in that turn) goes to one `load` call, sent once the turn is
 * over. While a load runs, new keys wait and go together into the next one, sent when it finishes (or
 * after `patienceMs`): one round trip at a time costs the server far less CPU than one per request.
 *
 * Each key's load starts after the key was asked for, never before: a database read made for it sees
 * every transaction committed before the request that asked, exactly as a query of its own would.
 *
 * `load` answers one value per key, in the order of the keys. If it throws, every key of that batch
 * gets the error.
 */
export function batcher<K, V>(
  load: (keys: readonly K[]) => Promise<readonly V[]>,
  options: BatcherOptions = {},
): (key: K) => Promise<V> {
  const patienceMs = options.patienceMs ?? 25;
  const maxBatch = options.maxBatch ?? 500;
  let waiting: { key: K; resolve: (value: V) => void; reject: (error: unknown) => void }[] = [];
  let immediate = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let inFlight = 0;
  let lastStart = 0;

  const schedule = () => {
    if (waiting.length === 0 || immediate) return;
    const held = inFlight === 0 ? 0 : lastStart + patienceMs - performance.now();
    if (held > 0) {
      // Sent when the running load finishes (it calls schedule again) or once its patience is spent.
      timer ??= setTimeout(() => {
        timer = null;
        flush();
      }, held);
      return;
    }
    if (timer) clearTimeout(timer);
    timer = null;
    immediate = true;
    // setImmediate runs after the poll phase, once every socket read in this turn has been handled.
    setImmediate(() => {
      immediate = false;
      flush();
    });
  };

  const flush = () => {
    const batch = waiting.slice(0, maxBatch);
    waiting = waiting.slice(batch.length);
    if (batch.length === 0) return;
    inFlight++;
    lastStart = performance.now();
    let loading: Promise<readonly V[]>;
    try {
      loading = load(batch.map((item) => item.key));
    } catch (error) {
      loading = Promise.reject(error);
    }
    loading
      .then(
        (values) => {
          if (values.length !== batch.length) {
            throw new Error(`A batch load answered ${values.length} values for ${batch.length} keys`);
          }
          for (const [i, item] of batch.entries()) item.resolve(values[i] as V);
        },
        (error: unknown) => {
          for (const item of batch) item.reject(error);
        },
      )
      .catch((error: unknown) => {
        for (const item of batch) item.reject(error);
      })
      .finally(() => {
        inFlight--;
        schedule();
      });
    schedule();
  };

  return (key) =>
    new Promise<V>((resolve, reject) => {
      waiting.push({ key, resolve, reject });
      schedule();
    });
}
