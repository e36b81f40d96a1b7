// Runs in a worker thread (pdf-check.ts starts it): pdf-lib parses synchronously, and a PDF of many small
// objects takes seconds, which must not stop the server's event loop. Plain JavaScript, so that Node loads
// it as it is, under tsx, Vitest or anything else. For each PDF it is sent, one at a time, it answers one
// word: its verdict (PdfVerdict in pdf-check.ts).
import { parentPort } from 'node:worker_threads';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFStream } from 'pdf-lib';

/** Action types that run code or reach outside the file by themselves (ISO 32000-2, 12.6.4). */
const ACTIVE_ACTIONS = new Set([
  'JavaScript',
  'Launch',
  'SubmitForm',
  'ImportData',
  'GoToE',
  'GoToR',
  'Rendition',
  'RichMediaExecute',
]);
/** Keys whose presence alone means script: an action's code, the names tree of document scripts, XFA forms. */
const ACTIVE_KEYS = new Set(['JS', 'JavaScript', 'XFA']);

/** Whether any object, direct or indirect, is an active action or holds script. Iterative: nesting is the file's. */
function hasActiveContent(document) {
  const pending = document.context.enumerateIndirectObjects().map(([, object]) => object);
  while (pending.length > 0) {
    const object = pending.pop();
    const dict = object instanceof PDFStream ? object.dict : object;
    if (dict instanceof PDFDict) {
      for (const [key, value] of dict.entries()) {
        const name = key.decodeText();
        if (ACTIVE_KEYS.has(name)) return true;
        if (name === 'S' && value instanceof PDFName && ACTIVE_ACTIONS.has(value.decodeText())) return true;
        pending.push(value);
      }
    } else if (dict instanceof PDFArray) {
      pending.push(...dict.asArray());
    }
  }
  return false;
}

async function verdict(bytes) {
  try {
    // Loaded even when encrypted (its names and structure are plain) to tell a locked PDF from a broken one.
    const document = await PDFDocument.load(bytes, {
      throwOnInvalidObject: true,
      updateMetadata: false,
      ignoreEncryption: true,
    });
    if (document.isEncrypted) return 'encrypted';
    if (document.getPageCount() < 1) return 'broken';
    return hasActiveContent(document) ? 'active' : 'ok';
  } catch {
    return 'broken';
  }
}

parentPort.on('message', async (bytes) => parentPort.postMessage(await verdict(bytes)));
