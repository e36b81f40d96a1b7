import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { importedBalances } from './ledgerBalances';
import { detectImportFormat, parseImport } from './parse';
import { spliitExpenseShares } from './spliit';
import { readSpliitJson } from './spliitJson';
import type { ImportedLedger } from './types';

// fixtures/spliit/group.json is a group in the shape of Spliit's JSON export
// (spliit-app/spliit src/app/groups/[groupId]/expenses/export/json/route.ts: the Prisma select written as
// JSON), pretty-printed so that each expense begins on its own line; Spliit itself writes it on one line
// (see "reads the export as Spliit writes it, on one line"). Participant ids p1zoe < p2bob < p3carlos <
// p4dagny < p5amelie sort as the names' order, which is the order Spliit's split rotates through.
const fixture = readFileSync(new URL('./fixtures/spliit/group.json', import.meta.url), 'utf8');

function ledgerOf(text: string): ImportedLedger {
  const result = readSpliitJson.parse(text);
  if (!result.ok) throw new Error(result.error.message);
  return result.ledger;
}

/** The line of the fixture where the expense with this id begins (its "{" is the line before its id). */
function lineOfExpense(text: string, id: string): number {
  const lines = text.split('\n');
  return lines.findIndex((l) => l.includes(`"id": "${id}"`));
}

const EUR = (member: string, amount: number) => ({ member, currency: 'EUR', amount });

describe('Spliit JSON export', () => {
  const ledger = ledgerOf(fixture);
  const expense = (id: string) => ledger.expenses.find((e) => e.key === `spliit:${id}`);

  it("is recognised by its shape, and does not claim Kitty's or IHateMoney's JSON", () => {
    expect(readSpliitJson.sniff(fixture)).toBe(true);
    expect(detectImportFormat(fixture)).toBe('spliit-json');
    const kitty = JSON.stringify({ format: 'kitty-group', currency: 'EUR', participants: [], expenses: [] });
    expect(readSpliitJson.sniff(kitty)).toBe(false);
    expect(readSpliitJson.sniff('[{"what":"x","payer_name":"a","owers":["a"]}]')).toBe(false);
    expect(readSpliitJson.sniff('"Date","Description"')).toBe(false);
  });

  it('imports with the balances Spliit itself computes', () => {
    // Each figure is Spliit's getBalances (src/lib/balances.ts) over the imported expenses, expense by expense:
    //  exp-01 Zoé pays 30.00 for Zoé and Bob: +15.00 / -15.00 (balances.test.ts "splits an expense evenly
    //         between the participants": alice paid 3000, paidFor 1500, total 1500; bob -1500)
    //  exp-02 Bob pays 1.00 by shares 1:2: Zoé 0.33, Bob 0.67 (shares.test.ts "splits BY_SHARES proportionally")
    //  exp-03 Carlos pays 10.00 by amounts 3.33/3.33/3.34 (shares.test.ts "leaves exact BY_AMOUNT shares untouched")
    //  exp-04 Zoé pays 1.00 by 33.33/33.33/33.34 %: 0.33/0.33/0.34 (shares.ts apportion: the unit left over goes
    //         to the largest remainder, Carlos's 3334)
    //  exp-05 Dagny pays 1.00 for Zoé, Bob, Carlos: hashString("exp-05") % 3 = 0, so the first id, Zoé's, is
    //         offered the leftover: 0.34/0.33/0.33 (shares.ts getExpenseShares)
    //  exp-06 Zoé pays Dagny back 1.00 (a reimbursement, counted like any expense: balances.test.ts "counts a
    //         reimbursement like any other expense")
    //  exp-07 Amélie pays 100.01 for four: hashString("exp-07") % 4 = 2, Carlos (third id) gets 25.01
    //  exp-08 Bob pays Zoé back 15.00; exp-09 Carlos pays Zoé and Bob back 10.00, 5.00 each
    //  exp-10 Bob pays 97.26 for Bob and Carlos: 48.63 each
    //  exp-11 Zoé pays 29.99 for Zoé and Amélie: hashString("exp-11") % 2 = 1, Amélie gets 15.00, Zoé 14.99
    //  exp-15 Bob pays 4.50 for Bob and Amélie: 2.25 each
    //  exp-13 an income of -5.00 Zoé received for Zoé and Bob: -2.50 each (shares.test.ts "splits an income
    //         (negative amount)"), so Zoé -5.00 + 2.50, Bob +2.50
    const expected = [
      EUR('Zoé', -1733 - 250),
      EUR('Bob', 1722 + 250),
      EUR('Carlos', -5765),
      EUR('Amélie', 5776),
    ];
    expect(importedBalances(ledger)).toEqual(expected);
    // Spliit's own balances also count the two rows Kitty does not import: exp-12 (Carlos 10.00 "by amount"
    // 3.00 + 3.00, which Spliit normalises to 5.00 each: shares.test.ts "normalises BY_AMOUNT shares that do
    // not add up to the amount"); exp-14 names a participant the group does not have, which Spliit cannot
    // hold.
    expect(ledger.sourceBalances).toEqual([
      EUR('Zoé', -1733 - 250 - 500),
      EUR('Bob', 1722 + 250 - 500),
      EUR('Carlos', -5765 + 1000),
      EUR('Amélie', 5776),
    ]);
  });

  it('splits each expense as Spliit does, to the cent', () => {
    const parts = (id: string) =>
      Object.fromEntries((expense(id)?.splits ?? []).map((s) => [s.member, s.amount]));
    expect(parts('exp-02')).toEqual({ Zoé: 33, Bob: 67 });
    expect(parts('exp-03')).toEqual({ Zoé: 333, Bob: 333, Carlos: 334 });
    expect(parts('exp-04')).toEqual({ Zoé: 33, Bob: 33, Carlos: 34 });
    expect(parts('exp-05')).toEqual({ Zoé: 34, Bob: 33, Carlos: 33 });
    expect(parts('exp-07')).toEqual({ Zoé: 2500, Bob: 2500, Carlos: 2501, Amélie: 2500 });
    expect(parts('exp-11')).toEqual({ Zoé: 1499, Amélie: 1500 });
    expect(expense('exp-05')?.payers).toEqual([{ member: 'Dagny', amount: 100 }]);
  });

  it('keeps the participants, trimmed and in NFC, including one who settled up and left', () => {
    expect(ledger.members.map((m) => m.name)).toEqual(['Zoé', 'Bob', 'Carlos', 'Dagny', 'Amélie']);
    expect(ledger.members.every((m) => m.name === m.name.normalize('NFC') && m.email === null)).toBe(true);
    expect(importedBalances(ledger).some((b) => b.member === 'Dagny')).toBe(false);
  });

  it('reads the group, the day, the text, the category and what cannot be kept into notes', () => {
    expect(ledger).toMatchObject({
      format: 'spliit-json',
      groupName: 'Week-end à Chamonix',
      currency: 'EUR',
    });
    expect(ledger.rows).toBe(15);
    expect(expense('exp-07')).toMatchObject({
      date: '2024-06-04',
      description: 'Dîner "Chez Mémé", fondue',
      category: 'dining',
      notes: 'Vin compris,\nmerci Amélie !',
      amount: 10001,
      currency: 'EUR',
    });
    expect(expense('exp-01')?.category).toBe('groceries');
    expect(expense('exp-02')).toMatchObject({
      category: 'transport',
      notes: 'Category in Spliit: Bus/Train',
    });
    expect(expense('exp-03')).toMatchObject({
      category: 'accommodation',
      notes: 'Category in Spliit: Hotel',
    });
    expect(expense('exp-10')).toMatchObject({
      category: 'travel',
      notes: 'Entered in Spliit as 100.00 CHF at 0.9726\nCategory in Spliit: Plane',
    });
    expect(expense('exp-11')?.notes).toBe(
      'Category in Spliit: TV/Phone/Internet\nRepeated monthly in Spliit',
    );
    expect(expense('exp-15')).toMatchObject({ category: 'other', notes: '' });
  });

  it('makes a reimbursement to one person a payment, and one to several an expense', () => {
    expect(ledger.settlements).toEqual([
      {
        line: lineOfExpense(fixture, 'exp-06'),
        key: 'spliit:exp-06',
        date: '2024-06-04',
        from: 'Zoé',
        to: 'Dagny',
        amount: 100,
        currency: 'EUR',
        description: 'Zoé rembourse Dagny',
      },
      expect.objectContaining({ key: 'spliit:exp-08', from: 'Bob', to: 'Zoé', amount: 1500 }),
    ]);
    expect(expense('exp-09')).toMatchObject({
      payers: [{ member: 'Carlos', amount: 1000 }],
      splits: [
        { member: 'Zoé', amount: 500 },
        { member: 'Bob', amount: 500 },
      ],
      notes: 'A reimbursement in Spliit, to several people',
    });
  });

  it('imports an income (a negative amount) as an expense owed to those who share it, its amount in the notes', () => {
    expect(expense('exp-13')).toMatchObject({
      description: 'Caution rendue',
      amount: 250,
      notes: '-5.00 EUR',
      payers: [{ member: 'Bob', amount: 250 }],
      splits: [{ member: 'Zoé', amount: 250 }],
    });
  });

  it("splits an income to the cent as Spliit's own test does (-95.00 for three: -31.67, -31.67, -31.66)", () => {
    // shares.test.ts "splits an income (negative amount) without losing a minor unit": whoever gets which
    // share, the three are those. Ann received the money and shares it: her balance goes down by what the
    // others' shares add up to, theirs up by their share.
    const income = ledgerOf(
      JSON.stringify({
        name: 'Income',
        currency: '€',
        currencyCode: 'EUR',
        participants: [
          { id: 'alice', name: 'Ann' },
          { id: 'bob', name: 'Ben' },
          { id: 'carol', name: 'Cleo' },
        ],
        expenses: [
          {
            id: 'e1',
            expenseDate: '2024-06-01T00:00:00.000Z',
            title: 'Sold the tent',
            category: null,
            amount: -9500,
            paidById: 'alice',
            paidFor: [
              { participantId: 'alice', shares: 1 },
              { participantId: 'bob', shares: 1 },
              { participantId: 'carol', shares: 1 },
            ],
            isReimbursement: false,
            splitMode: 'EVENLY',
          },
        ],
      }),
    );
    expect(income.problems).toEqual([]);
    const [row] = income.expenses;
    const others = (row?.payers ?? []).map((p) => p.amount);
    const ann = 9500 - (row?.splits[0]?.amount ?? 0);
    expect(row?.splits.map((s) => s.member)).toEqual(['Ann']);
    expect([ann, ...others].sort()).toEqual([3166, 3167, 3167]);
    expect(importedBalances(income)).toEqual(income.sourceBalances);
  });

  it('lists the rows it cannot import at the line where each begins, never fixed', () => {
    expect(ledger.problems).toEqual([
      {
        line: lineOfExpense(fixture, 'exp-12'),
        message: '"Ancienne dépense": The amounts of the split add up to 600 cents, not 1000',
      },
      {
        line: lineOfExpense(fixture, 'exp-14'),
        message: '"Fantôme": Participant p9ghost is not in the export\'s participants',
      },
    ]);
    expect(ledger.expenses.length + ledger.settlements.length + ledger.problems.length).toBe(ledger.rows);
    expect(expense('exp-01')?.line).toBe(lineOfExpense(fixture, 'exp-01'));
  });

  it('reads the export as Spliit writes it, on one line', () => {
    const oneLine = ledgerOf(JSON.stringify(JSON.parse(fixture)));
    expect(importedBalances(oneLine)).toEqual(importedBalances(ledger));
    expect(oneLine.problems.map((p) => p.line)).toEqual([1, 1]);
    expect(oneLine.problems[0]?.message).toContain('"Ancienne dépense"');
  });

  it('fails a file it cannot read at all, naming the line', () => {
    expect(readSpliitJson.parse('{\n  "name": "x",\n  "participants": [,]\n}')).toEqual({
      ok: false,
      error: { line: 3, message: 'This is not valid JSON (a value was expected)' },
    });
    expect(readSpliitJson.parse('{"name": "x"}')).toMatchObject({ ok: false, error: { line: 1 } });
    expect(readSpliitJson.parse('{"currency":"€","participants":[],\n"expenses":[]}')).toEqual({
      ok: false,
      error: { line: 2, message: 'The Spliit export has no expenses' },
    });
    expect(parseImport('spliit-json', '{"participants": [{"id": "a"}], "expenses": [{}]}')).toMatchObject({
      ok: false,
      error: { line: 1, message: 'A participant without an id and a name' },
    });
  });

  it('lists a second expense with the same id, so that nothing is imported twice', () => {
    const group = JSON.parse(fixture) as { expenses: { id: string }[] };
    group.expenses.push({ ...(group.expenses[0] as { id: string }) });
    const twice = ledgerOf(JSON.stringify(group, null, 2));
    expect(twice.problems.at(-1)).toEqual({
      line: expect.any(Number),
      message: `"Courses Carrefour": The expense id exp-01 is already the expense on line ${lineOfExpense(fixture, 'exp-01')}`,
    });
    expect(twice.expenses.filter((e) => e.key === 'spliit:exp-01')).toHaveLength(1);
    expect(importedBalances(twice)).toEqual(importedBalances(ledger));
  });

  it('keeps the cents of a forint group as Kitty holds them (Spliit counts whole forints)', () => {
    const huf = ledgerOf(
      JSON.stringify({
        name: 'Budapest',
        currency: 'Ft',
        currencyCode: 'HUF',
        participants: [
          { id: 'a', name: 'Anna' },
          { id: 'b', name: 'Béla' },
          { id: 'c', name: 'Csaba' },
        ],
        expenses: [
          {
            id: 'x',
            expenseDate: '2025-03-01T00:00:00.000Z',
            title: 'Lángos',
            amount: 1000,
            paidById: 'a',
            paidFor: ['a', 'b', 'c'].map((participantId) => ({ participantId, shares: 100 })),
            splitMode: 'EVENLY',
            isReimbursement: false,
          },
        ],
      }),
    );
    // 1000 Ft split three ways is 333/333/334 Ft in Spliit (whole forints, currency-data.json
    // decimal_digits 0), never 333.33 Ft: Kitty holds forints with two decimals, so 33300/33300/33400.
    expect(huf.expenses[0]?.amount).toBe(100000);
    expect(huf.expenses[0]?.splits.map((s) => s.amount).sort()).toEqual([33300, 33300, 33400]);
    expect(importedBalances(huf)).toEqual(huf.sourceBalances);
  });

  it("reads an older group's currency symbol only when one currency has it", () => {
    const group = (currency: string) =>
      JSON.stringify({
        name: 'Old',
        currency,
        currencyCode: null,
        participants: [{ id: 'a', name: 'Ann' }],
        expenses: [
          {
            id: 'x',
            expenseDate: '2023-03-01T00:00:00.000Z',
            title: 'Tea',
            amount: 250,
            paidById: 'a',
            paidFor: [{ participantId: 'a', shares: 100 }],
            splitMode: 'EVENLY',
          },
        ],
      });
    expect(ledgerOf(group('€')).currency).toBe('EUR');
    const dollar = ledgerOf(group('$'));
    expect(dollar).toMatchObject({ currency: null, sourceBalances: null, expenses: [] });
    expect(dollar.problems).toEqual([
      {
        line: 1,
        message:
          '"Tea": The group\'s currency "$" is not one Kitty supports, or says too little: choose the currency its amounts are in',
      },
    ]);
    const chosen = readSpliitJson.parse(group('$'), { currency: 'USD' });
    expect(chosen.ok && chosen.ledger).toMatchObject({ currency: 'USD', assumedCurrency: 'USD' });
    expect(chosen.ok && chosen.ledger.expenses).toHaveLength(1);
    // A code Kitty does not support is never taken as the chosen currency.
    const baht = readSpliitJson.parse(group('THB'), { currency: 'USD' });
    expect(baht.ok && baht.ledger).toMatchObject({ currency: null, assumedCurrency: null, expenses: [] });
  });

  it('reads 1,500 expenses well under a second, each split as Spliit splits it', () => {
    const ids = ['p-a', 'p-b', 'p-c', 'p-d', 'p-e', 'p-f', 'p-g'];
    let seed = 20260804;
    const random = (bound: number) => {
      seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
      return seed % bound;
    };
    const modes = ['EVENLY', 'BY_SHARES', 'BY_PERCENTAGE', 'BY_AMOUNT'] as const;
    const expenses = Array.from({ length: 1500 }, (_, i) => {
      const paidFor = ids.filter(() => random(2) === 0);
      if (paidFor.length === 0) paidFor.push(ids[random(ids.length)] as string);
      const amount = paidFor.length + random(100000);
      const splitMode = modes[random(4)] ?? 'EVENLY';
      const whole = splitMode === 'BY_PERCENTAGE' ? 10000 : amount;
      const shares = paidFor.map((_, j) =>
        splitMode === 'BY_SHARES'
          ? 100 * (1 + random(5))
          : splitMode === 'EVENLY'
            ? 100
            : Math.floor(whole / paidFor.length) + (j < whole % paidFor.length ? 1 : 0),
      );
      return {
        id: `gen-${i}`,
        expenseDate: `2025-${String(1 + (i % 12)).padStart(2, '0')}-15T00:00:00.000Z`,
        title: `Expense ${i}, "quoted"`,
        category: { grouping: 'Food and Drink', name: 'Groceries' },
        amount,
        paidById: ids[random(ids.length)],
        paidFor: paidFor.map((participantId, j) => ({ participantId, shares: shares[j] })),
        isReimbursement: false,
        splitMode,
        recurrenceRule: 'NONE',
        notes: null,
      };
    });
    const text = JSON.stringify({
      name: 'Big',
      currency: '€',
      currencyCode: 'EUR',
      participants: ids.map((id) => ({ id, name: `Name ${id}` })),
      expenses,
    });
    const started = performance.now();
    const big = ledgerOf(text);
    const elapsed = performance.now() - started;
    expect(big.problems).toEqual([]);
    expect(big.expenses).toHaveLength(1500);
    expect(elapsed).toBeLessThan(1000);
    // Kitty's allocate with Spliit's rotation gives every share Spliit's float arithmetic gives.
    for (const [i, e] of big.expenses.entries()) {
      const spliit = spliitExpenseShares(expenses[i] as Parameters<typeof spliitExpenseShares>[0]);
      for (const s of e.splits) expect(s.amount).toBe(spliit.get(s.member.slice(5)));
    }
    expect(importedBalances(big)).toEqual(big.sourceBalances);
  });
});
