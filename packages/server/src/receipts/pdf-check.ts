import { Worker } from 'node:worker_threads';

/**
 * What pdf-lib makes of a PDF: `ok` (it parses, every object valid, at least one page, nothing active),
 * `broken` (not a PDF past its first bytes: no catalog, an invalid object, no page), `encrypted` (locked:
 * nobody without the password could read it, nor can we look inside), `active` (a script, an XFA form or an
 * action that launches, submits or opens something by itself), or `timeout`.
 */
export type PdfVerdict = 'ok' | 'broken' | 'encrypted' | 'active' | 'timeout';

/** Past this a PDF is not looked at further: a receipt parses in milliseconds (packages/server/README.md). */
export const PDF_CHECK_TIMEOUT_MS = 10_000;

/** The worker's heap: pdf-lib holds every parsed object of a file of at most 10 MB. */
const PDF_CHECK_HEAP_MB = 512;

const WORKER = new URL('./pdf-check.worker.mjs', import.meta.url);

interface Job {
  bytes: Buffer;
  timeoutMs: number;
  resolve: (verdict: PdfVerdict) => void;
  reject: (error: unknown) => void;
}

// One worker thread, started on the first PDF and kept (loading pdf-lib costs more than parsing a receipt),
// checking one PDF at a time: however many are sent at once, parsing takes one core and one heap at most.
let worker: Worker | null = null;
const queue: Job[] = [];
let draining = false;

/**
 * Parses a PDF in the worker thread, so the event loop stays free however long pdf-lib takes. A file that
 * takes longer than `timeoutMs` (or more than the worker's heap) stops the worker (the next check starts
 * another) and is not a receipt.
 */
export function checkPdf(bytes: Buffer, timeoutMs = PDF_CHECK_TIMEOUT_MS): Promise<PdfVerdict> {
  return new Promise((resolve, reject) => {
    queue.push({ bytes, timeoutMs, resolve, reject });
    if (!draining) void drain();
  });
}

async function drain(): Promise<void> {
  draining = true;
  for (let job = queue.shift(); job; job = queue.shift()) {
    try {
      job.resolve(await check(job.bytes, job.timeoutMs));
    } catch (error) {
      job.reject(error);
    }
  }
  draining = false;
}

function startWorker(): Worker {
  const started = new Worker(WORKER, { resourceLimits: { maxOldGenerationSizeMb: PDF_CHECK_HEAP_MB } });
  // An idle worker keeps no process alive, and one that dies between checks is simply started again.
  started.unref();
  const forget = () => {
    if (worker === started) worker = null;
  };
  started.on('error', forget);
  started.on('exit', forget);
  return started;
}

function check(bytes: Buffer, timeoutMs: number): Promise<PdfVerdict> {
  worker ??= startWorker();
  const current = worker;
  return new Promise((resolve, reject) => {
    const finish = (outcome: () => void, keepWorker: boolean) => {
      clearTimeout(timer);
      current.off('message', onMessage).off('error', onError).off('exit', onExit);
      if (!keepWorker) {
        if (worker === current) worker = null;
        void current.terminate();
      }
      outcome();
    };
    const onMessage = (verdict: PdfVerdict) => finish(() => resolve(verdict), true);
    // A file that fills the worker's heap is not a receipt; any other failure is ours (a 500, logged).
    const onError = (error: Error & { code?: string }) =>
      finish(() => (error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? resolve('broken') : reject(error)), false);
    const onExit = (code: number) =>
      finish(() => reject(new Error(`The PDF check stopped without an answer (exit code ${code})`)), false);
    const timer = setTimeout(() => finish(() => resolve('timeout'), false), timeoutMs);
    current.on('message', onMessage).on('error', onError).on('exit', onExit);
    current.postMessage(bytes);
  });
}
