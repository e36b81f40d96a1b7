import type { ImportFailure } from './types';

/** One record of a CSV file: its cells and the line it begins on (1-based). */
export interface CsvRecord {
  line: number;
  cells: string[];
}

export type CsvReadResult = { ok: true; records: CsvRecord[] } | { ok: false; error: ImportFailure };

/**
 * Reads CSV text by RFC 4180: `separator` between cells (a comma unless told), double quotes around a cell
 * that holds separators, quotes ("" inside) or line breaks; CRLF, LF or CR line ends; a leading byte-order
 * mark ignored; blank lines skipped. A quote left open, or text after a closing quote, is a failure naming
 * the line where that record began.
 */
export function readCsv(text: string, separator = ','): CsvReadResult {
  const records: CsvRecord[] = [];
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  let line = 1;
  let recordLine = 1;
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let afterQuote = false;
  const endRecord = () => {
    cells.push(cell);
    if (cells.length > 1 || cells[0] !== '') records.push({ line: recordLine, cells });
    cells = [];
    cell = '';
    afterQuote = false;
  };
  for (let i = 0; i < source.length; i++) {
    const ch = source[i] as string;
    if (quoted) {
      if (ch === '"') {
        if (source[i + 1] === '"') {
          cell += '"';
          i++;
        } else {
          quoted = false;
          afterQuote = true;
        }
      } else {
        if (ch === '\n' || (ch === '\r' && source[i + 1] !== '\n')) line++;
        cell += ch;
      }
      continue;
    }
    if (ch === separator) {
      cells.push(cell);
      cell = '';
      afterQuote = false;
    } else if (ch === '\r' || ch === '\n') {
      if (ch === '\r' && source[i + 1] === '\n') i++;
      endRecord();
      line++;
      recordLine = line;
    } else if (afterQuote) {
      return {
        ok: false,
        error: { line: recordLine, message: `Text after a closing quote` },
      };
    } else if (ch === '"' && cell === '') {
      quoted = true;
    } else {
      cell += ch;
    }
  }
  if (quoted) {
    return { ok: false, error: { line: recordLine, message: `A quote is never closed` } };
  }
  if (cell !== '' || cells.length > 0) endRecord();
  return { ok: true, records };
}
