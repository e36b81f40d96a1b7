import { readCsv } from './csvRecords';
import { type IhatemoneyBillInput, ihatemoneyLedger } from './ihatemoney';
import { firstCsvLine, unguardFormula, unreadable } from './peerText';
import { type ImportReader, NO_IMPORT_OPTIONS } from './reader';
import type { ImportOptions, ImportParseResult } from './types';

// IHateMoney's "bills.csv" (web.py export_project, utils.py list_of_dicts2csv): Python's csv writer, the
// keys of get_pretty_bills as the header (what, bill_type, amount, currency, date, payer_name,
// payer_weight, owers today; older versions without bill_type or currency), owers joined with ", " (so a
// name holding a comma cannot be told apart: IHateMoney's own import splits on every comma too), text
// cells that start with = + - @ tab or a line break preceded by a quote. The bills are read in ihatemoney.ts.

const REQUIRED = ['what', 'amount', 'date', 'payer_name', 'payer_weight', 'owers'] as const;
const KNOWN = new Set<string>([...REQUIRED, 'bill_type', 'currency']);

/** The header's columns when it is IHateMoney's: all the required ones and nothing else (Cospend's has more). */
function columns(header: readonly string[]): Map<string, number> | null {
  if (!header.every((h) => KNOWN.has(h)) || new Set(header).size < header.length) return null;
  if (!REQUIRED.every((r) => header.includes(r))) return null;
  return new Map(header.map((h, i) => [h, i]));
}

function sniff(content: string): boolean {
  const header = firstCsvLine(content);
  return header !== null && columns(header) !== null;
}

function parse(content: string, options: ImportOptions = NO_IMPORT_OPTIONS): ImportParseResult {
  const read = readCsv(content);
  if (!read.ok) return read;
  const [head, ...records] = read.records;
  const column = head ? columns(head.cells) : null;
  if (!head || !column) {
    return unreadable(
      head?.line ?? 1,
      "This is not an IHateMoney CSV export: its first line is not IHateMoney's header",
    );
  }
  if (records.length === 0) return unreadable(head.line, 'The IHateMoney export has no bills');
  const inputs: IhatemoneyBillInput[] = records.map(({ line, cells }) => {
    const cell = (name: string) => {
      const i = column.get(name);
      return i === undefined ? undefined : cells[i];
    };
    const text = (name: string) => {
      const value = cell(name);
      return value === undefined ? undefined : unguardFormula(value);
    };
    const owers = text('owers');
    return {
      line,
      what: text('what'),
      billType: cell('bill_type'),
      amount: cell('amount'),
      currency: cell('currency'),
      date: cell('date'),
      payerName: text('payer_name'),
      payerWeight: cell('payer_weight'),
      owers: owers === undefined ? undefined : owers.split(','),
    };
  });
  return { ok: true, ledger: ihatemoneyLedger('ihatemoney-csv', inputs, options) };
}

/** IHateMoney's bills export (CSV). */
export const readIhatemoneyCsv: ImportReader = { format: 'ihatemoney-csv', sniff, parse };
