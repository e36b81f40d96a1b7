import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EXACT_SETTLE_LIMIT, minimalTransfers, SettleError, type Transfer } from './settle';
import { zeroSumBalancesArb } from './testing/arbitraries';

// The package compiles without DOM or Node types; both runtimes provide this clock.
declare const performance: { now(): number };

function pay(balances: Record<string, number>, transfers: readonly Transfer[]): Record<string, number> {
  const next = { ...balances };
  for (const t of transfers) {
    next[t.from] = next[t.from]! + t.amount;
    next[t.to] = next[t.to]! - t.amount;
  }
  return next;
}

/** Every way to cut the nonzero balances into the most zero-sum groups (plain recursive search). */
function maxZeroSumPartitions(balances: Record<string, number>): string[][][] {
  const ids = Object.keys(balances)
    .filter((id) => balances[id] !== 0)
    .sort();
  const all: string[][][] = [];
  const search = (rest: string[], groups: string[][]) => {
    const [first, ...others] = rest;
    if (first === undefined) {
      all.push(groups);
      return;
    }
    for (let pick = 0; pick < 2 ** others.length; pick++) {
      const group = [first, ...others.filter((_, i) => (pick >> i) & 1)];
      if (group.reduce((s, id) => s + balances[id]!, 0) !== 0) continue;
      search(
        others.filter((_, i) => !((pick >> i) & 1)),
        [...groups, group],
      );
    }
  };
  search(ids, []);
  const most = Math.max(0, ...all.map((p) => p.length));
  return all.filter((p) => p.length === most);
}

function bruteForceMinimum(balances: Record<string, number>): number {
  const nonzero = Object.values(balances).filter((v) => v !== 0).length;
  return nonzero === 0 ? 0 : nonzero - maxZeroSumPartitions(balances)[0]!.length;
}

/** n - the most disjoint zero-sum groups, with exact (BigInt) sums: a reference for huge balances. */
function exactMinimum(balances: Record<string, number>): number {
  const values = Object.values(balances)
    .filter((v) => v !== 0)
    .map((v) => BigInt(v));
  const n = values.length;
  const sumOf = (mask: number) => values.reduce((s, v, i) => ((mask >> i) & 1 ? s + v : s), 0n);
  const memo = new Map<number, number>();
  // Most zero-sum groups that exactly cover `mask` (itself summing to zero).
  const most = (mask: number): number => {
    if (mask === 0) return 0;
    const cached = memo.get(mask);
    if (cached !== undefined) return cached;
    const low = mask & -mask;
    let best = 1;
    const rest = mask ^ low;
    for (let sub = rest; sub !== 0; sub = (sub - 1) & rest) {
      const group = sub | low;
      if (group !== mask && sumOf(group) === 0n) best = Math.max(best, 1 + most(mask ^ group));
    }
    memo.set(mask, best);
    return best;
  };
  return n === 0 ? 0 : n - most((1 << n) - 1);
}

const key = (t: Transfer) => `${t.from}>${t.to}:${t.amount}`;

/** The plan's connected groups of transfers (people linked by a transfer). */
function transferGroups(plan: readonly Transfer[]): Transfer[][] {
  const root = new Map<string, string>();
  const find = (x: string): string => (root.get(x) === x ? x : find(root.get(x)!));
  for (const t of plan) {
    for (const p of [t.from, t.to]) if (!root.has(p)) root.set(p, p);
    root.set(find(t.from), find(t.to));
  }
  const groups = new Map<string, Transfer[]>();
  for (const t of plan) groups.set(find(t.from), [...(groups.get(find(t.from)) ?? []), t]);
  return [...groups.values()];
}

describe('minimalTransfers clears every balance', () => {
  it('paying every suggested transfer brings every balance to zero', () => {
    fc.assert(
      fc.property(fc.oneof(zeroSumBalancesArb(8), zeroSumBalancesArb(30, 1_000_000)), (balances) => {
        const plan = minimalTransfers(balances);
        expect(Object.values(pay(balances, plan)).every((v) => v === 0)).toBe(true);
        for (const t of plan) {
          expect(Number.isSafeInteger(t.amount) && t.amount > 0).toBe(true);
          expect(balances[t.from]!).toBeLessThan(0);
          expect(balances[t.to]!).toBeGreaterThan(0);
        }
      }),
    );
  });

  it('the number of transfers is the true minimum (brute force, up to 7 people)', () => {
    fc.assert(
      fc.property(zeroSumBalancesArb(7), (balances) => {
        expect(minimalTransfers(balances)).toHaveLength(bruteForceMinimum(balances));
      }),
      { numRuns: 500 },
    );
  });

  it('the plan is the same in any unit: scaled past what a double sums exactly, the same transfers, scaled', () => {
    // Small balances cancel out in many ways; scaled up, the groups are found by the other search (the
    // one over every subset, in two exact halves), which must choose exactly the same ones.
    fc.assert(
      fc.property(zeroSumBalancesArb(14, 6), (balances) => {
        const largest = Math.max(...Object.values(balances).map(Math.abs));
        fc.pre(largest > 0);
        const unit = Math.floor(Number.MAX_SAFE_INTEGER / largest);
        const scaled = Object.fromEntries(Object.entries(balances).map(([id, v]) => [id, v * unit]));
        const expected = minimalTransfers(balances).map((t) => ({ ...t, amount: t.amount * unit }));
        expect(minimalTransfers(scaled)).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });

  it('the plan does not depend on the order of the keys', () => {
    fc.assert(
      fc.property(
        zeroSumBalancesArb(9).chain((b) =>
          fc.tuple(
            fc.constant(b),
            fc.shuffledSubarray(Object.entries(b), { minLength: Object.keys(b).length }),
          ),
        ),
        ([balances, shuffled]) => {
          expect(minimalTransfers(Object.fromEntries(shuffled))).toEqual(minimalTransfers(balances));
        },
      ),
    );
  });

  it('settles a simple group in the obvious way', () => {
    expect(minimalTransfers({ alice: 2000, bob: -1000, carol: -1000 })).toEqual([
      { from: 'bob', to: 'alice', amount: 1000 },
      { from: 'carol', to: 'alice', amount: 1000 },
    ]);
    expect(minimalTransfers({ a: 0, b: 0 })).toEqual([]);
    expect(minimalTransfers({})).toEqual([]);
  });

  it('pairs people whose balances cancel instead of chaining them', () => {
    const plan = minimalTransfers({ a: 500, b: -700, c: 700, d: -500 });
    expect(plan).toEqual([
      { from: 'd', to: 'a', amount: 500 },
      { from: 'b', to: 'c', amount: 700 },
    ]);
  });

  it('refuses balances that do not sum to zero or are not whole minor units', () => {
    expect(() => minimalTransfers({ a: 1, b: 0 })).toThrow(new SettleError('Balances must sum to zero'));
    expect(() => minimalTransfers({ a: 0.5, b: -0.5 })).toThrow('not a whole number of minor units');
  });
});

describe('paying one suggestion keeps the rest of the plan', () => {
  it('after paying any one suggested transfer the new plan has exactly one transfer fewer', () => {
    fc.assert(
      fc.property(fc.oneof(zeroSumBalancesArb(8), zeroSumBalancesArb(12, 500)), (balances) => {
        const plan = minimalTransfers(balances);
        for (const t of plan) expect(minimalTransfers(pay(balances, [t]))).toHaveLength(plan.length - 1);
      }),
      { numRuns: 300 },
    );
  });

  it('when the most zero-sum groups can be formed one way only, the other groups keep their transfers', () => {
    fc.assert(
      fc.property(zeroSumBalancesArb(8), (balances) => {
        fc.pre(maxZeroSumPartitions(balances).length === 1);
        const plan = minimalTransfers(balances);
        for (const t of plan) {
          const next = new Set(minimalTransfers(pay(balances, [t])).map(key));
          for (const group of transferGroups(plan).filter((g) => !g.includes(t))) {
            for (const u of group) expect(next.has(key(u))).toBe(true);
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('when the new balances leave one way to form the groups, the new plan is the old one minus the payment', () => {
    fc.assert(
      fc.property(zeroSumBalancesArb(8), (balances) => {
        const plan = minimalTransfers(balances);
        for (const t of plan) {
          const after = pay(balances, [t]);
          if (maxZeroSumPartitions(after).length !== 1) continue;
          const rest = plan.filter((u) => u !== t).map(key);
          expect(minimalTransfers(after).map(key).sort()).toEqual(rest.sort());
        }
      }),
      { numRuns: 300 },
    );
  });

  it('measured over random groups: almost every remaining plan and untouched group is unchanged', () => {
    let payments = 0;
    let planUnchanged = 0;
    let untouchedGroups = 0;
    let untouchedKept = 0;
    fc.assert(
      fc.property(zeroSumBalancesArb(8), (balances) => {
        const plan = minimalTransfers(balances);
        for (const t of plan) {
          const next = minimalTransfers(pay(balances, [t]));
          const nextKeys = new Set(next.map(key));
          payments++;
          const rest = plan.filter((u) => u !== t);
          if (rest.length === next.length && rest.every((u) => nextKeys.has(key(u)))) planUnchanged++;
          for (const group of transferGroups(plan).filter((g) => !g.includes(t))) {
            untouchedGroups++;
            if (group.every((u) => nextKeys.has(key(u)))) untouchedKept++;
          }
        }
      }),
      { seed: 20261122, numRuns: 2000 },
    );
    // Not 100%: see README "Settle-up plans" for why no canonical choice can promise it.
    expect(planUnchanged / payments).toBeGreaterThan(0.99); // measured: 7115 of 7154
    expect(untouchedKept / untouchedGroups).toBeGreaterThan(0.97); // measured: 1572 of 1601
  });
});

describe('speed and larger groups', () => {
  it(`finds the minimum for ${EXACT_SETTLE_LIMIT} nonzero balances in under 50 ms (best of three runs)`, () => {
    minimalTransfers({ a: 1, b: -1 }); // warm up
    const values = fc.integer({ min: -100_000, max: 100_000 }).filter((v) => v !== 0);
    const random = fc.sample(fc.array(values, { minLength: 19, maxLength: 19 }), { seed: 7, numRuns: 5 });
    const cases = random.map((vs) => {
      const total = vs.reduce((a, b) => a + b, 0);
      const last = total === 0 ? [vs[0]! * 2, -vs[0]!] : [-total];
      return Object.fromEntries([...vs.slice(total === 0 ? 1 : 0), ...last].map((v, i) => [`m${i}`, v]));
    });
    const pairs: Record<string, number> = {};
    for (let i = 0; i < 10; i++) {
      pairs[`c${i}`] = 100 + i;
      pairs[`d${i}`] = -(100 + i);
    }
    cases.push(pairs);
    for (const balances of cases) {
      expect(Object.values(balances).filter((v) => v !== 0)).toHaveLength(EXACT_SETTLE_LIMIT);
      // Best of three runs, so that a garbage collection or a busy machine does not count as the algorithm.
      const times = [0, 1, 2].map(() => {
        const start = performance.now();
        minimalTransfers(balances);
        return performance.now() - start;
      });
      expect(Math.min(...times)).toBeLessThan(50);
      const plan = minimalTransfers(balances);
      expect(Object.values(pay(balances, plan)).every((v) => v === 0)).toBe(true);
    }
    expect(minimalTransfers(pairs)).toHaveLength(10);
  });

  it('balances whose sums no double holds exactly still get the true minimum, to the minor unit', () => {
    const max = Number.MAX_SAFE_INTEGER;
    expect(minimalTransfers({ a: max, b: -max, c: 1, d: -1 })).toEqual([
      { from: 'b', to: 'a', amount: max },
      { from: 'd', to: 'c', amount: 1 },
    ]);
  });

  it('huge balances: the plan is the brute-force minimum and clears every minor unit', () => {
    const big = fc.integer({ min: Number.MAX_SAFE_INTEGER - 2 ** 40, max: Number.MAX_SAFE_INTEGER });
    fc.assert(
      fc.property(
        fc.array(fc.tuple(big, fc.integer({ min: 1, max: 5 })), { minLength: 1, maxLength: 3 }),
        fc.array(fc.integer({ min: -3, max: 3 }), { minLength: 1, maxLength: 3 }),
        (pairs, small) => {
          // Big credits matched by debts that are near each other, so several groupings are close calls.
          const balances: Record<string, number> = {};
          pairs.forEach(([v, d], i) => {
            balances[`big${i}`] = v;
            balances[`owes${i}`] = -(v - d);
            balances[`rest${i}`] = -d;
          });
          small.forEach((v, i) => {
            balances[`s${i}`] = (balances[`s${i}`] ?? 0) + v;
            balances.zz = (balances.zz ?? 0) - v;
          });
          const plan = minimalTransfers(balances);
          expect(Object.values(pay(balances, plan)).every((v) => v === 0)).toBe(true);
          expect(plan.length).toBe(exactMinimum(balances));
        },
      ),
      { numRuns: 200 },
    );
  });

  it(`beyond ${EXACT_SETTLE_LIMIT} people: largest debtor pays largest creditor, ties by id`, () => {
    const balances: Record<string, number> = {};
    for (let i = 0; i < 11; i++) {
      balances[`p${String(i).padStart(2, '0')}`] = 1000;
      balances[`q${String(i).padStart(2, '0')}`] = -1000;
    }
    balances.p00 = 2000;
    balances.q00 = -2000;
    balances.p10 = 0;
    balances.q10 = 0;
    const plan = minimalTransfers(balances);
    expect(plan[0]).toEqual({ from: 'q00', to: 'p00', amount: 2000 });
    expect(plan[1]).toEqual({ from: 'q01', to: 'p01', amount: 1000 });
    expect(plan).toHaveLength(10);
  });
});
