import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeBalances, expenseDirection, pairwiseDebts } from './balances';
import {
  equalPayments,
  expenseDebts,
  expenseNets,
  isPayer,
  mayDeleteExpense,
  PAYER_AMOUNT_POSITIVE,
  PAYER_TWICE,
  PAYERS_REQUIRED,
  PAYMENTS_TOTAL,
  paidAmounts,
  paymentList,
  paymentsError,
  principalPayer,
} from './payers';
import { SPLIT_TYPES, splitExpense } from './splits';
import { participantsArb, paymentsArb, positiveMinorArb, splitInputArb } from './testing/arbitraries';

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

/** Any expense: any split of any type among some people, paid by one or several of a wider set. */
const expenseArb = fc.tuple(fc.constantFrom(...SPLIT_TYPES), participantsArb(1, 8)).chain(([type, people]) =>
  splitInputArb(type, positiveMinorArb(1_000_000_000), fc.subarray(people, { minLength: 1 })).chain(
    ({ input }) =>
      paymentsArb(input.amount, people).map((payments) => ({
        ...payments,
        amount: input.amount,
        shares: splitExpense(input),
      })),
  ),
);

describe('several payers', () => {
  it('for any payers and any split, the nets sum to zero and equal paid minus owed per person', () => {
    fc.assert(
      fc.property(expenseArb, (e) => {
        const nets = expenseNets(e);
        expect(sum(Object.values(nets))).toBe(0);
        const paid = paidAmounts(e);
        const people = new Set([...Object.keys(paid), ...Object.keys(e.shares)]);
        expect(new Set(Object.keys(nets))).toEqual(people);
        for (const id of people) expect(nets[id]).toBe((paid[id] ?? 0) - (e.shares[id] ?? 0));
      }),
    );
  });

  it("an expense's debts pay each person exactly their net: debtors their shortfall, creditors their excess", () => {
    fc.assert(
      fc.property(expenseArb, (e) => {
        const nets = expenseNets(e);
        const moved: Record<string, number> = {};
        for (const d of expenseDebts(e)) {
          expect(d.amount).toBeGreaterThan(0);
          expect(Number.isSafeInteger(d.amount)).toBe(true);
          expect(d.from).not.toBe(d.to);
          moved[d.from] = (moved[d.from] ?? 0) - d.amount;
          moved[d.to] = (moved[d.to] ?? 0) + d.amount;
        }
        for (const [id, net] of Object.entries(nets)) expect(moved[id] ?? 0).toBe(net);
      }),
    );
  });

  it('with one payer, each participant owes the payer exactly their share (the spec rule, unchanged)', () => {
    const e = { paid_by: 'a', amount: 9500, shares: { a: 3167, b: 3167, c: 3166 } };
    expect(expenseDebts(e)).toEqual([
      { from: 'b', to: 'a', amount: 3167 },
      { from: 'c', to: 'a', amount: 3166 },
    ]);
    const alsoAsList = { ...e, payers: { a: 9500 } };
    expect(expenseDebts(alsoAsList)).toEqual(expenseDebts(e));
  });

  it('two friends share a restaurant bill: one by card, one in cash; the third owes each what they are owed', () => {
    // 100.00 split equally among A, B, C (33.34 + 33.33 + 33.33); A paid 60.00, B paid 40.00.
    const e = {
      paid_by: 'a',
      amount: 10000,
      payers: { a: 6000, b: 4000 },
      shares: { a: 3334, b: 3333, c: 3333 },
    };
    expect(expenseNets(e)).toEqual({ a: 2666, b: 667, c: -3333 });
    expect(expenseDebts(e)).toEqual([
      { from: 'c', to: 'a', amount: 2666 },
      { from: 'c', to: 'b', amount: 667 },
    ]);
    expect(computeBalances([{ id: 'x', currency: 'EUR', ...e }]).EUR).toEqual({
      a: { paid: 6000, owed: 3334, net: 2666 },
      b: { paid: 4000, owed: 3333, net: 667 },
      c: { paid: 0, owed: 3333, net: -3333 },
    });
  });

  it('debts are shared in proportion to what each creditor is owed', () => {
    // Hotel 300.00 paid half by each couple's payer, four people share it.
    const e = {
      paid_by: 'a',
      amount: 30000,
      payers: { a: 15000, c: 15000 },
      shares: { a: 7500, b: 7500, c: 7500, d: 7500 },
    };
    expect(expenseDebts(e)).toEqual([
      { from: 'b', to: 'a', amount: 3750 },
      { from: 'b', to: 'c', amount: 3750 },
      { from: 'd', to: 'a', amount: 3750 },
      { from: 'd', to: 'c', amount: 3750 },
    ]);
  });

  it('in each currency, balances and pairwise debts of multi-payer expenses agree person by person', () => {
    fc.assert(
      fc.property(fc.array(expenseArb, { maxLength: 6 }), (list) => {
        const expenses = list.map((e, i) => ({ id: `e${i}`, currency: 'EUR', ...e }));
        const balances = computeBalances(expenses).EUR ?? {};
        expect(sum(Object.values(balances).map((b) => b.net))).toBe(0);
        const fromPairs: Record<string, number> = {};
        for (const d of pairwiseDebts(expenses).EUR ?? []) {
          fromPairs[d.from] = (fromPairs[d.from] ?? 0) - d.amount;
          fromPairs[d.to] = (fromPairs[d.to] ?? 0) + d.amount;
        }
        for (const [id, b] of Object.entries(balances)) expect(fromPairs[id] ?? 0).toBe(b.net);
      }),
    );
  });

  it('paid_by is the payer who paid the most, ties to the smallest id; payers are listed most first', () => {
    expect(principalPayer({ b: 500, a: 500, c: 100 })).toBe('a');
    expect(
      principalPayer([
        { user_id: 'z', amount: 2 },
        { user_id: 'y', amount: 1 },
      ]),
    ).toBe('z');
    expect(paymentList({ c: 100, b: 500, a: 500 })).toEqual([
      { user_id: 'a', amount: 500 },
      { user_id: 'b', amount: 500 },
      { user_id: 'c', amount: 100 },
    ]);
    expect(() => principalPayer([])).toThrow(PAYERS_REQUIRED);
  });

  it('refuses payments that do not pay the total exactly, name someone twice, or pay nothing', () => {
    const p = (user_id: string, amount: number) => ({ user_id, amount });
    expect(paymentsError([p('a', 600), p('b', 400)], 1000)).toBeNull();
    expect(paymentsError([p('a', 600), p('b', 399)], 1000)).toBe(PAYMENTS_TOTAL);
    expect(paymentsError([p('a', 600), p('a', 400)], 1000)).toBe(PAYER_TWICE);
    expect(paymentsError([p('a', 1000), p('b', 0)], 1000)).toBe(PAYER_AMOUNT_POSITIVE);
    expect(paymentsError([p('a', 1.5)], 1.5)).toBe(PAYER_AMOUNT_POSITIVE);
    expect(paymentsError([], 1000)).toBe(PAYERS_REQUIRED);
  });

  it('splitting the payment equally pays the total exactly, leftover cents by id order', () => {
    expect(equalPayments(10000, ['b', 'a', 'c'])).toEqual([
      { user_id: 'b', amount: 3333 },
      { user_id: 'a', amount: 3334 },
      { user_id: 'c', amount: 3333 },
    ]);
    fc.assert(
      fc.property(positiveMinorArb(), participantsArb(1, 8), (total, ids) => {
        const parts = equalPayments(total, ids).map((p) => p.amount);
        expect(sum(parts)).toBe(total);
        expect(Math.max(...parts) - Math.min(...parts)).toBeLessThanOrEqual(1);
      }),
    );
  });

  it('any payer may delete; someone who only shares may not', () => {
    const e = { paid_by: 'a', amount: 1000, payers: { a: 600, b: 400 } };
    expect(mayDeleteExpense(e, 'a')).toBe(true);
    expect(mayDeleteExpense(e, 'b')).toBe(true);
    expect(mayDeleteExpense(e, 'c')).toBe(false);
    expect(isPayer({ paid_by: 'a' }, 'a')).toBe(true);
    expect(isPayer({ paid_by: 'a' }, 'b')).toBe(false);
  });

  it('a payer who paid less than their share owes the difference; one who paid more is owed it', () => {
    const e = {
      paid_by: 'a',
      amount: 9000,
      payers: { a: 8000, b: 1000 },
      shares: { a: 3000, b: 3000, c: 3000 },
    };
    expect(expenseDirection(e, 'a')).toMatchObject({ direction: 'owed', sign: '+', amount: 5000 });
    expect(expenseDirection(e, 'b')).toMatchObject({ direction: 'owe', sign: '-', amount: 2000 });
    expect(expenseDirection(e, 'c')).toMatchObject({ direction: 'owe', sign: '-', amount: 3000 });
    expect(expenseDirection(e, 'd')).toMatchObject({ direction: 'owed', amount: 0 });
  });
});
