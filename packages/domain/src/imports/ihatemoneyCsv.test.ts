import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readIhatemoneyCsv } from './ihatemoneyCsv';
import { readIhatemoneyJson } from './ihatemoneyJson';
import { importedBalances } from './ledgerBalances';
import { detectImportFormat } from './parse';
import type { ImportedLedger } from './types';

// The fixtures are written by IHateMoney's own writers, transcribed in Python from spiral-project/ihatemoney
// ihatemoney/utils.py (list_of_dicts2json = json.dumps; list_of_dicts2csv = csv.writer, "\r\n" between
// records, quotes only where needed, escape_csv_formulae's leading quote) over models.py get_pretty_bills'
// keys (owers joined with ", " for the CSV):
// - raclette.csv / raclette.json: import_test.py TestExport.test_export's project (currency "XXX").
// - trip.csv / trip.json: a trip in EUR, CHF and JPY: a comma, quotes and a line break in "what", two
//   guarded formulas, weights (Famille Dupont counts 2), a reimbursement to one and one to two people, a
//   negative bill, and Ancien, deactivated in IHateMoney, who appears only in 2023's bills.
const fixture = (name: string) =>
  readFileSync(new URL(`./fixtures/ihatemoney/${name}`, import.meta.url), 'utf8');
const trip = fixture('trip.csv');
const raclette = fixture('raclette.csv');

function ledgerOf(text: string): ImportedLedger {
  const result = readIhatemoneyCsv.parse(text);
  if (!result.ok) throw new Error(result.error.message);
  return result.ledger;
}

const at = (member: string, currency: string, amount: number) => ({ member, currency, amount });

describe('IHateMoney CSV export', () => {
  const ledger = ledgerOf(trip);

  it("is recognised by its header, and does not claim Cospend's or Spliit's CSV", () => {
    expect(readIhatemoneyCsv.sniff(trip)).toBe(true);
    expect(detectImportFormat(raclette)).toBe('ihatemoney-csv');
    // IHateMoney 6.0 exported neither bill_type nor currency.
    expect(readIhatemoneyCsv.sniff('date,what,amount,payer_name,payer_weight,owers\r\n')).toBe(true);
    // Cospend writes an IHateMoney-like header with more columns.
    expect(
      readIhatemoneyCsv.sniff(
        'what,amount,date,timestamp,payer_name,payer_weight,payer_active,owers,repeat\n',
      ),
    ).toBe(false);
    expect(readIhatemoneyCsv.sniff('"Date","Description","Category","Currency","Cost"\n')).toBe(false);
  });

  it('imports with the balances IHateMoney itself computes', () => {
    // As in the JSON test: test_export's project in an EUR project; its "transactions" export settles
    // pépé -> jeanne 2.00, tata -> jeanne 55.34, zorglub -> jeanne 127.33 (import_test.py TestExport).
    const rac = ledgerOf(raclette.replaceAll(',XXX,', ',EUR,'));
    const expected = [
      at('tata', 'EUR', -5534),
      at('jeanne', 'EUR', 18467),
      at('zorglub', 'EUR', -12733),
      at('pépé', 'EUR', -200),
    ];
    expect(importedBalances(rac)).toEqual(expected);
    expect(rac.sourceBalances).toEqual(expected);
  });

  it("shows, currency by currency, the cents by which the trip differs from IHateMoney's figures", () => {
    // IHateMoney's Project.full_balance (models.py) per currency, in floats, shown as Babel rounds (half to
    // even on the float's text), computed by the fixture's Python script: CHF Chloé -16.125 -> -16.12,
    // Émile 48.375 -> 48.38, Famille Dupont -32.25; EUR Chloé 190.835 -> 190.84, Émile -119.16499999999999
    // -> -119.16, Famille Dupont -71.67000000000002 -> -71.67; JPY -1200, 3600, -2400; Ancien 0 everywhere.
    expect(ledger.sourceBalances).toEqual([
      at('Émile', 'CHF', 4838),
      at('Émile', 'EUR', -11916),
      at('Émile', 'JPY', 3600),
      at('Chloé', 'CHF', -1612),
      at('Chloé', 'EUR', 19084),
      at('Chloé', 'JPY', -1200),
      at('Famille Dupont', 'CHF', -3225),
      at('Famille Dupont', 'EUR', -7167),
      at('Famille Dupont', 'JPY', -2400),
    ]);
    // What the import makes, and why each difference:
    // - The -20.00 bill (money Chloé received for herself and Émile) is imported as Émile being owed his
    //   10.00 by Chloé, as IHateMoney counts it: no difference.
    // - EUR Émile one cent less: the 33.33 Famille Dupont paid for Chloé and Émile is 16.665 each in
    //   IHateMoney; Kitty gives 16.66 and 16.67, the extra cent to Émile (ties go round, domain allocate).
    // - CHF Chloé one cent less: 64.50 by weights 1, 1, 2 is 16.125, 16.125, 32.25; Kitty's whole cents
    //   are 16.13, 16.12, 32.25 (the first tie to Chloé). IHateMoney's rounded CHF figures add up to 0.01.
    expect(importedBalances(ledger)).toEqual([
      at('Émile', 'CHF', 4838),
      at('Émile', 'EUR', -11916 - 1),
      at('Émile', 'JPY', 3600),
      at('Chloé', 'CHF', -1612 - 1),
      at('Chloé', 'EUR', 19084),
      at('Chloé', 'JPY', -1200),
      at('Famille Dupont', 'CHF', -3225),
      at('Famille Dupont', 'EUR', -7167),
      at('Famille Dupont', 'JPY', -2400),
    ]);
  });

  it('reads quoted text, line breaks and guarded formulas as written, at the line where each row begins', () => {
    const byWhat = (what: string) => ledger.expenses.find((e) => e.description === what);
    expect(byWhat('Hôtel, 2 nuits')?.line).toBe(3);
    expect(byWhat('Dîner "Le Chalet"\nmenu du jour')?.line).toBe(4);
    expect(byWhat('Télécabine')?.line).toBe(6);
    expect(byWhat('=SUM(A1)')?.line).toBe(7);
    expect(byWhat('-10% remise, fromagerie')).toMatchObject({ line: 8, amount: 3333 });
    expect(byWhat('Remise caution')).toMatchObject({
      line: 9,
      amount: 1000,
      notes: '-20.00 EUR',
      payers: [{ member: 'Émile', amount: 1000 }],
      splits: [{ member: 'Chloé', amount: 1000 }],
    });
    expect(ledger.problems).toEqual([]);
    expect(ledger.settlements).toEqual([
      expect.objectContaining({ line: 2, from: 'Émile', to: 'Chloé', amount: 5000 }),
    ]);
    expect(ledger.members.map((m) => m.name)).toEqual(['Émile', 'Chloé', 'Famille Dupont', 'Ancien']);
  });

  it('keys each bill the same in the CSV and the JSON export, so importing both writes nothing twice', () => {
    const json = readIhatemoneyJson.parse(fixture('trip.json'));
    if (!json.ok) throw new Error(json.error.message);
    const keys = (l: ImportedLedger) => [...l.expenses, ...l.settlements].map((r) => r.key).sort();
    expect(keys(ledger)).toEqual(keys(json.ledger));
    expect(new Set(keys(ledger)).size).toBe(10);
    // The JSON is the same ledger, but for the lines (IHateMoney writes its JSON on one line).
    const withoutLines = (l: ImportedLedger) => ({
      ...l,
      format: null,
      expenses: l.expenses.map((e) => ({ ...e, line: 0 })),
      settlements: l.settlements.map((s) => ({ ...s, line: 0 })),
      problems: l.problems.map((p) => ({ ...p, line: 0 })),
    });
    expect(withoutLines(json.ledger)).toEqual(withoutLines(ledger));
  });

  it('fails a file it cannot read at all, naming the line', () => {
    expect(readIhatemoneyCsv.parse('what,amount,date,payer_name,payer_weight,owers\r\n')).toEqual({
      ok: false,
      error: { line: 1, message: 'The IHateMoney export has no bills' },
    });
    expect(readIhatemoneyCsv.parse(`${raclette}"oops,1.0\r\n`)).toEqual({
      ok: false,
      error: { line: 5, message: 'A quote is never closed' },
    });
    expect(readIhatemoneyCsv.parse('a,b\n1,2\n')).toMatchObject({ ok: false, error: { line: 1 } });
  });

  it('reads 1,500 rows well under a second', () => {
    const rows = Array.from({ length: 1500 }, (_, i) => {
      const amount = ((1 + ((i * 7919) % 50000)) / 100).toString();
      return `"Row ${i}, ""quoted""",Expense,${amount},EUR,2024-01-${String(1 + (i % 28)).padStart(2, '0')},Zoë,1.0,"Zoë, Łukasz, Ana"`;
    });
    const text = `what,bill_type,amount,currency,date,payer_name,payer_weight,owers\r\n${rows.join('\r\n')}\r\n`;
    const started = performance.now();
    const big = ledgerOf(text);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(big.problems).toEqual([]);
    expect(big.expenses).toHaveLength(1500);
    expect(big.expenses.every((e) => e.splits.reduce((t, s) => t + s.amount, 0) === e.amount)).toBe(true);
  });
});
