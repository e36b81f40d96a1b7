import { type IhatemoneyBillInput, ihatemoneyLedger } from './ihatemoney';
import { asObject, parseJsonWithLines } from './jsonLines';
import { unreadable } from './peerText';
import { type ImportReader, NO_IMPORT_OPTIONS } from './reader';
import type { ImportOptions, ImportParseResult } from './types';

// IHateMoney's "bills.json" (web.py export_project, models.py get_pretty_bills): a JSON list of bills,
// e.g. ihatemoney/tests/import_test.py TestExport.test_export. The bills themselves are read in ihatemoney.ts.

const BILL_KEYS = /"payer_name"\s*:/;

function sniff(content: string): boolean {
  return /^\s*\[\s*\{/.test(content) && BILL_KEYS.test(content) && /"owers"\s*:/.test(content);
}

function parse(content: string, options: ImportOptions = NO_IMPORT_OPTIONS): ImportParseResult {
  const json = parseJsonWithLines(content);
  if (!json.ok) return json;
  const list = json.value;
  if (!Array.isArray(list))
    return unreadable(1, 'This is not an IHateMoney export: it is not a list of bills');
  if (list.length === 0) return unreadable(json.lineOf(list), 'The IHateMoney export has no bills');
  const inputs: IhatemoneyBillInput[] = [];
  for (const item of list) {
    const bill = asObject(item);
    const line = bill ? json.lineOf(bill) : json.lineOf(list);
    if (!bill || !('payer_name' in bill) || !('owers' in bill)) {
      if (inputs.length === 0)
        return unreadable(line, `This is not an IHateMoney bill (no payer_name and owers)`);
    }
    inputs.push({
      line,
      what: bill?.what,
      billType: bill?.bill_type,
      amount: bill?.amount,
      currency: bill?.currency,
      date: bill?.date,
      payerName: bill?.payer_name,
      payerWeight: bill?.payer_weight,
      owers: bill?.owers,
    });
  }
  return { ok: true, ledger: ihatemoneyLedger('ihatemoney-json', inputs, options) };
}

/** IHateMoney's bills export (JSON). */
export const readIhatemoneyJson: ImportReader = { format: 'ihatemoney-json', sniff, parse };
