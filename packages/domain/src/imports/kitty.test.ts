import { describe, expect, it } from 'vitest';
import { readKittyJson } from './kitty';
import { importedBalances } from './ledgerBalances';
import { detectImportFormat, parseImport } from './parse';
import type { ImportedLedger } from './types';

// A version-1 archive as GET /groups/{id}/archive writes it (packages/server/src/groups/archive.ts; the
// shape is openapi.yaml KittyArchive). Ids shortened; two members share the display name "Alex".
const split = (member: string, amount: string, extra: Record<string, unknown> = {}) => ({
  member,
  amount,
  percentage: null,
  shares: null,
  adjustment: null,
  ...extra,
});

const expense = (id: string, fields: Record<string, unknown>) => ({
  id,
  date: '2026-03-01T18:30:00.000Z',
  description: 'Dinner',
  category: 'dining',
  currency: 'EUR',
  amount: '90.00',
  notes: '',
  split_type: 'equal',
  leftover_start: 0,
  payers: [{ member: 'u1', amount: '90.00' }],
  splits: [split('u1', '30.00'), split('u2', '30.00'), split('u3', '30.00')],
  comments: [],
  created_by: 'u1',
  created_at: '2026-03-01T18:31:00.000Z',
  recurring_expense_id: null,
  occurrence_date: null,
  ...fields,
});

function archive(overrides: Record<string, unknown> = {}) {
  return {
    format: 'kitty-group',
    version: 1,
    exported_at: '2026-03-10T09:00:00.000Z',
    group: {
      id: 'g1',
      name: 'Lisbon',
      description: null,
      currency: 'EUR',
      default_split_type: 'equal',
      created_at: '2026-02-01T10:00:00.000Z',
    },
    members: [
      { id: 'u1', name: 'Alex', email: 'alex@example.com', registered: true, creator: true },
      { id: 'u2', name: 'Alex', email: 'alex.b@example.com', registered: true, creator: false },
      { id: 'u3', name: 'Zoë', email: 'zoe@example.com', registered: false, creator: false },
    ],
    expenses: [
      expense('e1', {
        description: 'Cabin',
        amount: '100.00',
        notes: 'Two nights',
        leftover_start: 2,
        payers: [
          { member: 'u1', amount: '60.00' },
          { member: 'u2', amount: '40.00' },
        ],
        splits: [split('u1', '33.33'), split('u2', '33.34'), split('u3', '33.33')],
        comments: [{ author: 'u2', text: 'Paid the deposit', created_at: '2026-03-02T08:00:00.000Z' }],
      }),
      expense('e2', {
        split_type: 'percentage',
        amount: '45.10',
        payers: [{ member: 'u2', amount: '45.10' }],
        splits: [
          split('u1', '15.03', { percentage: '33.33' }),
          split('u2', '15.03', { percentage: '33.33' }),
          split('u3', '15.04', { percentage: '33.34' }),
        ],
        created_by: 'u2',
      }),
      expense('e3', {
        split_type: 'shares',
        currency: 'CZK',
        amount: '1000.00',
        payers: [{ member: 'u3', amount: '1000.00' }],
        splits: [split('u3', '666.67', { shares: 2 }), split('u1', '333.33', { shares: 1 })],
        created_by: 'u3',
      }),
      expense('e4', {
        split_type: 'exact',
        currency: 'JPY',
        amount: '3000',
        payers: [{ member: 'u1', amount: '3000' }],
        splits: [split('u1', '1000'), split('u2', '2000')],
      }),
      expense('e5', {
        split_type: 'adjustment',
        payers: [{ member: 'u2', amount: '90.00' }],
        splits: [
          split('u1', '38.34', { adjustment: '10.00' }),
          split('u2', '23.33', { adjustment: '-5.00' }),
          split('u3', '28.33', { adjustment: '0.00' }),
        ],
      }),
      expense('e6', {
        description: 'Rent',
        category: 'rent',
        recurring_expense_id: 'r1',
        occurrence_date: '2026-03-01',
      }),
    ],
    settlements: [
      {
        id: 's1',
        date: '2026-03-05T12:00:00.000Z',
        from: 'u3',
        to: 'u1',
        amount: '12.34',
        currency: 'EUR',
        description: 'Bank transfer',
        created_by: 'u3',
      },
    ],
    recurring_expenses: [
      {
        id: 'r1',
        status: 'active',
        schedule: {
          frequency: 'monthly',
          start_date: '2026-03-01',
          end_date: null,
          occurrences: null,
          time_zone: 'Europe/Lisbon',
        },
        next_date: '2026-04-01',
        occurrences_created: 1,
        created_by: 'u1',
        expense: {
          description: 'Rent',
          category: 'rent',
          currency: 'EUR',
          amount: '90.00',
          notes: '',
          split_type: 'equal',
          payers: [{ member: 'u1', amount: '90.00' }],
          splits: [split('u1', '30.00'), split('u2', '30.00'), split('u3', '30.00')],
        },
      },
    ],
    // What the rows above make (computeBalances): EUR, CZK and JPY, each summing to zero.
    balances: [
      { member: 'u1', currency: 'CZK', amount: '-333.33' },
      { member: 'u1', currency: 'EUR', amount: '20.96' },
      { member: 'u1', currency: 'JPY', amount: '2000' },
      { member: 'u2', currency: 'EUR', amount: '73.40' },
      { member: 'u2', currency: 'JPY', amount: '-2000' },
      { member: 'u3', currency: 'CZK', amount: '333.33' },
      { member: 'u3', currency: 'EUR', amount: '-94.36' },
    ],
    ...overrides,
  };
}

const text = (value: unknown) => JSON.stringify(value, null, 2);

function read(content: string): ImportedLedger {
  const result = readKittyJson.parse(content);
  if (!result.ok) throw new Error(`line ${result.error.line}: ${result.error.message}`);
  return result.ledger;
}

/**
 * The line where the object holding `"id": "<id>"` begins: its "{" is the line before the id's, so the id
 * line's 0-based index is the 1-based number of the brace's line.
 */
const lineOf = (content: string, id: string) =>
  content.split('\n').findIndex((l) => l.trim() === `"id": "${id}",`);

describe('kitty-json: Kitty reads its own archive back', () => {
  it('is recognised by its "format": "kitty-group", and nothing else is', () => {
    expect(readKittyJson.sniff(text(archive()))).toBe(true);
    expect(detectImportFormat(text(archive()))).toBe('kitty-json');
    expect(readKittyJson.sniff('{"format": "spliit"}')).toBe(false);
    expect(readKittyJson.sniff('Date,Description,Category,Cost,Currency\n')).toBe(false);
  });

  it('reads the group, and makes two members with one display name unique by their e-mail', () => {
    const ledger = read(text(archive()));
    expect(ledger).toMatchObject({ format: 'kitty-json', groupName: 'Lisbon', currency: 'EUR', rows: 7 });
    expect(ledger.members).toEqual([
      { name: 'Alex (alex@example.com)', email: 'alex@example.com' },
      { name: 'Alex (alex.b@example.com)', email: 'alex.b@example.com' },
      { name: 'Zoë', email: 'zoe@example.com' },
    ]);
    expect(ledger.problems).toEqual([]);
  });

  it('reads every expense with its payers, splits, comments and who recorded it, keyed by its archive id', () => {
    const content = text(archive());
    const ledger = read(content);
    const [a, b] = ['Alex (alex@example.com)', 'Alex (alex.b@example.com)'];
    expect(ledger.expenses.map((e) => e.key)).toEqual(
      ['e1', 'e2', 'e3', 'e4', 'e5', 'e6'].map((id) => `kitty:${id}`),
    );
    expect(ledger.expenses[0]).toEqual({
      line: lineOf(content, 'e1'),
      key: 'kitty:e1',
      date: '2026-03-01T18:30:00.000Z',
      description: 'Cabin',
      category: 'dining',
      currency: 'EUR',
      amount: 10000,
      notes: 'Two nights',
      payers: [
        { member: a, amount: 6000 },
        { member: b, amount: 4000 },
      ],
      splits: [
        { member: a, amount: 3333 },
        { member: b, amount: 3334 },
        { member: 'Zoë', amount: 3333 },
      ],
      splitKind: { type: 'equal', details: {}, leftoverStart: 2 },
      comments: [{ author: b, text: 'Paid the deposit', createdAt: '2026-03-02T08:00:00.000Z' }],
      createdBy: a,
    });
    expect(ledger.expenses[5]).toMatchObject({
      line: lineOf(content, 'e6'),
      occurrence: { recurring: 'r1', date: '2026-03-01' },
    });
  });

  it('keeps each split type as it was made: percentages, shares, exact amounts and adjustments', () => {
    const [e2, e3, e4, e5] = read(text(archive())).expenses.slice(1, 5);
    const [a, b] = ['Alex (alex@example.com)', 'Alex (alex.b@example.com)'];
    expect(e2!.splitKind).toEqual({
      type: 'percentage',
      details: { percentages: { [a]: 33.33, [b]: 33.33, Zoë: 33.34 } },
      leftoverStart: 0,
    });
    expect(e3!.splitKind?.details).toEqual({ shares: { Zoë: 2, [a]: 1 } });
    expect(e3!.amount).toBe(100000);
    expect(e4!.splitKind?.details).toEqual({ amounts: { [a]: 1000, [b]: 2000 } });
    expect(e4!.amount).toBe(3000);
    expect(e5!.splitKind?.details).toEqual({ adjustments: { [a]: 1000, [b]: -500, Zoë: 0 } });
  });

  it('reads settlements and recurring expenses with their schedule and where it stands', () => {
    const content = text(archive());
    const ledger = read(content);
    expect(ledger.settlements).toEqual([
      {
        line: lineOf(content, 's1'),
        key: 'kitty-settlement:s1',
        date: '2026-03-05T12:00:00.000Z',
        from: 'Zoë',
        to: 'Alex (alex@example.com)',
        amount: 1234,
        currency: 'EUR',
        description: 'Bank transfer',
        createdBy: 'Zoë',
      },
    ]);
    expect(ledger.recurring).toHaveLength(1);
    expect(ledger.recurring[0]).toMatchObject({
      line: lineOf(content, 'r1'),
      key: 'kitty-recurring:r1',
      status: 'active',
      schedule: {
        frequency: 'monthly',
        start_date: '2026-03-01',
        end_date: null,
        occurrences: null,
        time_zone: 'Europe/Lisbon',
      },
      nextDate: '2026-04-01',
      occurrencesCreated: 1,
      createdBy: 'Alex (alex@example.com)',
      expense: {
        description: 'Rent',
        amount: 9000,
        splitKind: { type: 'equal', details: {}, leftoverStart: 0 },
      },
    });
  });

  it("gives the archive's balances as the source's, and the rows make exactly those", () => {
    const ledger = read(text(archive()));
    expect(ledger.sourceBalances).toEqual([
      { member: 'Alex (alex@example.com)', currency: 'CZK', amount: -33333 },
      { member: 'Alex (alex@example.com)', currency: 'EUR', amount: 2096 },
      { member: 'Alex (alex@example.com)', currency: 'JPY', amount: 2000 },
      { member: 'Alex (alex.b@example.com)', currency: 'EUR', amount: 7340 },
      { member: 'Alex (alex.b@example.com)', currency: 'JPY', amount: -2000 },
      { member: 'Zoë', currency: 'CZK', amount: 33333 },
      { member: 'Zoë', currency: 'EUR', amount: -9436 },
    ]);
    const sorted = (list: { member: string; currency: string; amount: number }[]) =>
      [...list].sort((x, y) => `${x.member} ${x.currency}`.localeCompare(`${y.member} ${y.currency}`));
    expect(sorted(importedBalances(ledger))).toEqual(sorted(ledger.sourceBalances ?? []));
  });

  it("a tampered expense whose splits don't add up is a problem on its line; the rest is read", () => {
    const doc = archive();
    doc.expenses[1] = {
      ...doc.expenses[1]!,
      splits: [split('u1', '15.03', { percentage: '50' }), split('u2', '15.03', { percentage: '50' })],
    };
    const content = text(doc);
    const ledger = read(content);
    expect(ledger.problems).toEqual([
      { line: lineOf(content, 'e2'), message: 'The shares add up to 30.06 EUR, not 45.10' },
    ]);
    expect(ledger.expenses.map((e) => e.key)).not.toContain('kitty:e2');
    expect(ledger.expenses).toHaveLength(5);
    expect(ledger.rows).toBe(7);
  });

  it('a row naming someone who is not in the members, or an amount finer than its currency, is a problem', () => {
    const doc = archive();
    doc.expenses[0] = { ...doc.expenses[0]!, payers: [{ member: 'u9', amount: '100.00' }] };
    doc.expenses[3] = { ...doc.expenses[3]!, amount: '3000.5' };
    doc.settlements[0] = { ...doc.settlements[0]!, to: 'u3' };
    const content = text(doc);
    expect(read(content).problems).toEqual([
      { line: lineOf(content, 'e1'), message: 'Member u9 is not a member of the group' },
      { line: lineOf(content, 'e4'), message: '3000.5 JPY: Amounts in JPY must be whole numbers' },
      { line: lineOf(content, 's1'), message: 'A payment from someone to themselves' },
    ]);
  });

  it('an archive of another version fails with the version it is, on its line', () => {
    const content = text(archive({ version: 2 }));
    expect(readKittyJson.parse(content)).toEqual({
      ok: false,
      error: { line: 3, message: 'This archive is version 2; this Kitty reads version 1' },
    });
  });

  it('anything that is not the shape of a version-1 archive fails naming the line and the field', () => {
    const doc = archive();
    doc.expenses[2] = { ...doc.expenses[2]!, amount: 1000 };
    const content = text(doc);
    expect(readKittyJson.parse(content)).toEqual({
      ok: false,
      error: {
        line: lineOf(content, 'e3'),
        message: 'An expense: "amount" must be text',
      },
    });
    const noSettlements = text({ ...archive(), settlements: undefined });
    expect(readKittyJson.parse(noSettlements)).toMatchObject({
      ok: false,
      error: { message: 'The archive: "settlements" must be a list' },
    });
    const floaty = text(archive({ balances: [{ member: 'u1', currency: 'EUR', amount: '1e3' }] }));
    expect(readKittyJson.parse(floaty)).toMatchObject({
      ok: false,
      error: { message: 'A balance: "amount" must be a decimal number written as text, like "12.50"' },
    });
  });

  it('text that is not JSON fails with the line where reading stopped', () => {
    const result = parseImport('kitty-json', '{\n  "format": "kitty-group",\n  "version": 1,\n  oops\n}');
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.line).toBe(4);
      expect(result.error.message).toMatch(/^This is not valid JSON/);
    }
  });

  it('reads an archive written on one line too, every item on line 1', () => {
    const ledger = read(JSON.stringify(archive()));
    expect(
      new Set([...ledger.expenses, ...ledger.settlements, ...ledger.recurring].map((r) => r.line)),
    ).toEqual(new Set([1]));
  });
});
