import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { shownRounded } from './ihatemoney';
import { readIhatemoneyJson } from './ihatemoneyJson';
import { importedBalances } from './ledgerBalances';
import { detectImportFormat } from './parse';
import type { ImportedLedger } from './types';

// fixtures/ihatemoney/raclette.json is the project of spiral-project/ihatemoney
// ihatemoney/tests/import_test.py TestExport.test_export as /raclette/export/bills.json returns it
// (json.dumps of models.py get_pretty_bills: one line, non-ASCII escaped, currency "XXX" as the project
// has none). fixtures/ihatemoney/trip.json is a trip written with the same writer (script in its
// sibling test, ihatemoneyCsv.test.ts): three currencies, weights, reimbursements, a deactivated member.
const raclette = readFileSync(new URL('./fixtures/ihatemoney/raclette.json', import.meta.url), 'utf8');
const trip = readFileSync(new URL('./fixtures/ihatemoney/trip.json', import.meta.url), 'utf8');

function ledgerOf(text: string): ImportedLedger {
  const result = readIhatemoneyJson.parse(text);
  if (!result.ok) throw new Error(result.error.message);
  return result.ledger;
}

/** Bills as IHateMoney's JSON export writes them, from [what, amount, payer, weight, owers] rows. */
function bills(rows: [string, number, string, number, string[]][], currency = 'EUR'): string {
  return JSON.stringify(
    rows.map(([what, amount, payer_name, payer_weight, owers]) => ({
      what,
      bill_type: 'Expense',
      amount,
      currency,
      date: '2011-08-10',
      payer_name,
      payer_weight,
      owers,
    })),
  );
}

const EUR = (member: string, amount: number) => ({ member, currency: 'EUR', amount });

describe('IHateMoney JSON export', () => {
  it("is recognised by its bills, and does not claim Spliit's or Kitty's JSON", () => {
    expect(readIhatemoneyJson.sniff(raclette)).toBe(true);
    expect(detectImportFormat(raclette)).toBe('ihatemoney-json');
    expect(readIhatemoneyJson.sniff('{"format":"kitty-group","expenses":[]}')).toBe(false);
    expect(readIhatemoneyJson.sniff('{"currency":"€","participants":[],"expenses":[]}')).toBe(false);
    // The "transactions" export (who pays whom) is not a list of bills.
    expect(
      readIhatemoneyJson.sniff('[{"ower": "tata", "receiver": "jeanne", "amount": 2.0, "currency": "XXX"}]'),
    ).toBe(false);
  });

  it('imports with the balances IHateMoney itself computes', () => {
    // test_export's project in a project whose currency is EUR: IHateMoney's own import gives "XXX" bills
    // the project's currency (web.py import_project). Its expected "transactions" export settles
    // pépé -> jeanne 2.00, tata -> jeanne 55.34, zorglub -> jeanne 127.33, so the balances are those, and
    // jeanne's 184.67 (import_test.py TestExport.test_export).
    const ledger = ledgerOf(raclette.replaceAll('"XXX"', '"EUR"'));
    const expected = [EUR('tata', -5534), EUR('jeanne', 18467), EUR('zorglub', -12733), EUR('pépé', -200)];
    expect(importedBalances(ledger)).toEqual(expected);
    expect(ledger.sourceBalances).toEqual(expected);
    // Weights (budget_test.py test_weighted_balance): zorglub (1) and "jeannedy familly" (4) each pay 10
    // for both: +6 / -6. Rounding (test_rounding): 8.12, 0.00, -8.12. A member deactivated with a balance
    // (test_members_stats_includes_deactivated_with_balance): A pays 10 for A and B, B leaves: +5 / -5.
    const weighted = ledgerOf(
      bills([
        ['fromage à raclette', 10, 'zorglub', 1, ['zorglub', 'jeannedy familly']],
        ['pommes de terre', 10, 'jeannedy familly', 4, ['zorglub', 'jeannedy familly']],
      ]),
    );
    expect(importedBalances(weighted)).toEqual([EUR('zorglub', 600), EUR('jeannedy familly', -600)]);
    const rounding = ledgerOf(
      bills([
        ['fromage à raclette', 24.36, 'zorglub', 1, ['zorglub', 'jeanne', 'tata']],
        ['red wine', 19.12, 'jeanne', 1, ['zorglub']],
        ['delicatessen', 22, 'zorglub', 1, ['zorglub', 'jeanne']],
      ]),
    );
    expect(importedBalances(rounding)).toEqual([EUR('zorglub', 812), EUR('tata', -812)]);
    expect(rounding.sourceBalances).toEqual(importedBalances(rounding));
    const deactivated = ledgerOf(bills([['test', 10, 'A', 1, ['A', 'B']]]));
    expect(importedBalances(deactivated)).toEqual([EUR('A', 500), EUR('B', -500)]);
  });

  it("shows where IHateMoney's rounded floats and exact cents part by a cent", () => {
    // A pays 10.00 for A, B and C. IHateMoney keeps 6.666…, -3.333…, -3.333… and shows 6.67, -3.33, -3.33:
    // they add up to 0.01. Kitty's shares are whole cents adding up to 10.00 (3.34, 3.33, 3.33, the extra
    // cent by largest remainder, ties in name order), so A's balance is 6.66: one cent from IHateMoney's.
    const ledger = ledgerOf(bills([['pizza', 10, 'A', 1, ['A', 'B', 'C']]]));
    expect(ledger.sourceBalances).toEqual([EUR('A', 667), EUR('B', -333), EUR('C', -333)]);
    expect(importedBalances(ledger)).toEqual([EUR('A', 666), EUR('B', -333), EUR('C', -333)]);
    // Babel's rounding, which IHateMoney's templates use, is half to even on the float's shortest text.
    expect([
      shownRounded(48.375, 2),
      shownRounded(-16.125, 2),
      shownRounded(190.835, 2),
      shownRounded(0.1 + 0.2, 2),
    ]).toEqual([4838, -1612, 19084, 30]);
  });

  it('reads each bill: the day, the text, the payer, the owers by weight, a reimbursement as a payment', () => {
    const ledger = ledgerOf(trip);
    expect(ledger).toMatchObject({ format: 'ihatemoney-json', groupName: null, currency: 'EUR', rows: 10 });
    // Members as IHateMoney's import finds them (utils.py get_members): the payers, then the owers.
    expect(ledger.members.map((m) => m.name)).toEqual(['Émile', 'Chloé', 'Famille Dupont', 'Ancien']);
    const byWhat = (what: string) => ledger.expenses.find((e) => e.description === what);
    expect(byWhat('Hôtel, 2 nuits')).toMatchObject({
      line: 1,
      date: '2024-07-03',
      category: 'other',
      currency: 'EUR',
      amount: 30000,
      payers: [{ member: 'Chloé', amount: 30000 }],
      // Famille Dupont's weight is 2 (their payer_weight on the bills they paid).
      splits: [
        { member: 'Chloé', amount: 7500 },
        { member: 'Émile', amount: 7500 },
        { member: 'Famille Dupont', amount: 15000 },
      ],
    });
    expect(byWhat('Dîner "Le Chalet"\nmenu du jour')?.amount).toBe(10000);
    expect(byWhat('=SUM(A1)')?.amount).toBe(1000);
    expect(byWhat('Sushi')).toMatchObject({ currency: 'JPY', amount: 4800 });
    expect(byWhat('Télécabine')).toMatchObject({ currency: 'CHF', amount: 6450 });
    expect(byWhat('Chloé rembourse Ancien et Émile')).toMatchObject({
      notes: 'A reimbursement in IHateMoney, to several people',
      splits: [
        { member: 'Ancien', amount: 4000 },
        { member: 'Émile', amount: 4000 },
      ],
    });
    expect(ledger.settlements).toEqual([
      {
        line: 1,
        key: expect.stringMatching(/^ihatemoney:[0-9a-f]{16}$/),
        date: '2024-07-04',
        from: 'Émile',
        to: 'Chloé',
        amount: 5000,
        currency: 'EUR',
        description: 'Remboursement Émile',
      },
    ]);
    // IHateMoney takes negative bills (money received): Émile is owed his half of the 20.00 Chloé got.
    expect(byWhat('Remise caution')).toMatchObject({
      amount: 1000,
      notes: '-20.00 EUR',
      payers: [{ member: 'Émile', amount: 1000 }],
      splits: [{ member: 'Chloé', amount: 1000 }],
    });
    expect(ledger.problems).toEqual([]);
  });

  it('names the line where each bill begins', () => {
    const pretty = JSON.stringify(JSON.parse(trip), null, 2);
    const ledger = ledgerOf(pretty);
    const lines = pretty.split('\n');
    const begins = (what: string) => lines.findIndex((l) => l.includes(`"what": ${JSON.stringify(what)}`));
    const refund = ledger.expenses.find((e) => e.description === 'Remise caution');
    expect(refund?.line).toBe(begins('Remise caution'));
    expect(ledger.settlements[0]?.line).toBe(begins('Remboursement Émile'));
  });

  it('lists every bill without a currency: Kitty needs one and the file does not say it', () => {
    const ledger = ledgerOf(raclette);
    expect(ledger.expenses).toEqual([]);
    expect(ledger.problems).toHaveLength(3);
    expect(ledger.problems[0]).toEqual({
      line: 1,
      message:
        '"refund": The bill has no currency (its IHateMoney project has none): choose the currency its amounts are in',
    });
    expect(ledger.sourceBalances).toBeNull();
    expect(ledger.members.map((m) => m.name)).toEqual(['tata', 'jeanne', 'zorglub', 'pépé']);
  });

  it('takes a project without a currency in the currency the person chose, with the balances IHateMoney shows', () => {
    const read = readIhatemoneyJson.parse(raclette, { currency: 'EUR' });
    if (!read.ok) throw new Error(read.error.message);
    expect(read.ledger.assumedCurrency).toBe('EUR');
    expect(read.ledger.problems).toEqual([]);
    expect(read.ledger.expenses.every((e) => e.currency === 'EUR')).toBe(true);
    expect(importedBalances(read.ledger)).toEqual(read.ledger.sourceBalances);
  });

  it("lists a bill whose payer's weight contradicts an earlier one, and bills it cannot read", () => {
    const text = JSON.stringify([
      {
        what: 'a',
        amount: 10,
        currency: 'EUR',
        date: '2020-01-01',
        payer_name: 'Ann',
        payer_weight: 1,
        owers: ['Ann'],
      },
      {
        what: 'b',
        amount: 10,
        currency: 'EUR',
        date: '2020-01-02',
        payer_name: 'Ann',
        payer_weight: 2,
        owers: ['Ann'],
      },
      {
        what: 'c',
        amount: 10.005,
        currency: 'EUR',
        date: '2020-01-03',
        payer_name: 'Ann',
        payer_weight: 1,
        owers: ['Ann'],
      },
      {
        what: 'd',
        amount: 10,
        currency: 'EUR',
        date: '2020-02-30',
        payer_name: 'Ann',
        payer_weight: 1,
        owers: ['Ann'],
      },
      {
        what: 'e',
        amount: 10,
        currency: 'EUR',
        date: '2020-01-04',
        payer_name: 'Ann',
        payer_weight: 1,
        owers: [],
      },
      {
        what: 'f',
        amount: 10,
        currency: 'ZZZ',
        date: '2020-01-04',
        payer_name: 'Ann',
        payer_weight: 1,
        owers: ['Ann'],
      },
      { what: 'g', amount: 10, date: '2020-01-04', payer_name: 'Ann', payer_weight: 1, owers: ['Ann'] },
    ]);
    expect(ledgerOf(text).problems.map((p) => p.message)).toEqual([
      '"b": Ann\'s weight is 2 here but 1 on line 1',
      '"c": The amount 10.005 cannot be read: Amount can have at most 2 decimal places',
      '"d": The date "2020-02-30" is not a day (YYYY-MM-DD)',
      '"e": Nobody shares it',
      '"f": Currency ZZZ is not one Kitty supports',
      '"g": The bill has no currency (its IHateMoney project has none): choose the currency its amounts are in',
    ]);
  });

  it('fails a file it cannot read at all, naming the line', () => {
    expect(readIhatemoneyJson.parse('[\n  {"what": "a",\n  "amount": 1.0.0}\n]')).toEqual({
      ok: false,
      error: { line: 3, message: 'This is not valid JSON ("," or "}" was expected)' },
    });
    expect(readIhatemoneyJson.parse('[]')).toEqual({
      ok: false,
      error: { line: 1, message: 'The IHateMoney export has no bills' },
    });
    expect(readIhatemoneyJson.parse('{"bills": []}')).toMatchObject({ ok: false, error: { line: 1 } });
    expect(readIhatemoneyJson.parse('[{"ower": "a"}]')).toMatchObject({ ok: false, error: { line: 1 } });
  });

  it("reads 1,500 bills well under a second, each balance within IHateMoney's rounding", () => {
    const names = ['Aïcha', 'Bruno', 'Céline', 'Dmitri', 'Eun-ji', 'Fatou'];
    const weight = (name: string) => (name === 'Céline' ? 2 : name === 'Fatou' ? 1.5 : 1);
    let seed = 7;
    const random = (bound: number) => {
      seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
      return seed % bound;
    };
    const list = Array.from({ length: 1500 }, (_, i) => {
      const payer = names[random(names.length)] as string;
      const owers = names.filter(() => random(3) > 0);
      if (owers.length === 0) owers.push(payer);
      const cents = 1 + random(50000);
      return {
        what: `Bill ${i}, "n°${i}"`,
        bill_type: random(10) === 0 && owers.length === 1 && owers[0] !== payer ? 'Reimbursement' : 'Expense',
        amount: cents / 100,
        currency: i % 3 === 0 ? 'CHF' : 'EUR',
        date: `2024-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}`,
        payer_name: payer,
        payer_weight: weight(payer),
        owers,
      };
    });
    // Every name pays at least once, so every weight is in the file.
    for (const [i, name] of names.entries())
      Object.assign(list[i] as object, { payer_name: name, payer_weight: weight(name) });
    const started = performance.now();
    const ledger = ledgerOf(JSON.stringify(list));
    expect(performance.now() - started).toBeLessThan(1000);
    expect(ledger.problems).toEqual([]);
    expect(ledger.expenses.length + ledger.settlements.length).toBe(1500);
    // Each bill's share is within a cent of IHateMoney's float share, so over 1,500 bills a member's balance
    // drifts from IHateMoney's by the sum of those fractions, like a random walk: 0.26 at most here
    // (measured: 3, 6, 7, 23, 9, 8, 5, 26, 5, 7, 1, 9 cents; the bound is a cent per bill shared). Kitty's balances add up to zero in each currency; IHateMoney's rounded ones
    // need not.
    const source = new Map(ledger.sourceBalances?.map((b) => [`${b.member} ${b.currency}`, b.amount]));
    const gaps = importedBalances(ledger).map((b) =>
      Math.abs(b.amount - (source.get(`${b.member} ${b.currency}`) ?? 0)),
    );
    expect(Math.max(...gaps)).toBe(26);
    for (const currency of ['CHF', 'EUR']) {
      const sum = importedBalances(ledger)
        .filter((b) => b.currency === currency)
        .reduce((t, b) => t + b.amount, 0);
      expect(sum).toBe(0);
    }
  });
});
