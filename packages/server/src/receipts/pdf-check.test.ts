import { PDFDocument } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { minimalPdf } from '../../test/support/receipts';
import { checkPdf } from './pdf-check';

/** A valid one-page PDF padded with `count` small objects: pdf-lib takes seconds over 40,000 of them. */
async function manyObjects(count: number): Promise<Buffer> {
  const document = await PDFDocument.create();
  for (let n = 0; n < count; n++) document.context.register(document.context.obj({ N: n, A: [1, 2, 'abc'] }));
  document.addPage();
  return Buffer.from(await document.save({ useObjectStreams: false }));
}

describe('checkPdf', () => {
  let heavy: Buffer;
  beforeAll(async () => {
    heavy = await manyObjects(40_000);
  });

  it('parses in a worker thread: the event loop keeps turning while a slow PDF is read', async () => {
    let last = performance.now();
    let longestGap = 0;
    const ticker = setInterval(() => {
      const now = performance.now();
      longestGap = Math.max(longestGap, now - last);
      last = now;
    }, 10);
    const started = performance.now();
    const verdict = await checkPdf(heavy, 60_000);
    const took = performance.now() - started;
    clearInterval(ticker);
    expect(verdict).toBe('ok');
    // Parsed on the main thread, the longest gap would be about the whole time the check took.
    expect(longestGap).toBeLessThan(took / 2);
  });

  it('a PDF that takes longer than its time is a timeout, and the next check is answered as usual', async () => {
    expect(await checkPdf(heavy, 1)).toBe('timeout');
    expect(await checkPdf(minimalPdf())).toBe('ok');
  });

  it('PDFs sent at once each get their own verdict, in turn', async () => {
    const verdicts = await Promise.all([
      checkPdf(minimalPdf()),
      checkPdf(Buffer.from('%PDF-1.4\nnothing\n')),
      checkPdf(minimalPdf({ catalog: '/OpenAction << /S /JavaScript /JS (1) >>' })),
      checkPdf(minimalPdf({ trailer: '/Encrypt << /Filter /Standard /V 1 /R 2 /O (o) /U (u) /P -4 >>' })),
      checkPdf(minimalPdf()),
    ]);
    expect(verdicts).toEqual(['ok', 'broken', 'active', 'encrypted', 'ok']);
  });
});
