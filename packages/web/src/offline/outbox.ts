// Writes made without a connection (expenses, settlements, comments), kept on the device with the
// Idempotency-Key they were made with and sent in the order they were made once the server answers again.
// A replay can never write twice: the server answers a repeated key with the first result. A refusal (400,
// 403, 404, 409, 422) is kept, with the server's reason, until the person retries or discards it.

export type WriteKind = 'expense' | 'settlement' | 'comment';

/** What a screen hands over when its write found no connection. */
export interface WriteInput {
  kind: WriteKind;
  /** The API path under /api, e.g. /expenses or /expenses/{id}/comments with the id filled in. */
  path: string;
  body: unknown;
  idempotencyKey: string;
  /** Where it belongs: the group screen lists its own. */
  groupId: string | null;
  /** A comment's expense. */
  expenseId: string | null;
}

export interface Failure {
  status: number;
  code: string | null;
  message: string | null;
}

export interface QueuedWrite extends WriteInput {
  /** The order it was made in (unique per device). */
  seq: number;
  /** The signed-in person who made it: only they send it. */
  person: string;
  madeAt: number;
  state: 'waiting' | 'failed';
  failure: Failure | null;
}

export interface OutboxStore {
  all(): Promise<QueuedWrite[]>;
  put(write: QueuedWrite): Promise<void>;
  remove(seq: number): Promise<void>;
}

/** POSTs one write; status 0 when no answer came. */
export type Sender = (write: QueuedWrite) => Promise<{ status: number; data: unknown }>;

export interface OutboxOptions {
  store: OutboxStore;
  send: Sender;
  /** After a write reached the server: what shows it loads again. */
  onSent?: (write: QueuedWrite) => void;
  now?: () => number;
  schedule?: (run: () => void, ms: number) => () => void;
}

/** Waits before the next attempt after no answer: 1 s, 2 s, 4 s ... at most a minute. */
export const backoffMs = (attempt: number): number => Math.min(60_000, 1000 * 2 ** Math.max(0, attempt));

/** No answer, the server busy or failing: try again later. Any other refusal is the person's to decide. */
const tryLater = (status: number) => status === 0 || status === 408 || status === 429 || status >= 500;

function failureOf(status: number, data: unknown): Failure {
  const body = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
  return {
    status,
    code: typeof body.code === 'string' ? body.code : null,
    message: typeof body.message === 'string' ? body.message : null,
  };
}

export function createOutbox(options: OutboxOptions) {
  const { store, send, onSent = () => {} } = options;
  const now = options.now ?? Date.now;
  const schedule =
    options.schedule ??
    ((run, ms) => {
      const timer = setTimeout(run, ms);
      return () => clearTimeout(timer);
    });
  let items: QueuedWrite[] = [];
  let loaded: Promise<void> | null = null;
  let person: string | null = null;
  let running: Promise<void> | null = null;
  let again = false;
  let attempt = 0;
  let cancelRetry: (() => void) | null = null;
  const listeners = new Set<() => void>();
  /** The signed-in person's writes: the same array until something changes (a React external store). */
  let visible: QueuedWrite[] = [];

  const changed = () => {
    items = [...items].sort((a, b) => a.seq - b.seq);
    visible = items.filter((w) => w.person === person);
    for (const listener of listeners) listener();
  };
  const load = () => {
    loaded ??= store.all().then((stored) => {
      const known = new Set(items.map((w) => w.seq));
      items = [...items, ...stored.filter((w) => !known.has(w.seq))];
      changed();
    });
    return loaded;
  };
  const update = async (write: QueuedWrite) => {
    items = items.map((w) => (w.seq === write.seq ? write : w));
    changed();
    await store.put(write);
  };

  async function run(): Promise<void> {
    await load();
    cancelRetry?.();
    cancelRetry = null;
    for (const write of [...visible]) {
      if (write.state !== 'waiting') continue;
      const answer = await send(write);
      if (answer.status >= 200 && answer.status < 300) {
        items = items.filter((w) => w.seq !== write.seq);
        changed();
        await store.remove(write.seq);
        attempt = 0;
        onSent(write);
      } else if (answer.status === 401) {
        // The session ended: the writes wait for the person to sign in again.
        return;
      } else if (tryLater(answer.status)) {
        // In order: nothing made later goes before this one.
        cancelRetry = schedule(() => void outbox.sync(), backoffMs(attempt++));
        return;
      } else {
        await update({ ...write, state: 'failed', failure: failureOf(answer.status, answer.data) });
      }
    }
  }

  const outbox = {
    /** Whose writes are shown and sent (the signed-in person's id), null when signed out. */
    setPerson(id: string | null): void {
      person = id;
      changed();
    },
    /** The signed-in person's queued writes, oldest first. */
    list(): readonly QueuedWrite[] {
      return visible;
    },
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      void load();
      return () => listeners.delete(listener);
    },
    async enqueue(input: WriteInput): Promise<QueuedWrite> {
      if (!person) throw new Error('outbox: nobody is signed in'); // i18n-ignore: a programming error
      await load();
      const last = items.reduce((max, w) => Math.max(max, w.seq), 0);
      const write: QueuedWrite = {
        ...input,
        seq: Math.max(now(), last + 1),
        person,
        madeAt: now(),
        state: 'waiting',
        failure: null,
      };
      items = [...items, write];
      changed();
      await store.put(write);
      return write;
    },
    /**
     * Sends what waits, in order; one run at a time (a call during a run runs once more after it). Resolves
     * when nothing more can be sent now.
     */
    sync(): Promise<void> {
      if (running) {
        again = true;
        return running;
      }
      running = (async () => {
        try {
          do {
            again = false;
            await run();
          } while (again);
        } finally {
          running = null;
        }
      })();
      return running;
    },
    /** A refused write sent again as it was (same body, same key). */
    async retry(seq: number): Promise<void> {
      const write = items.find((w) => w.seq === seq);
      if (!write) return;
      attempt = 0;
      await update({ ...write, state: 'waiting', failure: null });
      await outbox.sync();
    },
    /** The person gave the write up. */
    async discard(seq: number): Promise<void> {
      items = items.filter((w) => w.seq !== seq);
      changed();
      await store.remove(seq);
    },
  };
  return outbox;
}

export type Outbox = ReturnType<typeof createOutbox>;

/** A store in memory (tests; a browser without IndexedDB keeps the writes for the page's life). */
export function memoryOutboxStore(): OutboxStore {
  const rows = new Map<number, QueuedWrite>();
  return {
    all: async () => [...rows.values()],
    put: async (write) => void rows.set(write.seq, write),
    remove: async (seq) => void rows.delete(seq),
  };
}
