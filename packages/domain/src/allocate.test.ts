import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AllocationError, allocate } from './allocate';
import { minorArb, participantsArb } from './testing/arbitraries';

const weightArb = fc.oneof(
  fc.integer({ min: 0, max: 1000 }),
  fc.integer({ min: 0, max: 10000 }).map((bp) => bp / 100), // percentages like 33.33
);
const weightsArb = fc.array(weightArb, { minLength: 1, maxLength: 12 }).filter((ws) => ws.some((w) => w > 0));
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

describe('allocate', () => {
  it('parts always sum exactly to the total, negative totals included', () => {
    fc.assert(
      fc.property(minorArb(), weightsArb, (total, weights) => {
        const parts = allocate(total, weights);
        expect(parts).toHaveLength(weights.length);
        expect(parts.every(Number.isSafeInteger)).toBe(true);
        expect(BigInt(sum(parts))).toBe(BigInt(total));
      }),
    );
  });

  it('each part is within one unit of its exact proportional quota', () => {
    fc.assert(
      fc.property(
        minorArb(),
        fc.array(fc.integer({ min: 0, max: 1000 }), { minLength: 1, maxLength: 10 }),
        (t, ws) => {
          fc.pre(ws.some((w) => w > 0));
          const parts = allocate(t, ws);
          const W = BigInt(sum(ws));
          parts.forEach((p, i) => {
            const diff = BigInt(p) * W - BigInt(t) * BigInt(ws[i]!);
            expect(diff < 0n ? -diff : diff).toBeLessThan(W);
          });
        },
      ),
    );
  });

  it('equal weights get parts that differ by at most one unit', () => {
    fc.assert(
      fc.property(
        minorArb(),
        fc.integer({ min: 1, max: 30 }),
        fc.integer({ min: 1, max: 100 }),
        (t, n, w) => {
          const parts = allocate(t, Array(n).fill(w));
          expect(Math.max(...parts) - Math.min(...parts)).toBeLessThanOrEqual(1);
        },
      ),
    );
  });

  it('with keys, the same (key, weight) pairs in any order get the same part per key', () => {
    const caseArb = participantsArb(1, 10).chain((keys) =>
      fc.record({
        keys: fc.constant(keys),
        weights: fc.array(fc.integer({ min: 0, max: 5 }), { minLength: keys.length, maxLength: keys.length }),
        order: fc.shuffledSubarray(
          keys.map((_, i) => i),
          { minLength: keys.length, maxLength: keys.length },
        ),
      }),
    );
    fc.assert(
      fc.property(minorArb(), caseArb, (total, { keys, weights, order }) => {
        fc.pre(weights.some((w) => w > 0));
        const before = allocate(total, weights, keys);
        const after = allocate(
          total,
          order.map((i) => weights[i]!),
          order.map((i) => keys[i]!),
        );
        order.forEach((i, j) => {
          expect(after[j]).toBe(before[i]);
        });
      }),
    );
  });

  it('without keys, the same weights in any order get the same (weight, part) pairs', () => {
    // Small weights and totals that are multiples of W / d make equal remainders of different weights
    // common (total = W / 2: every odd weight has remainder W / 2).
    const tiedArb = fc
      .array(fc.integer({ min: 0, max: 6 }), { minLength: 1, maxLength: 12 })
      .filter((ws) => ws.some((w) => w > 0));
    const caseArb = fc.oneof(weightsArb, tiedArb).chain((weights) => {
      const W = sum(weights);
      return fc.record({
        weights: fc.constant(weights),
        total: fc.oneof(
          minorArb(),
          fc.integer({ min: -20, max: 20 }),
          fc
            .tuple(fc.integer({ min: -7, max: 7 }), fc.integer({ min: 2, max: 4 }))
            .map(([k, d]) => Math.round((k * W) / d)),
        ),
        order: fc.shuffledSubarray(
          weights.map((_, i) => i),
          { minLength: weights.length, maxLength: weights.length },
        ),
      });
    });
    // Equal weights may swap their parts, so compare the sorted (weight, part) pairs.
    const pairs = (weights: readonly number[], parts: readonly number[]) =>
      weights.map((w, i) => [w, parts[i]!] as const).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    fc.assert(
      fc.property(caseArb, ({ weights, total, order }) => {
        const shuffled = order.map((i) => weights[i]!);
        expect(pairs(shuffled, allocate(total, shuffled))).toEqual(pairs(weights, allocate(total, weights)));
      }),
      { numRuns: 300 },
    );
  });

  it('without keys, a tie between different weights goes to the larger weight, whatever the order', () => {
    expect(allocate(2, [1, 3])).toEqual([0, 2]);
    expect(allocate(2, [3, 1])).toEqual([2, 0]);
    expect(allocate(-2, [1, 3])).toEqual([0, -2]);
    // Only exactly equal weights fall back to position: the earlier one gets the unit.
    expect(allocate(3, [1, 1, 2, 2])).toEqual([1, 0, 1, 1]);
    expect(allocate(5, [1, 2, 1, 2])).toEqual([1, 2, 1, 1]);
  });

  it('a zero weight gets nothing', () => {
    expect(allocate(101, [1, 0, 1])).toEqual([51, 0, 50]);
  });

  it('reads decimal weights exactly (33.33 is 3333/100, not a float)', () => {
    expect(allocate(10000, [33.33, 33.33, 33.34])).toEqual([3333, 3333, 3334]);
    expect(allocate(3, [0.1, 0.2])).toEqual([1, 2]);
    expect(allocate(9500, [1, 1, 1])).toEqual([3167, 3167, 3166]);
    expect(allocate(-100, [1, 1, 1])).toEqual([-34, -33, -33]);
  });

  it('breaks ties by key, not by position', () => {
    expect(allocate(2, [1, 1, 1], ['c', 'a', 'b'])).toEqual([0, 1, 1]);
    expect(allocate(1, [1, 1], ['b', 'a'])).toEqual([0, 1]);
  });

  it('rejects bad input with clear errors', () => {
    expect(() => allocate(1.5, [1])).toThrow(
      new AllocationError('The total must be a whole number of minor units'),
    );
    expect(() => allocate(Number.NaN, [1])).toThrow('whole number');
    expect(() => allocate(10, [])).toThrow('At least one weight is required');
    expect(() => allocate(10, [1, -1])).toThrow('Weight 2 must not be negative');
    expect(() => allocate(10, [Number.NaN])).toThrow('Weight 1 is not a number');
    expect(() => allocate(10, [Number.POSITIVE_INFINITY])).toThrow('Weight 1 must be finite');
    expect(() => allocate(10, [0, 0])).toThrow('At least one weight must be greater than zero');
    expect(() => allocate(10, [1, 1], ['a'])).toThrow('There must be one key per weight');
    expect(() => allocate(10, [1, 1], ['a', 'a'])).toThrow('Keys must be unique');
  });
});
