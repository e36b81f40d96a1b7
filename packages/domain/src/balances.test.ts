import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  amountOwedForUser,
  type BalanceExpense,
  computeBalances,
  expenseDirection,
  groupCurrencyFirst,
  groupStats,
  isSettled,
  isSettledAmount,
  isSettledInEveryCurrency,
  openBalances,
  netBalances,
  pairwiseDebts,
  SETTLED_THRESHOLD_MINOR,
  sortMembersByNet,
} from './balances';
import { minimalTransfers } from './settle';
import { splitExpense } from './splits';
import { historyArb } from './testing/arbitraries';

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

describe('balances over any history', () => {
  it('in each currency, balances sum to zero and total paid equals total owed', () => {
    fc.assert(
      fc.property(historyArb(), ({ members, expenses, settlements }) => {
        const balances = computeBalances(expenses, settlements, members);
        for (const byMember of Object.values(balances)) {
          const rows = Object.values(byMember);
          expect(sum(rows.map((b) => b.net))).toBe(0);
          expect(sum(rows.map((b) => b.paid))).toBe(sum(rows.map((b) => b.owed)));
          for (const b of rows) expect(b.net).toBe(b.paid - b.owed);
        }
      }),
    );
  });

  it('paying every suggested transfer settles every member in every currency', () => {
    fc.assert(
      fc.property(historyArb(), ({ members, expenses, settlements }) => {
        const before = computeBalances(expenses, settlements, members);
        const payments = Object.entries(before).flatMap(([currency, byMember]) =>
          minimalTransfers(netBalances(byMember)).map((t) => ({ ...t, currency })),
        );
        const after = computeBalances(expenses, [...settlements, ...payments], members);
        expect(isSettled(after)).toBe(true);
      }),
    );
  });

  it('each net balance equals what others owe the member minus what the member owes, pair by pair', () => {
    fc.assert(
      fc.property(historyArb(), ({ expenses, settlements }) => {
        const balances = computeBalances(expenses, settlements);
        const debts = pairwiseDebts(expenses, settlements);
        for (const [currency, byMember] of Object.entries(balances)) {
          for (const [member, b] of Object.entries(byMember)) {
            const list = debts[currency] ?? [];
            const owedToMe = sum(list.filter((d) => d.to === member).map((d) => d.amount));
            const iOwe = sum(list.filter((d) => d.from === member).map((d) => d.amount));
            expect(b.net).toBe(owedToMe - iOwe);
          }
          // Paying the raw pairwise debts settles everyone too, so the plan is never longer.
          expect(minimalTransfers(netBalances(byMember)).length).toBeLessThanOrEqual(
            (debts[currency] ?? []).length,
          );
        }
      }),
    );
  });
});

describe('balances by example', () => {
  const dinner: BalanceExpense = {
    id: 'dinner',
    paid_by: 'alice',
    currency: 'EUR',
    amount: 9500,
    shares: splitExpense({ amount: 9500, participants: ['alice', 'bob', 'carol'], split_type: 'equal' }),
  };
  const taxi: BalanceExpense = {
    id: 'taxi',
    paid_by: 'bob',
    currency: 'CZK',
    amount: 30000,
    shares: { alice: 15000, bob: 15000 },
  };

  it('the payer is owed what the others owe; a settlement counts as paid by the sender, received by the receiver', () => {
    const balances = computeBalances(
      [dinner, taxi],
      [{ from: 'bob', to: 'alice', currency: 'EUR', amount: 3167 }],
      ['alice', 'bob', 'carol', 'dave'],
    );
    expect(balances.EUR).toEqual({
      alice: { paid: 9500, owed: 3167 + 3167, net: 3166 },
      bob: { paid: 3167, owed: 3167, net: 0 },
      carol: { paid: 0, owed: 3166, net: -3166 },
      dave: { paid: 0, owed: 0, net: 0 },
    });
    expect(balances.CZK?.alice?.net).toBe(-15000);
    expect(balances.CZK?.bob?.net).toBe(15000);
    expect(Object.keys(balances)).toEqual(['CZK', 'EUR']);
  });

  it('pairwise debts net out per pair and currency', () => {
    expect(pairwiseDebts([dinner, taxi])).toEqual({
      CZK: [{ from: 'alice', to: 'bob', amount: 15000 }],
      EUR: [
        { from: 'bob', to: 'alice', amount: 3167 },
        { from: 'carol', to: 'alice', amount: 3166 },
      ],
    });
  });

  it('rejects an expense whose shares do not add up, and a settlement to oneself', () => {
    expect(() => computeBalances([{ ...dinner, shares: { alice: 9499 } }])).toThrow(
      'Expense dinner: the shares do not add up to the amount',
    );
    expect(() => computeBalances([], [{ from: 'a', to: 'a', currency: 'EUR', amount: 1 }])).toThrow(
      'A settlement needs two different people',
    );
    expect(() => computeBalances([], [{ from: 'a', to: 'b', currency: 'EUR', amount: 0 }])).toThrow(
      'Settlement amount must be a positive whole number of minor units',
    );
  });

  it('settled means below 0.01: exactly zero minor units', () => {
    expect(SETTLED_THRESHOLD_MINOR).toBe(1);
    expect(isSettledAmount(0)).toBe(true);
    expect(isSettledAmount(1)).toBe(false);
    expect(isSettledAmount(-1)).toBe(false);
    expect(isSettled(computeBalances([dinner]))).toBe(false);
    expect(isSettled({})).toBe(true);
  });

  it('settled across currencies means settled in every currency; unreadable is never settled', () => {
    expect(isSettledInEveryCurrency([])).toBe(true);
    expect(isSettledInEveryCurrency([0, 0])).toBe(true);
    expect(isSettledInEveryCurrency([0, -600])).toBe(false);
    expect(isSettledInEveryCurrency(0)).toBe(true);
    expect(isSettledInEveryCurrency(Number.NaN)).toBe(false);
    expect(isSettledAmount(0.5)).toBe(false);
    expect(
      openBalances([
        { currency: 'EUR', minor: 0 },
        { currency: 'USD', minor: -600 },
        { currency: 'JPY', minor: 333 },
      ]),
    ).toEqual([
      { currency: 'USD', minor: -600 },
      { currency: 'JPY', minor: 333 },
    ]);
    const mixed = computeBalances([
      { id: 'e', paid_by: 'a', currency: 'USD', amount: 1200, shares: { a: 600, b: 600 } },
    ]);
    expect(isSettled({ ...mixed, EUR: { a: { paid: 0, owed: 0, net: 0 } } })).toBe(false);
  });

  it('members are listed highest net first, ties by name then id', () => {
    const rows = [
      { id: 'u3', name: 'Carol', net: -500 },
      { id: 'u2', name: 'Bob', net: 700 },
      { id: 'u4', name: 'Alice', net: 0 },
      { id: 'u1', name: 'Alice', net: 0 },
      { id: 'u5', net: 0 },
    ];
    expect(sortMembersByNet(rows).map((r) => r.id)).toEqual(['u2', 'u5', 'u1', 'u4', 'u3']);
  });

  it('group stats count expenses and their total per currency', () => {
    expect(groupStats([dinner, taxi, { ...dinner, amount: 500 }])).toEqual([
      { currency: 'CZK', total_flow: 30000, expense_count: 1 },
      { currency: 'EUR', total_flow: 10000, expense_count: 2 },
    ]);
  });
});

describe("groupCurrencyFirst: a person's balance in a group as the answers carry it", () => {
  it('lists the group currency first, then each other currency once, in minor units', () => {
    expect(
      groupCurrencyFirst({ currency: 'EUR', amount: 0 }, [
        { currency: 'EUR', amount: 0 },
        { currency: 'USD', amount: -3.2 },
        { currency: 'JPY', amount: 333 },
      ]),
    ).toEqual([
      { currency: 'EUR', minor: 0 },
      { currency: 'USD', minor: -320 },
      { currency: 'JPY', minor: 333 },
    ]);
  });

  it('reads an amount that is not one of its currency as NaN, which is never settled', () => {
    const [eur] = groupCurrencyFirst({ currency: 'EUR', amount: 1.005 }, []);
    expect(eur?.minor).toBeNaN();
    expect(isSettledAmount(eur?.minor ?? 0)).toBe(false);
  });
});

describe('expense list amounts (section 9)', () => {
  const expense = { paid_by: 'alice', amount: 9500, shares: { alice: 3167, bob: 3167, carol: 3166 } };

  it('the payer is owed the total minus their own share', () => {
    expect(amountOwedForUser(expense, 'alice')).toBe(6333);
    expect(expenseDirection(expense, 'alice')).toEqual({
      direction: 'owed',
      sign: '+',
      label: 'you are owed',
      amount: 6333,
    });
  });

  it('a participant who did not pay owes their share, shown red with a minus', () => {
    expect(amountOwedForUser(expense, 'carol')).toBe(3166);
    expect(expenseDirection(expense, 'carol')).toEqual({
      direction: 'owe',
      sign: '-',
      label: 'you owe',
      amount: 3166,
    });
  });

  it('a payer with no share is owed the whole amount; someone not involved sees +0', () => {
    const paidForOthers = { paid_by: 'dave', amount: 1000, shares: { bob: 1000 } };
    expect(expenseDirection(paidForOthers, 'dave').amount).toBe(1000);
    expect(expenseDirection(paidForOthers, 'erin')).toEqual({
      direction: 'owed',
      sign: '+',
      label: 'you are owed',
      amount: 0,
    });
  });
});
