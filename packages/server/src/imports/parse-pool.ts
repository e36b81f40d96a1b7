import { Worker } from 'node:worker_threads';
import type { ImportedExpense, ImportFormat, ImportParseResult } from '@kitty/domain';

/** One file to read: what parseImport is given. */
export interface ParseJob {
  format: ImportFormat | 'auto';
  content: string;
  currency: string;
}

/**
 * What became of a job: read (parseImport's own answer, a refusal of the file included), or not read
 * because every reader was busy and the queue full (`busy`), the pool was closed (`closed`), the reader
 * ran out of memory or died (`crashed`) or took longer than the time limit (`too-slow`).
 */
export type ParseOutcome =
  | { kind: 'read'; result: ImportParseResult }
  | { kind: 'busy' | 'closed' | 'too-slow' }
  | { kind: 'crashed'; outOfMemory: boolean; error: unknown };

export interface ParsePoolOptions {
  /** Reader threads (each started at its first job, kept until the pool closes). */
  workers: number;
  /** Jobs that may wait for a reader; one more is answered `busy` at once. */
  queue: number;
  /** The old-generation heap of each reader: a file that needs more ends its reader, not the server. */
  memoryMb: number;
  /** How long one file may take: past it its reader is ended. */
  timeLimitMs: number;
}

interface Waiting {
  job: ParseJob;
  done: (outcome: ParseOutcome) => void;
}

interface Reader {
  worker: Worker | null;
  /** The job being read, and the expenses its reader has sent so far (parse-worker.mjs sends them in parts). */
  current: (Waiting & { timer: NodeJS.Timeout; expenses: ImportedExpense[] }) | null;
}

/** What a reader sends: a part of the file's expenses, then parseImport's answer (its expenses left out). */
type ReaderMessage = { expenses: ImportedExpense[] } | { result: ImportParseResult };

const WORKER_FILE = new URL('./parse-worker.mjs', import.meta.url);

/**
 * Reads import files on a few threads of their own (node:worker_threads), so that a 10 MiB file never
 * holds the event loop that answers everyone else (src/imports/README.md). A fixed number of readers and a
 * bounded queue: memory and CPU stay bounded whatever the number of files sent at once.
 */
export class ParsePool {
  readonly #readers: Reader[];
  readonly #queue: Waiting[] = [];
  #closed = false;

  constructor(private readonly options: ParsePoolOptions) {
    this.#readers = Array.from({ length: options.workers }, () => ({ worker: null, current: null }));
  }

  parse(job: ParseJob): Promise<ParseOutcome> {
    if (this.#closed) return Promise.resolve({ kind: 'closed' });
    return new Promise((done) => {
      const idle = this.#readers.find((r) => r.current === null);
      if (idle) this.#start(idle, { job, done });
      else if (this.#queue.length < this.options.queue) this.#queue.push({ job, done });
      else done({ kind: 'busy' });
    });
  }

  async close(): Promise<void> {
    this.#closed = true;
    for (const waiting of this.#queue.splice(0)) waiting.done({ kind: 'closed' });
    await Promise.all(
      this.#readers.map(async (reader) => {
        const { worker } = reader;
        reader.worker = null;
        this.#finish(reader, { kind: 'closed' });
        await worker?.terminate();
      }),
    );
  }

  #start(reader: Reader, waiting: Waiting): void {
    const worker = reader.worker ?? this.#spawn(reader);
    const timer = setTimeout(() => {
      this.#drop(reader, worker);
      this.#finish(reader, { kind: 'too-slow' });
    }, this.options.timeLimitMs);
    reader.current = { ...waiting, timer, expenses: [] };
    worker.postMessage(waiting.job);
  }

  #spawn(reader: Reader): Worker {
    const worker = new Worker(WORKER_FILE, {
      resourceLimits: { maxOldGenerationSizeMb: this.options.memoryMb },
    });
    // A reader waiting for work does not keep the process alive.
    worker.unref();
    worker.on('message', (message: ReaderMessage) => {
      const current = reader.worker === worker ? reader.current : null;
      if (!current) return;
      if ('expenses' in message) {
        for (const expense of message.expenses) current.expenses.push(expense);
        // The next part once others have had their turn.
        setImmediate(() => {
          if (reader.worker === worker && reader.current === current) worker.postMessage('next');
        });
        return;
      }
      const { result } = message;
      if (result.ok) result.ledger.expenses = current.expenses;
      this.#finish(reader, { kind: 'read', result });
    });
    const ended = (error: unknown) => {
      if (reader.worker !== worker) return;
      this.#drop(reader, worker);
      const outOfMemory = (error as { code?: unknown } | null)?.code === 'ERR_WORKER_OUT_OF_MEMORY';
      this.#finish(reader, { kind: 'crashed', outOfMemory, error });
    };
    worker.on('error', ended);
    worker.on('exit', (code) => ended(new Error(`the reader exited with code ${code}`)));
    reader.worker = worker;
    return worker;
  }

  /** Ends a reader's thread; the next job starts a new one. */
  #drop(reader: Reader, worker: Worker): void {
    if (reader.worker === worker) reader.worker = null;
    void worker.terminate();
  }

  #finish(reader: Reader, outcome: ParseOutcome): void {
    const current = reader.current;
    if (!current) return;
    clearTimeout(current.timer);
    reader.current = null;
    current.done(outcome);
    const next = this.#closed ? undefined : this.#queue.shift();
    if (next) this.#start(reader, next);
  }
}
