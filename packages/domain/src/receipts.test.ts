import { describe, expect, it } from 'vitest';
import {
  mayRemoveReceipt,
  RECEIPT_LIMIT_REACHED,
  receiptDownloadName,
  receiptFilename,
  sniffReceiptType,
} from './receipts';

const bytes = (...values: (number | string)[]) =>
  new Uint8Array(values.flatMap((v) => (typeof v === 'string' ? [...v].map((c) => c.charCodeAt(0)) : [v])));

describe('receipts', () => {
  it('reads the type from the first bytes, whatever the file claims', () => {
    expect(sniffReceiptType(bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10))).toBe('image/jpeg');
    expect(sniffReceiptType(bytes(0x89, 'PNG', 0x0d, 0x0a, 0x1a, 0x0a, 0))).toBe('image/png');
    expect(sniffReceiptType(bytes('RIFF', 0x24, 0, 0, 0, 'WEBPVP8 '))).toBe('image/webp');
    expect(sniffReceiptType(bytes('%PDF-1.4\n'))).toBe('application/pdf');
    // Near misses and disguises.
    expect(sniffReceiptType(bytes(0xff, 0xd8))).toBeNull();
    expect(sniffReceiptType(bytes(0x89, 'PNG', 0x0d, 0x0a, 0x1a))).toBeNull();
    expect(sniffReceiptType(bytes('RIFF', 0x24, 0, 0, 0, 'WAVEfmt '))).toBeNull();
    expect(sniffReceiptType(bytes('%PDF'))).toBeNull();
    expect(sniffReceiptType(bytes('<html><script>alert(1)</script>'))).toBeNull();
    expect(sniffReceiptType(bytes('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffReceiptType(bytes(' %PDF-1.4'))).toBeNull();
    expect(sniffReceiptType(new Uint8Array())).toBeNull();
  });

  it('keeps a name without folders, control or bidirectional characters, at most 200 characters', () => {
    expect(receiptFilename('C:\\Users\\ann\\Desktop\\dinner.jpg')).toBe('dinner.jpg');
    expect(receiptFilename('../../etc/passwd')).toBe('passwd');
    expect(receiptFilename('bill\u0000\u001f\u007f\u0085.pdf')).toBe('bill.pdf');
    expect(receiptFilename('invoice\u202Egpj.exe')).toBe('invoicegpj.exe');
    expect(receiptFilename('  two\t\n spaces .png ')).toBe('two spaces .png');
    expect(receiptFilename('Účtenka – kavárna ☕.webp')).toBe('Účtenka – kavárna ☕.webp');
    expect(receiptFilename('lone\ud800.png')).toBe('lone.png');
    for (const empty of [null, undefined, '', '   ', '..', '.', 'folder/', '\u200b']) {
      expect(receiptFilename(empty)).toBe('receipt');
    }
    const long = receiptFilename(`${'é'.repeat(300)}.jpeg`);
    expect([...long]).toHaveLength(200);
    expect(long.endsWith('é.jpeg')).toBe(true);
    expect([...receiptFilename('😀'.repeat(250))]).toHaveLength(200);
  });

  it("opens under its name, with its type's extension when the name has none of them", () => {
    expect(receiptDownloadName('dinner.JPG', 'image/jpeg')).toBe('dinner.JPG');
    expect(receiptDownloadName('dinner.jpg', 'image/png')).toBe('dinner.jpg.png');
    expect(receiptDownloadName('page.html', 'application/pdf')).toBe('page.html.pdf');
    expect(receiptDownloadName('receipt', 'image/webp')).toBe('receipt.webp');
  });

  it('only who attached a receipt removes it; the limit is stated with its number', () => {
    expect(mayRemoveReceipt({ uploaded_by: { id: 'a' } }, 'a')).toBe(true);
    expect(mayRemoveReceipt({ uploaded_by: { id: 'a' } }, 'b')).toBe(false);
    expect(RECEIPT_LIMIT_REACHED).toBe('An expense can have at most 5 receipts.');
  });
});
