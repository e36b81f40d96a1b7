import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type BalanceExpense, computeBalances, netBalances, pairwiseDebts } from './balances';
import { owedInOtherCurrencies, suggestSettlements, suggestSettlementsByCurrency } from './suggestions';
import { historyArb } from './testing/arbitraries';

describe('settlement suggestions', () => {
  it('describe each transfer: share of the payer debt, simplification, impact, a plain sentence', () => {
    // alice paid 90.00 for alice, bob, carol; bob paid 30.00 for bob and carol.
    const expenses: BalanceExpense[] = [
      {
        id: 'e1',
        paid_by: 'alice',
        currency: 'EUR',
        amount: 9000,
        shares: { alice: 3000, bob: 3000, carol: 3000 },
      },
      { id: 'e2', paid_by: 'bob', currency: 'EUR', amount: 3000, shares: { bob: 1500, carol: 1500 } },
    ];
    const balances = netBalances(computeBalances(expenses).EUR);
    expect(balances).toEqual({ alice: 6000, bob: -1500, carol: -4500 });
    const debts = pairwiseDebts(expenses).EUR!;
    expect(debts).toHaveLength(3); // bob->alice, carol->alice, carol->bob
    const names = { alice: 'Alice', bob: 'Bob', carol: 'Carol' };
    const suggestions = suggestSettlements({ currency: 'EUR', balances, pairwiseDebts: debts, names });
    expect(suggestions).toEqual([
      {
        payer: { id: 'bob', display_name: 'Bob' },
        receiver: { id: 'alice', display_name: 'Alice' },
        amount: 1500,
        currency: 'EUR',
        settles_percentage: 100,
        simplification_factor: 1.5,
        explanation: "Bob pays Alice €15.00 to settle Bob's whole debt.",
        payer_debt: 1500,
        payer_owes_elsewhere: [],
        impact: { current_total_debt: 6000, remaining_debt: 4500 },
      },
      {
        payer: { id: 'carol', display_name: 'Carol' },
        receiver: { id: 'alice', display_name: 'Alice' },
        amount: 4500,
        currency: 'EUR',
        settles_percentage: 100,
        simplification_factor: 1.5,
        explanation: "Carol pays Alice €45.00 to settle Carol's whole debt.",
        payer_debt: 4500,
        payer_owes_elsewhere: [],
        impact: { current_total_debt: 6000, remaining_debt: 1500 },
      },
    ]);
  });

  it('never calls a transfer the whole debt while the payer owes in another currency', () => {
    const nets = { EUR: { alice: 4500, carol: -4500 }, JPY: { alice: 333, carol: -333 }, USD: { bob: 0 } };
    expect(owedInOtherCurrencies(nets, 'EUR')).toEqual({ carol: [{ currency: 'JPY', minor: 333 }] });
    const debts = [{ from: 'carol', to: 'alice', amount: 4500 }];
    const names = { alice: 'Alice', carol: 'Carol' };
    const [whole] = suggestSettlements({
      currency: 'EUR',
      balances: nets.EUR,
      pairwiseDebts: debts,
      names,
      owesElsewhere: owedInOtherCurrencies(nets, 'EUR'),
    });
    expect(whole?.explanation).toBe(
      "Carol pays Alice €45.00 to settle Carol's debt in EUR; Carol still owes ¥333.",
    );
    const partial = suggestSettlements({
      currency: 'EUR',
      balances: { alice: 4500, bob: 4500, carol: -9000 },
      pairwiseDebts: debts,
      names: { ...names, bob: 'Bob' },
      owesElsewhere: {
        carol: [
          { currency: 'JPY', minor: 333 },
          { currency: 'USD', minor: 600 },
        ],
      },
    });
    expect(partial[0]?.explanation).toBe(
      'Carol pays Alice €45.00, 50.00% of the €90.00 Carol owes in EUR; Carol also owes ¥333 and $6.00.',
    );
    // The same facts as fields, for a client that writes its own words.
    expect(partial[0]).toMatchObject({
      payer_debt: 9000,
      payer_owes_elsewhere: [
        { currency: 'JPY', minor: 333 },
        { currency: 'USD', minor: 600 },
      ],
    });
    const byCurrency = suggestSettlementsByCurrency(
      computeBalances([
        { id: 'e1', paid_by: 'alice', currency: 'EUR', amount: 9000, shares: { alice: 4500, carol: 4500 } },
        { id: 'e2', paid_by: 'alice', currency: 'JPY', amount: 666, shares: { alice: 333, carol: 333 } },
      ]),
      {},
      names,
    );
    expect(byCurrency.map((s) => s.explanation)).toEqual([
      "Carol pays Alice €45.00 to settle Carol's debt in EUR; Carol still owes ¥333.",
      "Carol pays Alice ¥333 to settle Carol's debt in JPY; Carol still owes €45.00.",
    ]);
  });

  it('a partial payment states its percentage of the payer debt, rounded to 2 decimals', () => {
    const balances = { a: -3000, b: 1000, c: 2000 };
    const [first, second] = suggestSettlements({ currency: 'USD', balances, pairwiseDebts: [] });
    expect(first?.settles_percentage).toBe(33.33);
    expect(first?.explanation).toBe('a pays b $10.00, 33.33% of the $30.00 a owes.');
    expect(second?.settles_percentage).toBe(66.67);
  });

  it('there is nothing to suggest when everyone is settled', () => {
    expect(suggestSettlements({ currency: 'EUR', balances: { a: 0 }, pairwiseDebts: [] })).toEqual([]);
  });

  it('over any history: the plan never needs more transfers than the pairwise debts, and sums add up', () => {
    fc.assert(
      fc.property(historyArb(), ({ expenses, settlements }) => {
        const balances = computeBalances(expenses, settlements);
        const suggestions = suggestSettlementsByCurrency(balances, pairwiseDebts(expenses, settlements));
        for (const s of suggestions) {
          expect(s.simplification_factor).toBeGreaterThanOrEqual(1);
          expect(s.settles_percentage).toBeGreaterThanOrEqual(0); // 0.01 of 2199.91 rounds to 0.00
          expect(s.settles_percentage).toBeLessThanOrEqual(100);
          expect(s.impact.remaining_debt).toBe(s.impact.current_total_debt - s.amount);
        }
        for (const currency of Object.keys(balances)) {
          const inCurrency = suggestions.filter((s) => s.currency === currency);
          const owed = Object.values(netBalances(balances[currency])).filter((v) => v < 0);
          expect(inCurrency.reduce((a, s) => a + s.amount, 0)).toBe(owed.reduce((a, b) => a - b, 0));
        }
      }),
    );
  });
});
