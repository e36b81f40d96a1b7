import { minimalTransfers } from '@kitty/domain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cachedMinimalTransfers, PLAN_CACHE_SIZE, planCacheSize } from './plan-cache';

/** n nonzero balances summing to zero, keyed by distinct ids. */
const balancesArb = fc
  .array(
    fc.integer({ min: -500_000, max: 500_000 }).filter((v) => v !== 0),
    { minLength: 7, maxLength: 13 },
  )
  .chain((values) => {
    const last = -values.reduce((a, b) => a + b, 0);
    const all =
      last === 0
        ? values.slice(0, -1).concat([-values.slice(0, -1).reduce((a, b) => a + b, 0)])
        : [...values, last];
    return fc.constant(
      Object.fromEntries(all.map((v, i) => [`00000000-0000-7000-8000-${String(i).padStart(12, '0')}`, v])),
    );
  })
  .filter((b) => Object.values(b).reduce((a, v) => a + v, 0) === 0);

describe('the plan cache', () => {
  it('answers exactly what the domain answers, first time and remembered', () => {
    fc.assert(
      fc.property(balancesArb, (balances) => {
        const expected = minimalTransfers(balances);
        expect(cachedMinimalTransfers(balances)).toEqual(expected);
        expect(cachedMinimalTransfers(balances)).toEqual(expected);
        // The same balances in another key order are the same state and the same plan.
        const reversed = Object.fromEntries(Object.entries(balances).reverse());
        expect(cachedMinimalTransfers(reversed)).toEqual(expected);
      }),
      { numRuns: 150 },
    );
  });

  it('a caller changing the plan it got cannot change what the next caller gets', () => {
    const balances = Object.fromEntries(
      [-300, -200, -100, -50, 50, 100, 200, 300].map((v, i) => [`p${i}`, v]),
    );
    const first = cachedMinimalTransfers(balances);
    const expected = minimalTransfers(balances);
    first[0]!.amount = 1;
    first.pop();
    expect(cachedMinimalTransfers(balances)).toEqual(expected);
  });

  it('stays bounded', () => {
    for (let i = 0; i < PLAN_CACHE_SIZE + 50; i++) {
      const balances = Object.fromEntries(
        [-(i + 700), -200, -100, -50, 50, 100, 200, i + 700].map((v, k) => [`q${k}`, v]),
      );
      cachedMinimalTransfers(balances);
    }
    expect(planCacheSize()).toBe(PLAN_CACHE_SIZE);
  });
});
