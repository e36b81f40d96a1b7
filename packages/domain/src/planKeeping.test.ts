import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { balancesBeforePayment, planAfterPayment, settlesExactly } from './planKeeping';
import { minimalTransfers, type Transfer } from './settle';
import { zeroSumBalancesArb } from './testing/arbitraries';

function pay(balances: Record<string, number>, t: Transfer): Record<string, number> {
  return { ...balances, [t.from]: balances[t.from]! + t.amount, [t.to]: balances[t.to]! - t.amount };
}

describe('settlesExactly', () => {
  it('a minimal plan settles its own balances, whatever they are', () => {
    fc.assert(
      fc.property(zeroSumBalancesArb(9), (balances) => {
        expect(settlesExactly(minimalTransfers(balances), balances)).toBe(true);
      }),
    );
  });

  it('a plan settles no other balances: one minor unit anywhere is enough to refuse it', () => {
    fc.assert(
      fc.property(zeroSumBalancesArb(9), fc.nat(), (balances, pick) => {
        const plan = minimalTransfers(balances);
        const ids = Object.keys(balances);
        const a = ids[pick % ids.length]!;
        const b = ids[(pick + 1) % ids.length]!;
        const moved = { ...balances, [a]: balances[a]! + 1, [b]: balances[b]! - 1 };
        expect(settlesExactly(plan, moved)).toBe(false);
      }),
    );
  });

  it('refuses transfers that are not payments', () => {
    expect(settlesExactly([], {})).toBe(true);
    expect(settlesExactly([{ from: 'a', to: 'b', amount: 0 }], {})).toBe(false);
    expect(settlesExactly([{ from: 'a', to: 'a', amount: 5 }], {})).toBe(false);
    expect(settlesExactly([{ from: 'a', to: 'b', amount: 0.5 }], { a: -0.5, b: 0.5 })).toBe(false);
  });
});

describe('planAfterPayment', () => {
  it('after any suggested transfer is paid, the rest of the plan settles the new balances with the fewest transfers', () => {
    fc.assert(
      fc.property(zeroSumBalancesArb(8), (balances) => {
        const plan = minimalTransfers(balances);
        for (const t of plan) {
          const after = pay(balances, t);
          const rest = planAfterPayment(plan, t);
          expect(rest).toEqual(plan.filter((u) => u !== t));
          expect(settlesExactly(rest!, after)).toBe(true);
          expect(rest).toHaveLength(minimalTransfers(after).length);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('paying a whole plan one suggestion at a time never changes the suggestions still open', () => {
    fc.assert(
      fc.property(zeroSumBalancesArb(8), fc.array(fc.nat()), (balances, picks) => {
        const original = minimalTransfers(balances);
        let plan: Transfer[] = original;
        let current = balances;
        for (let i = 0; plan.length > 0; i++) {
          const t = plan[(picks[i] ?? i) % plan.length]!;
          current = pay(current, t);
          plan = planAfterPayment(plan, t)!;
          expect(
            plan.every((u) =>
              original.some((o) => o.from === u.from && o.to === u.to && o.amount === u.amount),
            ),
          ).toBe(true);
        }
        expect(Object.values(current).every((v) => v === 0)).toBe(true);
      }),
    );
  });

  it('keeps the plan where recomputing from the new balances alone would reshuffle it', () => {
    const balances = { a: -3, b: -3, c: -3, d: 4, e: 5 };
    const plan = minimalTransfers(balances);
    expect(plan).toEqual([
      { from: 'a', to: 'd', amount: 3 },
      { from: 'b', to: 'd', amount: 1 },
      { from: 'b', to: 'e', amount: 2 },
      { from: 'c', to: 'e', amount: 3 },
    ]);
    const paid = { from: 'b', to: 'd', amount: 1 };
    // Recomputed, a and c would swap receivers: the plan people saw would change under them.
    expect(minimalTransfers(pay(balances, paid))).toEqual([
      { from: 'a', to: 'e', amount: 3 },
      { from: 'b', to: 'e', amount: 2 },
      { from: 'c', to: 'd', amount: 3 },
    ]);
    expect(planAfterPayment(plan, paid)).toEqual([
      { from: 'a', to: 'd', amount: 3 },
      { from: 'b', to: 'e', amount: 2 },
      { from: 'c', to: 'e', amount: 3 },
    ]);
  });

  it('a payment that is not one of the suggestions keeps nothing', () => {
    const plan = minimalTransfers({ a: -3, b: 3 });
    expect(planAfterPayment(plan, { from: 'a', to: 'b', amount: 2 })).toBeNull();
    expect(planAfterPayment(plan, { from: 'b', to: 'a', amount: 3 })).toBeNull();
    expect(planAfterPayment(plan, { from: 'a', to: 'b', amount: 3 })).toEqual([]);
  });
});

describe('balancesBeforePayment', () => {
  it('undoes exactly what paying a transfer did, to the minor unit', () => {
    fc.assert(
      fc.property(zeroSumBalancesArb(8), (balances) => {
        for (const t of minimalTransfers(balances)) {
          expect(balancesBeforePayment(pay(balances, t), t)).toEqual(balances);
        }
      }),
    );
  });
});
