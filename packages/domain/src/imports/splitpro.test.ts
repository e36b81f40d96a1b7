import { describe, expect, it } from 'vitest';
import { currencyExponent } from '../currencies';
import type { Minor } from '../money';
import { fixture, seeded } from './fixtures/fixture';
import { importedBalances } from './ledgerBalances';
import { detectImportFormat } from './parse';
import { readSplitproCsv, SPLITPRO_HEADER } from './splitpro';
import type { ImportedBalance, ImportedLedger } from './types';

// SplitPro's data as its database holds it (oss-apps/split-pro prisma/schema.prisma): an expense's amount
// and each participant's part in minor units, the payer's part positive (paid minus share) and the others'
// negative (minus their share); a payment is a SETTLEMENT with parts +amount and -amount.
interface SplitproExpense {
  paidByYou: boolean;
  name: string;
  category: string;
  amount: bigint;
  splitType: string;
  /** As format(new Date(expenseDate), 'yyyy-MM-dd HH:mm:ss') writes it in the exporter's zone. */
  date: string;
  currency: string;
  you: bigint;
  friend: bigint;
  /** The parts of people outside the two (a group expense): in the database, not in the export. */
  others?: bigint;
}

/**
 * getCurrencyHelpers({ locale: 'en-US' }).parseToCleanString(value) for a bigint, unsigned, transcribed from
 * oss-apps/split-pro src/utils/numbers.ts: integer = value / 10^d, fraction = String(value).slice(-d) padded
 * to d, then normalizeToMaxLength (sanitizeInput keeps the digits and the first ".", so a minus inside the
 * fraction of a value above -10 is lost: -5n gives "0.5").
 */
function cleanString(value: bigint, digits: number): string {
  const integer = `${value / 10n ** BigInt(digits)}`;
  const fraction = `${value}`.slice(-digits).padStart(digits, '0');
  const raw = digits > 0 ? `${integer}.${fraction}` : integer;
  let cleaned = '';
  for (const ch of raw) {
    if (/\d/.test(ch) || (ch === '.' && !cleaned.includes('.'))) cleaned += ch;
  }
  const [int = '', dec] = cleaned.split('.');
  const text = dec === undefined ? int : `${int}.${dec.slice(0, digits)}`;
  return text.endsWith('.') ? text.slice(0, -1) : text;
}

/** src/components/Friend/Export.tsx exportToCSV, transcribed (en-US). */
function exportToCsv(expenses: readonly SplitproExpense[], friendName: string): string {
  const rows = expenses.map((e) => {
    const clean = (v: bigint) => cleanString(v, currencyExponent(e.currency));
    const settlement = e.splitType === 'SETTLEMENT';
    const yourExpense = e.paidByYou ? e.friend : e.you;
    return [
      e.paidByYou ? 'You' : friendName,
      e.name,
      e.category,
      clean(e.amount),
      e.splitType,
      e.date,
      e.currency,
      e.paidByYou && !settlement ? clean(yourExpense) : 0n,
      !e.paidByYou && !settlement ? clean(yourExpense) : 0n,
      settlement ? clean(yourExpense) : 0n,
    ];
  });
  return [
    SPLITPRO_HEADER,
    ...rows.map((row) =>
      row.map((cell) => (typeof cell === 'string' && cell.includes(',') ? `"${cell}"` : cell)).join(','),
    ),
  ].join('\n');
}

/**
 * The balances SplitPro shows between the two (prisma/migrations/20251108122842_add_balance_view BalanceView):
 * each participant other than the payer owes the payer minus their part, summed per currency.
 */
function balanceView(expenses: readonly SplitproExpense[], friendName: string): ImportedBalance[] {
  const you = new Map<string, bigint>();
  for (const e of expenses) {
    const owed = e.paidByYou ? -e.friend : e.you;
    you.set(e.currency, (you.get(e.currency) ?? 0n) + owed);
  }
  const currencies = [...you.keys()].sort();
  const out: ImportedBalance[] = [];
  for (const [member, sign] of [
    ['You', 1n],
    [friendName, -1n],
  ] as const) {
    for (const c of currencies) {
      const amount = Number((you.get(c) ?? 0n) * sign);
      if (amount !== 0) out.push({ member, currency: c, amount: amount as Minor });
    }
  }
  return out;
}

// The data behind fixtures/splitpro/expenses_with_zoe.csv (the export of "You" with the friend Zoë Dupré):
// a name with a comma, one with quotes, one with both (which the writer leaves unescaped), a payment each
// way, three currencies, a group expense shared with someone else (Ana), and a share of 0.05 (which the
// writer spells "0.5").
// biome-ignore format: one expense a line
const EXPENSES: SplitproExpense[] = [
  { paidByYou: true, name: 'Dinner at Chez Léon, Paris', category: 'diningOut', amount: 8400n, splitType: 'EQUAL', date: '2024-03-01 20:15:00', currency: 'EUR', you: 4200n, friend: -4200n },
  { paidByYou: false, name: 'Groceries', category: 'groceries', amount: 4550n, splitType: 'EQUAL', date: '2024-03-02 10:00:00', currency: 'EUR', you: -2275n, friend: 2275n },
  { paidByYou: true, name: 'Concert "Les Nuits"', category: 'music', amount: 12000n, splitType: 'EXACT', date: '2024-03-03 21:00:00', currency: 'EUR', you: 7000n, friend: -7000n },
  { paidByYou: false, name: 'Hotel "Le Grand", 2 nights', category: 'hotel', amount: 30000n, splitType: 'SHARE', date: '2024-03-04 12:00:00', currency: 'EUR', you: -10000n, friend: 10000n },
  { paidByYou: true, name: 'Settle up', category: 'general', amount: 5000n, splitType: 'SETTLEMENT', date: '2024-03-05 09:00:00', currency: 'EUR', you: 5000n, friend: -5000n },
  { paidByYou: false, name: 'Taxi NYC', category: 'taxi', amount: 4000n, splitType: 'EQUAL', date: '2024-03-06 18:00:00', currency: 'USD', you: -2000n, friend: 2000n },
  { paidByYou: true, name: 'Museum (with Ana)', category: 'entertainment', amount: 9000n, splitType: 'EQUAL', date: '2024-03-07 11:00:00', currency: 'USD', you: 6000n, friend: -3000n, others: -3000n },
  { paidByYou: true, name: 'Gum', category: 'groceries', amount: 10n, splitType: 'EQUAL', date: '2024-03-08 08:00:00', currency: 'EUR', you: 5n, friend: -5n },
  { paidByYou: false, name: 'Ramen', category: 'diningOut', amount: 3000n, splitType: 'EQUAL', date: '2024-03-10 13:00:00', currency: 'JPY', you: -1500n, friend: 1500n },
  { paidByYou: false, name: 'Settle up', category: 'general', amount: 2000n, splitType: 'SETTLEMENT', date: '2024-03-11 10:00:00', currency: 'USD', you: -2000n, friend: 2000n },
];
const FRIEND = 'Zoë Dupré';
const FILE = fixture('splitpro/expenses_with_zoe.csv');

function ledgerOf(content: string): ImportedLedger {
  const result = readSplitproCsv.parse(content);
  if (!result.ok) throw new Error(`not read: ${result.error.message}`);
  return result.ledger;
}

describe('SplitPro CSV (a friend’s expenses, the only CSV SplitPro exports)', () => {
  it('has a fixture that is exactly what SplitPro’s export writes for its data', () => {
    expect(FILE).toBe(exportToCsv(EXPENSES, FRIEND));
  });

  it('is recognised by its header', () => {
    expect(detectImportFormat(FILE)).toBe('splitpro-csv');
    expect(readSplitproCsv.sniff('Date,Description,Category,Cost,Currency,A\n')).toBe(false);
  });

  it('reads the two members: You and the friend named in the rows they paid', () => {
    const ledger = ledgerOf(FILE);
    expect(ledger.members).toEqual([
      { name: 'You', email: null },
      { name: FRIEND, email: null },
    ]);
    expect(ledger.rows).toBe(10);
    expect(ledger.problems).toEqual([]);
  });

  it('turns an expense into its payer paying the amount and the other owing their column', () => {
    const [dinner, groceries] = ledgerOf(FILE).expenses;
    expect(dinner).toMatchObject({
      line: 2,
      date: '2024-03-01',
      description: 'Dinner at Chez Léon, Paris',
      category: 'dining',
      currency: 'EUR',
      amount: 8400,
      payers: [{ member: 'You', amount: 8400 }],
      splits: [
        { member: 'You', amount: 4200 },
        { member: FRIEND, amount: 4200 },
      ],
    });
    expect(groceries).toMatchObject({
      payers: [{ member: FRIEND, amount: 4550 }],
      splits: [
        { member: FRIEND, amount: 2275 },
        { member: 'You', amount: 2275 },
      ],
    });
  });

  it('reads names with quotes, and with quotes and a comma the writer left unescaped', () => {
    const names = ledgerOf(FILE).expenses.map((e) => e.description);
    expect(names).toContain('Concert "Les Nuits"');
    expect(names).toContain('Hotel "Le Grand", 2 nights');
  });

  it('counts the share of people outside the two as the payer’s own (the export does not name them)', () => {
    const museum = ledgerOf(FILE).expenses.find((e) => e.description === 'Museum (with Ana)');
    expect(museum?.splits).toEqual([
      { member: 'You', amount: 6000 },
      { member: FRIEND, amount: 3000 },
    ]);
  });

  it('reads a share under 0.10 as the writer spells it ("0.5" for 0.05)', () => {
    const gum = ledgerOf(FILE).expenses.find((e) => e.description === 'Gum');
    expect(gum?.splits).toEqual([
      { member: 'You', amount: 5 },
      { member: FRIEND, amount: 5 },
    ]);
  });

  it('turns SETTLEMENT rows into payments from their payer', () => {
    expect(ledgerOf(FILE).settlements).toMatchObject([
      { line: 6, from: 'You', to: FRIEND, amount: 5000, currency: 'EUR', date: '2024-03-05' },
      { line: 11, from: FRIEND, to: 'You', amount: 2000, currency: 'USD' },
    ]);
  });

  it('imports with the balances SplitPro itself computes (its BalanceView over the same expenses)', () => {
    const expected = balanceView(EXPENSES, FRIEND);
    expect(expected).toContainEqual({ member: 'You', currency: 'EUR', amount: 3930 as Minor });
    const ledger = ledgerOf(FILE);
    expect(ledger.sourceBalances).toEqual(expected);
    expect(importedBalances(ledger)).toEqual(expected);
  });

  it('reads amounts written with a decimal comma (quoted by the writer)', () => {
    const csv = `${SPLITPRO_HEADER}\nYou,Kaffee,diningOut,"12,50",EQUAL,2024-03-01 09:00:00,EUR,"6,25",0,0`;
    expect(ledgerOf(csv).expenses[0]).toMatchObject({
      amount: 1250,
      splits: [
        { member: 'You', amount: 625 },
        { member: 'Friend', amount: 625 },
      ],
    });
  });

  it('lists the rows it cannot import with their lines, and still counts them in the file’s balances', () => {
    const csv = [
      SPLITPRO_HEADER,
      'Ann,Lunch,general,10.00,EQUAL,2024-03-01 12:00:00,EUR,0,5.00,0',
      'You,Swap,general,100.00,CURRENCY_CONVERSION,2024-03-02 12:00:00,EUR,100.00,0,0',
      'You,Too much,general,10.00,EQUAL,2024-03-03 12:00:00,EUR,12.00,0,0',
      'You,Old money,general,10.00,EQUAL,2024-03-04 12:00:00,XYZ,5.00,0,0',
      'You,When,general,10.00,EQUAL,yesterday,EUR,5.00,0,0',
      'You,a name with a',
      'line break,general,10.00,EQUAL,2024-03-05 12:00:00,EUR,5.00,0,0',
    ].join('\n');
    const ledger = ledgerOf(csv);
    expect(ledger.rows).toBe(7);
    expect(ledger.problems).toEqual([
      {
        line: 3,
        message:
          'A currency conversion: SplitPro exports only the side converted from, so it is not imported',
      },
      { line: 4, message: 'A share is negative' },
      { line: 5, message: 'Currency XYZ is not one Kitty supports' },
      { line: 6, message: 'The date "yesterday" is not written yyyy-MM-dd HH:mm:ss' },
      { line: 7, message: 'The line does not have the columns of a row of SplitPro’s export' },
      { line: 8, message: 'The line does not have the columns of a row of SplitPro’s export' },
    ]);
    expect(ledger.sourceBalances).toEqual([
      { member: 'You', currency: 'EUR', amount: 11200 },
      { member: 'Ann', currency: 'EUR', amount: -11200 },
    ]);
  });

  it('fails a file without the header, without rows, or paid by two people besides You', () => {
    expect(readSplitproCsv.parse('Paid By,Name\n')).toMatchObject({ ok: false, error: { line: 1 } });
    expect(readSplitproCsv.parse(`${SPLITPRO_HEADER}\n`)).toEqual({
      ok: false,
      error: { line: 1, message: 'The file has no rows after its header' },
    });
    const two = `${SPLITPRO_HEADER}\nAnn,A,general,1.00,EQUAL,2024-03-01 12:00:00,EUR,0,0.50,0\nBen,B,general,1.00,EQUAL,2024-03-01 12:00:00,EUR,0,0.50,0`;
    expect(readSplitproCsv.parse(two)).toMatchObject({ ok: false, error: { line: 1 } });
  });

  it('reads a generated export of 1,500 rows in well under a second, with SplitPro’s balances', () => {
    const random = seeded(5);
    const currencies = ['EUR', 'USD', 'JPY'];
    const expenses: SplitproExpense[] = [];
    for (let i = 0; i < 1500; i++) {
      const currency = currencies[Math.floor(random() * 3)] as string;
      const amount = BigInt(2 + Math.floor(random() * 100_000));
      const paidByYou = random() < 0.5;
      const settlement = random() < 0.1;
      const share = settlement ? amount : 1n + BigInt(Math.floor(random() * Number(amount - 1n)));
      const [payer, other] = settlement ? [amount, -amount] : [amount - share, -share];
      expenses.push({
        paidByYou,
        name: i % 7 === 0 ? `Row ${i}, with "quotes"` : `Row ${i}`,
        category: 'general',
        amount,
        splitType: settlement ? 'SETTLEMENT' : 'EQUAL',
        date: `2023-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')} 12:00:00`,
        currency,
        you: paidByYou ? payer : other,
        friend: paidByYou ? other : payer,
      });
    }
    const csv = exportToCsv(expenses, 'Chloé');
    const started = performance.now();
    const ledger = ledgerOf(csv);
    const elapsed = performance.now() - started;
    expect(elapsed).toBeLessThan(500);
    expect(ledger.rows).toBe(1500);
    expect(ledger.problems).toEqual([]);
    expect(ledger.sourceBalances).toEqual(balanceView(expenses, 'Chloé'));
    expect(importedBalances(ledger)).toEqual(balanceView(expenses, 'Chloé'));
  });
});
