import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allocate } from '../allocate';
import { formatMoney, type Minor, parseMoneyOrThrow } from '../money';
import { fixture, ledgerOf as readLedger, seeded, timedLedger } from './fixtures/fixture';
import { importedBalances } from './ledgerBalances';
import { withIdentities } from './keys';
import { detectImportFormat, parseImport } from './parse';
import { refundOfNets } from './refunds';
import { partsOfNets, readSplitwiseCsv } from './splitwise';
import type { ImportedBalance, ImportedLedger } from './types';

// fixtures/splitwise/group.csv is written the way Splitwise writes its group export (header, a blank line,
// the rows, a blank line, one "Total balance" row per currency with blank Category and Cost), the layout
// julien-nc/cospend-nc lib/Service/CospendService.php importSWProject reads: members from the sixth column
// on, each row's columns the members' nets, "Payment" rows for payments. It has a description with a comma,
// one with a line break and "" quotes, three currencies, two payments, a row paid by two people, members
// with accents and José, who settles up and takes part in nothing after (a member who left).
const GROUP = fixture('splitwise/group.csv');

function ledgerOf(content: string): ImportedLedger {
  return readLedger(readSplitwiseCsv, content);
}

function eur(amount: number): Minor {
  return amount as Minor;
}

/**
 * Splitwise's own balances: each member's column summed over the data rows, per currency. Read from the
 * right end of each line (the members' columns and the currency never hold a comma or a line break), so it
 * does not depend on the reader's handling of quotes.
 */
function columnSums(csv: string): ImportedBalance[] {
  const [head = '', ...lines] = csv.split('\n');
  const members = head.split(',').slice(5);
  const sums = new Map<string, Map<string, number>>();
  for (const line of lines) {
    const cells = line.split(',');
    if (cells.length < members.length + 5 || line.includes(',Total balance,')) continue;
    const columns = cells.slice(-members.length);
    const currency = cells[cells.length - members.length - 1] as string;
    const byMember = sums.get(currency) ?? new Map<string, number>();
    sums.set(currency, byMember);
    members.forEach((m, i) => {
      byMember.set(m, (byMember.get(m) ?? 0) + parseMoneyOrThrow(columns[i] as string, currency));
    });
  }
  const out: ImportedBalance[] = [];
  for (const member of members) {
    for (const currency of [...sums.keys()].sort()) {
      const amount = sums.get(currency)?.get(member) ?? 0;
      if (amount !== 0) out.push({ member, currency, amount: amount as Minor });
    }
  }
  return out;
}

describe('Splitwise CSV', () => {
  it('is recognised and read by its header, also after the note of a friend export, and nothing else is', () => {
    expect(detectImportFormat(GROUP)).toBe('splitwise-csv');
    const friendExport = `Note: does not include group expenses\n\n${GROUP}`;
    expect(readSplitwiseCsv.sniff(friendExport)).toBe(true);
    expect(ledgerOf(friendExport).expenses.map((e) => e.line - 2)).toEqual(
      ledgerOf(GROUP).expenses.map((e) => e.line),
    );
    expect(readSplitwiseCsv.sniff('Date,Description,Category,Currency,Cost,Alice\n')).toBe(false);
    expect(readSplitwiseCsv.sniff('what,amount,payer_name\n')).toBe(false);
  });

  it('reads the members in column order, accents kept', () => {
    const ledger = ledgerOf(GROUP);
    expect(ledger.members.map((m) => m.name)).toEqual(['Alice Martin', 'Bob', 'Zoë Dupré', 'José']);
    expect(ledger.rows).toBe(9);
    expect(ledger.problems).toEqual([]);
  });

  it('turns a row paid by one member into that member paying the cost and everyone owing minus their column', () => {
    const [dinner] = ledgerOf(GROUP).expenses;
    expect(dinner).toMatchObject({
      line: 3,
      date: '2024-03-01',
      description: 'Dinner at Chez Léon, Paris',
      category: 'dining',
      currency: 'EUR',
      amount: 12000,
      notes: '',
      payers: [{ member: 'Alice Martin', amount: 12000 }],
      splits: [
        { member: 'Alice Martin', amount: 3000 },
        { member: 'Bob', amount: 3000 },
        { member: 'Zoë Dupré', amount: 3000 },
        { member: 'José', amount: 3000 },
      ],
    });
  });

  it('keeps a description with a line break and quotes, and dates the row at the line it begins on', () => {
    const groceries = ledgerOf(GROUP).expenses[1];
    expect(groceries).toMatchObject({
      line: 4,
      description: 'Groceries\nmilk, eggs "bio"',
      amount: 4550,
      payers: [{ member: 'Bob', amount: 4550 }],
      splits: [
        { member: 'Alice Martin', amount: 1517 },
        { member: 'Bob', amount: 1517 },
        { member: 'Zoë Dupré', amount: 1516 },
      ],
    });
    expect(ledgerOf(GROUP).expenses[2]?.line).toBe(6);
  });

  it('gives a row paid by two members to both, each paying their column plus an equal share of the rest', () => {
    // Alice paid 40 and Zoë 20 of 60 shared by four: Alice +25, Zoë +5, Bob and José -15.
    const museum = ledgerOf(GROUP).expenses.find((e) => e.description === 'Museum tickets');
    expect(museum?.payers).toEqual([
      { member: 'Alice Martin', amount: 4000 },
      { member: 'Zoë Dupré', amount: 2000 },
    ]);
    expect(museum?.splits).toEqual([
      { member: 'Alice Martin', amount: 1500 },
      { member: 'Bob', amount: 1500 },
      { member: 'Zoë Dupré', amount: 1500 },
      { member: 'José', amount: 1500 },
    ]);
  });

  it('turns Payment rows into payments from the member whose column is positive', () => {
    expect(ledgerOf(GROUP).settlements).toMatchObject([
      { line: 7, date: '2024-03-04', from: 'José', to: 'Alice Martin', amount: 4500, currency: 'EUR' },
      { line: 10, date: '2024-03-11', from: 'Zoë Dupré', to: 'Bob', amount: 10000, currency: 'USD' },
    ]);
  });

  it('maps categories to Kitty’s and keeps a name it cannot map in the notes', () => {
    const byDescription = new Map(ledgerOf(GROUP).expenses.map((e) => [e.description, e]));
    expect(byDescription.get('Taxi')?.category).toBe('transport');
    expect(byDescription.get('Hotel "Le Grand", 2 nights')?.category).toBe('accommodation');
    expect(byDescription.get('Vet for Rex')).toMatchObject({ category: 'other', notes: 'Category: Pets' });
  });

  it('reads amounts of a currency without decimals in its own units', () => {
    const ramen = ledgerOf(GROUP).expenses.find((e) => e.currency === 'JPY');
    expect(ramen).toMatchObject({ amount: 3000, payers: [{ member: 'Zoë Dupré', amount: 3000 }] });
  });

  it('imports with the balances Splitwise itself computes (its columns, and its Total balance rows)', () => {
    const ledger = ledgerOf(GROUP);
    const expected = columnSums(GROUP);
    expect(expected).toContainEqual({ member: 'Alice Martin', currency: 'EUR', amount: eur(9483) });
    expect(ledger.sourceBalances).toEqual(expected);
    expect(importedBalances(ledger)).toEqual(expected);
  });

  it('reads the same ledger from CRLF line ends (a line break in a cell too) and a byte-order mark', () => {
    const windows = `\ufeff${GROUP.replace(/\n/g, '\r\n')}`;
    const read = parseImport('auto', windows);
    expect(read.ok && read.ledger).toEqual(withIdentities(ledgerOf(GROUP)));
  });

  it('gives the same keys to the same rows when a member joined later (a new column of zeros)', () => {
    const widened = GROUP.split('\n')
      .map((line, i) => (line.split(',').length < 6 ? line : i === 0 ? `${line},Newcomer` : `${line},0.00`))
      .join('\n');
    const before = ledgerOf(GROUP);
    const after = ledgerOf(widened);
    expect(after.expenses.map((e) => e.key)).toEqual(before.expenses.map((e) => e.key));
    expect(after.settlements.map((s) => s.key)).toEqual(before.settlements.map((s) => s.key));
  });

  it('keys two identical rows apart, so both are imported', () => {
    const row = '2024-01-02,Coffee,General,4.00,EUR,2.00,-2.00';
    const ledger = ledgerOf(`Date,Description,Category,Cost,Currency,A,B\n${row}\n${row}\n`);
    const [first, second] = ledger.expenses;
    expect(first?.key).not.toBe(second?.key);
    expect(second?.key).toBe(`${first?.key}#2`);
  });

  it('lists a row whose columns do not add up to zero as a problem of its line, counted in the file balances', () => {
    const csv = [
      'Date,Description,Category,Cost,Currency,Ann,Ben',
      '2024-01-02,Lunch,General,10.00,EUR,5.00,-5.00',
      '2024-01-03,Typo,General,10.00,EUR,5.00,-4.00',
      '2024-01-04,Too little,General,4.00,EUR,5.00,-5.00',
      '2024-01-05,Nobody,General,4.00,EUR,0.00,0.00',
      '2024-01-06,Odd payment,Payment,5.00,EUR,3.00,-3.00',
      '2024-31-01,Bad date,General,4.00,EUR,2.00,-2.00',
      '2024-01-07,Bad amount,General,4.00,EUR,2.005,-2.005',
      '2024-01-08,Old money,General,4.00,XYZ,2.00,-2.00',
      '',
      '2024-01-31,Total balance, , ,EUR,17.00,-16.00',
    ].join('\n');
    const ledger = ledgerOf(csv);
    expect(ledger.rows).toBe(8);
    expect(ledger.expenses.map((e) => e.line)).toEqual([2]);
    expect(ledger.problems).toEqual([
      { line: 3, message: "The members' columns add up to 1.00, not zero" },
      { line: 4, message: 'The cost 4.00 is less than the 5.00 its columns say was lent' },
      { line: 5, message: "Every member's column is zero: who paid cannot be told" },
      { line: 6, message: "The payment's cost 5.00 is not the 3.00 its columns move" },
      { line: 7, message: 'The date "2024-31-01" is not a day written YYYY-MM-DD' },
      { line: 8, message: `Ann's column is not an amount of EUR: "2.005"` },
      { line: 9, message: 'Currency XYZ is not one Kitty supports' },
      {
        line: 11,
        message:
          'The Total balance in EUR says Ann 17.00 where the rows add up to 20.00; Ben -16.00 where the rows add up to -19.00',
      },
    ]);
    // The file's balances count every row whose columns are amounts, problem or not.
    expect(ledger.sourceBalances).toEqual([
      { member: 'Ann', currency: 'EUR', amount: 2000 },
      { member: 'Ben', currency: 'EUR', amount: -1900 },
    ]);
    expect(importedBalances(ledger)).toEqual([
      { member: 'Ann', currency: 'EUR', amount: 500 },
      { member: 'Ben', currency: 'EUR', amount: -500 },
    ]);
  });

  it('fails a file without the header, with no members, with twice the same member or without rows', () => {
    expect(readSplitwiseCsv.parse('Date,What,Amount\n')).toEqual({
      ok: false,
      error: {
        line: 1,
        message:
          'This is not a Splitwise export: its header should begin Date,Description,Category,Cost,Currency',
      },
    });
    expect(readSplitwiseCsv.parse('Date,Description,Category,Cost,Currency\n')).toMatchObject({
      ok: false,
      error: { line: 1, message: 'The header names no member after Currency' },
    });
    expect(readSplitwiseCsv.parse('Date,Description,Category,Cost,Currency,Ann, Ann\n')).toMatchObject({
      ok: false,
      error: { line: 1, message: 'Two columns are named Ann' },
    });
    expect(
      readSplitwiseCsv.parse(
        'Date,Description,Category,Cost,Currency,Ann\n\n2024-01-31,Total balance, , ,EUR,0\n',
      ),
    ).toMatchObject({ ok: false, error: { line: 1, message: 'The file has no rows after its header' } });
    expect(readSplitwiseCsv.parse('Date,Description,Category,Cost,Currency,Ann\n"open')).toMatchObject({
      ok: false,
      error: { line: 2 },
    });
  });

  it('trims member names and writes their accents in one way (NFC)', () => {
    const decomposed = 'Zoe\u0308';
    const ledger = ledgerOf(
      `Date,Description,Category,Cost,Currency, ${decomposed} ,Ann\n2024-01-02,Tea,General,4.00,EUR,2.00,-2.00\n`,
    );
    expect(ledger.members.map((m) => m.name)).toEqual(['Zoë', 'Ann']);
    expect(ledger.expenses[0]?.payers).toEqual([{ member: 'Zoë', amount: 400 }]);
  });

  it('keeps every member’s balance change equal to their column, whatever the columns (several payers)', () => {
    const random = seeded(7);
    for (let run = 0; run < 500; run++) {
      const n = 2 + Math.floor(random() * 5);
      const names = Array.from({ length: n }, (_, i) => `M${i}`);
      const paid = names.map(() => (random() < 0.4 ? Math.floor(random() * 10_000) : 0));
      const cost = paid.reduce((a, b) => a + b, 0);
      if (cost === 0) continue;
      const weights = names.map((_, i) => (i === 0 ? 1 : Math.floor(random() * 3)));
      const shares = allocate(cost, weights, names);
      const nets = names.map((member, i) => ({
        member,
        amount: ((paid[i] ?? 0) - (shares[i] ?? 0)) as Minor,
      }));
      const parts = partsOfNets(cost as Minor, nets, 'EUR');
      if (nets.every((n) => n.amount === 0)) {
        expect(parts).toBe("Every member's column is zero: who paid cannot be told");
        continue;
      }
      if (typeof parts === 'string') throw new Error(parts);
      const change = new Map<string, number>();
      for (const p of parts.payers) change.set(p.member, (change.get(p.member) ?? 0) + p.amount);
      for (const s of parts.splits) change.set(s.member, (change.get(s.member) ?? 0) - s.amount);
      for (const net of nets) expect(change.get(net.member) ?? 0).toBe(net.amount);
      expect(parts.payers.reduce((a, p) => a + p.amount, 0)).toBe(cost);
      expect(parts.splits.reduce((a, s) => a + s.amount, 0)).toBe(cost);
      expect(parts.payers.every((p) => p.amount > 0) && parts.splits.every((s) => s.amount > 0)).toBe(true);
    }
  });

  it('imports a refund (a negative cost) as an expense owed to those it is owed to, every balance kept', () => {
    // A trip in CHF: Ann paid the hotel 480.00 for four; the hotel refunded 160.00 to Ann, shared by all
    // four (Splitwise writes it with cost -160.00, Ann's column -120.00, everyone else's 40.00). The Total
    // balance row is Splitwise's own: its columns summed.
    const csv = [
      'Date,Description,Category,Cost,Currency,Ann,Ben,Cleo,Dev',
      '',
      '2024-06-01,Hotel,Hotel,480.00,CHF,360.00,-120.00,-120.00,-120.00',
      '2024-06-04,Hotel refund,Hotel,-160.00,CHF,-120.00,40.00,40.00,40.00',
      '2024-06-05,Deposit back,General,-50.00,CHF,25.00,-50.00,25.00,0.00',
      '',
      '2024-06-30,Total balance, , ,CHF,265.00,-130.00,-55.00,-80.00',
    ].join('\n');
    const ledger = ledgerOf(csv);
    expect(ledger.problems).toEqual([]);
    const [, refund, deposit] = ledger.expenses;
    expect(refund).toMatchObject({
      line: 4,
      description: 'Hotel refund',
      category: 'accommodation',
      currency: 'CHF',
      amount: 12000,
      notes: '-160.00 CHF',
      payers: [
        { member: 'Ben', amount: 4000 },
        { member: 'Cleo', amount: 4000 },
        { member: 'Dev', amount: 4000 },
      ],
      splits: [{ member: 'Ann', amount: 12000 }],
    });
    expect(deposit).toMatchObject({
      amount: 5000,
      notes: '-50.00 CHF',
      payers: [
        { member: 'Ann', amount: 2500 },
        { member: 'Cleo', amount: 2500 },
      ],
      splits: [{ member: 'Ben', amount: 5000 }],
    });
    expect(importedBalances(ledger)).toEqual(ledger.sourceBalances);
    expect(ledger.sourceBalances).toEqual([
      { member: 'Ann', currency: 'CHF', amount: 26500 },
      { member: 'Ben', currency: 'CHF', amount: -13000 },
      { member: 'Cleo', currency: 'CHF', amount: -5500 },
      { member: 'Dev', currency: 'CHF', amount: -8000 },
    ]);
  });

  it('refuses a refund whose columns give back more than its cost, saying it is a refund', () => {
    const ledger = ledgerOf(
      'Date,Description,Category,Cost,Currency,Ann,Ben\n2024-06-04,Refund,General,-10.00,EUR,-12.00,12.00\n',
    );
    expect(ledger.problems).toEqual([
      { line: 2, message: 'A refund of -10.00 that gives 12.00 back, more than its amount' },
    ]);
    expect(ledger.sourceBalances).toEqual([
      { member: 'Ann', currency: 'EUR', amount: -1200 },
      { member: 'Ben', currency: 'EUR', amount: 1200 },
    ]);
  });

  it('imports any refund row with the balances its columns say (property)', () => {
    const members = ['Ann', 'Ben', 'Cleo', 'Dev', 'Eve'];
    const row = fc
      .record({
        refund: fc.integer({ min: 1, max: 1_000_000 }),
        payers: fc.array(fc.nat({ max: 100 }), { minLength: members.length, maxLength: members.length }),
        weights: fc.array(fc.nat({ max: 4 }), { minLength: members.length, maxLength: members.length }),
      })
      .filter((r) => r.payers.some((w) => w > 0) && r.weights.some((w) => w > 0));
    fc.assert(
      fc.property(fc.array(row, { minLength: 1, maxLength: 8 }), (rows) => {
        const lines = [`Date,Description,Category,Cost,Currency,${members.join(',')}`, ''];
        for (const [i, r] of rows.entries()) {
          // Who got the money back, and who shares the refund: each member's column is their share of it
          // minus what they received, as Splitwise writes a negative expense.
          const received = allocate(r.refund, r.payers, members);
          const shares = allocate(r.refund, r.weights, members);
          const nets = members.map((_, m) => (shares[m] ?? 0) - (received[m] ?? 0));
          lines.push(
            `2024-01-${String(1 + (i % 28)).padStart(2, '0')},Refund ${i},General,${formatMoney(-r.refund, 'EUR')},EUR,${nets.map((n) => formatMoney(n, 'EUR')).join(',')}`,
          );
        }
        const csv = `${lines.join('\n')}\n`;
        const ledger = ledgerOf(csv);
        // A row whose shares are exactly what each got back moves nothing: refused, saying so.
        expect(ledger.problems.every((p) => / that changes nobody's balance$/.test(p.message))).toBe(true);
        expect(ledger.expenses.length + ledger.problems.length).toBe(rows.length);
        expect(importedBalances(ledger)).toEqual(columnSums(csv));
      }),
      { numRuns: 300 },
    );
  });

  it('refundOfNets keeps every column, its payers and split adding up to the amount', () => {
    const parts = refundOfNets(
      -1000 as Minor,
      [
        { member: 'A', amount: 300 as Minor },
        { member: 'B', amount: -500 as Minor },
        { member: 'C', amount: 200 as Minor },
      ],
      'EUR',
    );
    expect(parts).toEqual({
      payers: [
        { member: 'A', amount: 300 },
        { member: 'C', amount: 200 },
      ],
      splits: [{ member: 'B', amount: 500 }],
    });
  });

  it('reads a generated export of 1,500 rows in well under a second, with Splitwise’s balances', () => {
    const random = seeded(2024);
    const members = ['Ann', 'Bør', 'Chloé', 'Dan', 'Eve', 'Fatoumata'];
    const lines = [`Date,Description,Category,Cost,Currency,${members.join(',')}`, ''];
    const categories = ['Groceries', 'Dining out', 'Taxi', 'Hotel', 'Payment', 'General'];
    for (let i = 0; i < 1500; i++) {
      const currency = random() < 0.8 ? 'EUR' : 'USD';
      const cost = 1 + Math.floor(random() * 50_000);
      const category = categories[Math.floor(random() * categories.length)] as string;
      const payer = Math.floor(random() * members.length);
      const nets = members.map(() => 0);
      if (category === 'Payment') {
        const to = (payer + 1 + Math.floor(random() * (members.length - 1))) % members.length;
        nets[payer] = cost;
        nets[to] = -cost;
      } else {
        const weights = members.map(() => (random() < 0.6 ? 1 : 0));
        weights[payer] = 1;
        weights[(payer + 1) % members.length] = 1;
        const shares = allocate(cost, weights, members);
        members.forEach((_, m) => {
          nets[m] = (m === payer ? cost : 0) - (shares[m] ?? 0);
        });
      }
      const day = `2023-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}`;
      const text = (minor: number) => formatMoney(minor, currency);
      lines.push(
        `${day},"Row ${i}, ""generated""",${category},${text(cost)},${currency},${nets.map(text).join(',')}`,
      );
    }
    const csv = `${lines.join('\n')}\n`;
    const { ledger, ms } = timedLedger(readSplitwiseCsv, csv);
    // Best of three, generous against a busy machine: the best runs measured 20 to 60 ms.
    expect(ms).toBeLessThan(500);
    expect(ledger.rows).toBe(1500);
    expect(ledger.problems).toEqual([]);
    expect(ledger.expenses.length + ledger.settlements.length).toBe(1500);
    expect(importedBalances(ledger)).toEqual(ledger.sourceBalances);
    expect(ledger.sourceBalances).toEqual(columnSums(csv));
  });
});
