import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { importedBalances } from './ledgerBalances';
import { detectImportFormat } from './parse';
import { readSpliitCsv } from './spliitCsv';
import type { ImportedLedger } from './types';

// Both fixtures are written as Spliit's CSV export writes them (spliit-app/spliit
// src/app/groups/[groupId]/expenses/export/csv/route.ts through @json2csv/plainjs: a byte-order mark, every
// text quoted, numbers bare, "\n" between records; each participant's column is getExpenseShares' share,
// positive for the payer and negative for everyone else).
// - flat.csv: a flat-share of two in CHF, written by hand: a comma, quotes and a line break in
//   descriptions, a title Spliit guarded against spreadsheet formulas ("'=Apéro"), a reimbursement, an
//   expense entered in euros, one paid for the other alone.
// - group.csv: fixtures/spliit/group.json as that route exports it (the expense naming an unknown
//   participant left out, as Spliit's database cannot hold it).
const flat = readFileSync(new URL('./fixtures/spliit/flat.csv', import.meta.url), 'utf8');
const group = readFileSync(new URL('./fixtures/spliit/group.csv', import.meta.url), 'utf8');

function ledgerOf(text: string): ImportedLedger {
  const result = readSpliitCsv.parse(text);
  if (!result.ok) throw new Error(result.error.message);
  return result.ledger;
}

describe('Spliit CSV export', () => {
  const ledger = ledgerOf(flat);

  it('is recognised by its header, with or without the byte-order mark', () => {
    expect(readSpliitCsv.sniff(flat)).toBe(true);
    expect(readSpliitCsv.sniff(flat.slice(1))).toBe(true);
    expect(detectImportFormat(flat)).toBe('spliit-csv');
    expect(readSpliitCsv.sniff('Date,Description,Category,Cost,Currency,Paid by\n')).toBe(false);
    expect(readSpliitCsv.sniff('what,amount,date,payer_name,payer_weight,owers\n')).toBe(false);
    // An export from before per-expense currencies (2025) has no Original cost columns.
    expect(
      readSpliitCsv.sniff(
        '"Date","Description","Category","Currency","Cost","Is Reimbursement","Split mode","A"\n',
      ),
    ).toBe(true);
  });

  it('imports with the balances Spliit itself computes', () => {
    // Spliit's getBalances (src/lib/balances.ts): the payer is owed the cost, each participant owes the share
    // that getExpenseShares gives, the very figure the CSV route writes in their column. Row by row:
    // rent 1850.00 Léa +925.00; Migros 87.35 Noé +29.12 (his column +58.23 is his own share); electricity
    // Léa +60.25; apéro Noé +6.00; Noé pays Léa back 500.00; Annecy Léa +22.95; the gift Léa +30.00.
    // Léa: 925 - 29.12 + 60.25 - 6 - 500 + 22.95 + 30 = 503.08.
    const expected = [
      { member: 'Léa', currency: 'CHF', amount: 50308 },
      { member: 'Noé', currency: 'CHF', amount: -50308 },
    ];
    expect(importedBalances(ledger)).toEqual(expected);
    expect(ledger.sourceBalances).toEqual(expected);
  });

  it('reads each row exactly: text as written, the payer from the signs, the shares from the columns', () => {
    expect(ledger).toMatchObject({
      format: 'spliit-csv',
      groupName: null,
      currency: 'CHF',
      rows: 7,
      problems: [],
    });
    expect(ledger.members).toEqual([
      { name: 'Léa', email: null },
      { name: 'Noé', email: null },
    ]);
    const [rent, migros, power, apero, annecy, gift] = ledger.expenses;
    expect(rent).toMatchObject({ line: 2, date: '2024-01-03', category: 'rent', amount: 185000 });
    expect(migros).toMatchObject({
      description: 'Courses, Migros',
      payers: [{ member: 'Noé', amount: 8735 }],
      splits: [
        { member: 'Léa', amount: 2912 },
        { member: 'Noé', amount: 5823 },
      ],
    });
    expect(power).toMatchObject({
      line: 4,
      description: 'Électricité\nfacture "Q1"',
      category: 'utilities',
      notes: 'Category in Spliit: Electricity',
    });
    expect(apero).toMatchObject({ line: 6, description: '=Apéro', category: 'groceries' });
    expect(annecy).toMatchObject({ category: 'dining', notes: 'Entered in Spliit as 47.00 EUR at 0.9766' });
    expect(gift).toMatchObject({
      payers: [{ member: 'Léa', amount: 3000 }],
      splits: [{ member: 'Noé', amount: 3000 }],
      category: 'gifts',
    });
    expect(ledger.settlements).toEqual([
      expect.objectContaining({ line: 7, from: 'Noé', to: 'Léa', amount: 50000, currency: 'CHF' }),
    ]);
  });

  it('keys rows by their content, so identical rows stay two and a re-export keys them the same', () => {
    const row = flat.split('\n')[1] as string;
    const twice = ledgerOf(`${flat}${row}\n`);
    const keys = twice.expenses.map((e) => e.key);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys.slice(0, 6)).toEqual(ledger.expenses.map((e) => e.key));
    expect(keys.at(-1)).toBe(`${keys[0]}#2`);
  });

  it("lists the rows that cannot say who paid, and then cannot say Spliit's balances", () => {
    const chamonix = ledgerOf(group);
    expect(chamonix.members.map((m) => m.name)).toEqual(['Zoé', 'Bob', 'Carlos', 'Dagny', 'Amélie']);
    const unknownPayer =
      "Spliit's CSV does not say who paid this row (the payer had no share); import Spliit's JSON export instead";
    // Dagny paid the crampons without a share; the reimbursements' payers have none either; in a group of
    // five, several columns are zero on those rows.
    expect(chamonix.problems).toEqual([
      { line: 6, message: unknownPayer },
      { line: 7, message: unknownPayer },
      { line: 9, message: unknownPayer },
      { line: 10, message: unknownPayer },
      { line: 13, message: unknownPayer },
    ]);
    // The income "Caution rendue" (-5.00 that Zoé received for Zoé and Bob, -2.50 each as the route writes
    // them): Bob is owed his 2.50, Zoé owes it, as Spliit's balances have it (Zoé -2.50, Bob +2.50).
    expect(chamonix.expenses.find((e) => e.line === 14)).toMatchObject({
      description: 'Caution rendue',
      amount: 250,
      notes: '-5.00 EUR',
      payers: [{ member: 'Bob', amount: 250 }],
      splits: [{ member: 'Zoé', amount: 250 }],
    });
    expect(chamonix.sourceBalances).toBeNull();
    expect(chamonix.expenses.map((e) => e.description)).toContain('Dîner "Chez Mémé", fondue');
    expect(chamonix.rows).toBe(14);
  });

  it('lists a row whose shares do not add up to its cost (exports before August 2026 rounded each one)', () => {
    const old = ledgerOf(
      '"Date","Description","Category","Currency","Cost","Is Reimbursement","Split mode","A","B","C"\n' +
        '"2024-02-01","Pizza","Dining Out","EUR","10.00","No","Evenly",3.33,-3.33,-3.33\n',
    );
    expect(old.problems).toEqual([{ line: 2, message: 'The shares add up to 9.99 EUR, not 10.00' }]);
    expect(old.expenses).toEqual([]);
  });

  it('fails a file it cannot read at all, naming the line', () => {
    expect(readSpliitCsv.parse('"Date","Description"\n"x","y"\n')).toMatchObject({
      ok: false,
      error: { line: 1 },
    });
    expect(readSpliitCsv.parse(flat.split('\n')[0] as string)).toEqual({
      ok: false,
      error: { line: 1, message: 'The Spliit export has no expenses' },
    });
    expect(readSpliitCsv.parse(`${flat}"2024-02-01,"oops\n`)).toEqual({
      ok: false,
      error: { line: 10, message: 'Text after a closing quote' },
    });
  });

  it('reads 1,500 rows well under a second', () => {
    const head = flat.split('\n')[0] as string;
    const rows = Array.from({ length: 1500 }, (_, i) => {
      const cents = 200 + ((i * 7919) % 100000);
      const lea = Math.floor(cents / 2);
      const cost = (cents / 100).toFixed(2);
      return `"2025-01-${String(1 + (i % 28)).padStart(2, '0')}","Row ${i}, ""quoted""","Groceries","CHF","${cost}",,,,"No","Evenly",${(lea / 100).toFixed(2)},-${((cents - lea) / 100).toFixed(2)}`;
    });
    const started = performance.now();
    const big = ledgerOf(`${head}\n${rows.join('\n')}\n`);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(big.problems).toEqual([]);
    expect(big.expenses).toHaveLength(1500);
    expect(importedBalances(big)).toEqual(big.sourceBalances);
  });
});
