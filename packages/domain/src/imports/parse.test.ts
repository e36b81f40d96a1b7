import { describe, expect, it } from 'vitest';
import { detectImportFormat, MAX_IMPORT_ROWS, parseImport, UNKNOWN_FORMAT } from './parse';

const HEAD = 'Date,Description,Category,Cost,Currency,Ana,Bob';
const row = (i: number) =>
  `2026-01-${String((i % 28) + 1).padStart(2, '0')},Row ${i},General,2.00,EUR,1.00,-1.00`;

describe('parseImport: the format found, and the limits of one import', () => {
  it('detects a format by its content, ignoring a byte-order mark', () => {
    expect(detectImportFormat(`\uFEFF${HEAD}\n${row(1)}\n`)).toBe('splitwise-csv');
    expect(detectImportFormat('{"format":"kitty-group","version":1}')).toBe('kitty-json');
  });

  it('a file in no format Kitty reads is refused on its first line, saying which formats it reads', () => {
    expect(parseImport('auto', 'hello, world\n')).toEqual({
      ok: false,
      error: { line: 1, message: UNKNOWN_FORMAT },
    });
  });

  it(`reads ${MAX_IMPORT_ROWS.toLocaleString('en-US')} rows, and refuses one more (one import is one transaction)`, () => {
    const rows = (n: number) => [HEAD, ...Array.from({ length: n }, (_, i) => row(i))].join('\n');
    const most = parseImport('auto', rows(MAX_IMPORT_ROWS));
    expect(most.ok && most.ledger.expenses).toHaveLength(MAX_IMPORT_ROWS);
    expect(parseImport('splitwise-csv', rows(MAX_IMPORT_ROWS + 1))).toEqual({
      ok: false,
      error: {
        line: 1,
        message:
          'The file has 10,001 rows; Kitty imports at most 10,000 at once: export a shorter period, or split the file',
      },
    });
  });
});
