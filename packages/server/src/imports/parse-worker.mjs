// The thread that reads import files (parse-pool.ts). Plain JavaScript, so that Node runs it as it is under
// `pnpm start` and under Vitest alike; it loads the domain's TypeScript through tsx's own loader.
import { parentPort } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

const { parseImport } = await tsImport('@kitty/domain', import.meta.url);

/**
 * The expenses go back in parts of about this many payers and shares, each sent when the receiving thread
 * asks for it ('next'): that thread copies a message in one go and takes every message waiting in one
 * turn, so 10,000 rows of 136 people sent at once would hold it for seconds.
 */
const PART_SIZE = 20_000;

/** What is left to send of the last file read. */
let parts = [];

parentPort.on('message', (message) => {
  if (message === 'next') {
    parentPort.postMessage(parts.shift());
    return;
  }
  // parseImport never throws (a reader's bug is the file's problem): anything else ends this thread, and
  // the pool answers the request and starts another.
  const result = parseImport(message.format, message.content, { currency: message.currency });
  parts = result.ok ? inParts(result.ledger) : [{ result }];
  parentPort.postMessage(parts.shift());
});

/** The ledger as parts of its expenses, then the rest of it. */
function inParts({ expenses, ...ledger }) {
  const out = [];
  let part = [];
  let size = 0;
  for (const expense of expenses) {
    part.push(expense);
    size += 1 + expense.payers.length + expense.splits.length;
    if (size >= PART_SIZE) {
      out.push({ expenses: part });
      part = [];
      size = 0;
    }
  }
  if (part.length > 0) out.push({ expenses: part });
  out.push({ result: { ok: true, ledger: { ...ledger, expenses: [] } } });
  return out;
}
