import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatMoney } from './money';
import {
  defaultSplitDetails,
  exactRemaining,
  isSplitType,
  percentageTotal,
  rotationFor,
  SPLIT_TYPE_LABELS,
  SPLIT_TYPES,
  SplitError,
  type SplitInput,
  splitConfigError,
  splitExpense,
  trySplitDetailsFromWire,
  trySplitExpense,
} from './splits';
import { splitInputArb } from './testing/arbitraries';

const total = (shares: Record<string, number>) => Object.values(shares).reduce((a, b) => a + b, 0);
const people = ['alice', 'bob', 'carol'];

function splitError(input: SplitInput): SplitError {
  const result = trySplitExpense(input);
  if (result.ok) throw new Error('expected the split to be rejected');
  return result.error;
}

describe('every split type sums exactly to the amount', () => {
  for (const type of SPLIT_TYPES) {
    it(`${type}: shares are non-negative whole minor units summing to the amount`, () => {
      fc.assert(
        fc.property(splitInputArb(type), ({ input, expected }) => {
          const shares = splitExpense(input);
          expect(Object.keys(shares).sort()).toEqual([...input.participants].sort());
          expect(Object.values(shares).every((s) => Number.isSafeInteger(s) && s >= 0)).toBe(true);
          expect(BigInt(total(shares))).toBe(BigInt(input.amount));
          if (expected) expect(shares).toEqual(expected);
        }),
      );
    });
  }

  it('equal: shares differ by at most one minor unit', () => {
    fc.assert(
      fc.property(splitInputArb('equal'), ({ input }) => {
        const values = Object.values(splitExpense(input));
        expect(Math.max(...values) - Math.min(...values)).toBeLessThanOrEqual(1);
      }),
    );
  });
});

describe('examples people check by hand', () => {
  it('95.00 split equally by three is 31.67 + 31.67 + 31.66, never 95.01', () => {
    const shares = splitExpense({ amount: 9500, participants: people, split_type: 'equal' });
    expect(Object.values(shares).map((s) => formatMoney(s))).toEqual(['31.67', '31.67', '31.66']);
    expect(total(shares)).toBe(9500);
  });

  it('the extra cent goes by participant id, whatever the order of the list', () => {
    const shares = splitExpense({
      amount: 9500,
      participants: ['carol', 'alice', 'bob'],
      split_type: 'equal',
    });
    expect(shares).toEqual({ carol: 3166, alice: 3167, bob: 3167 });
  });

  it('100/3 default percentages are 33.34, 33.33, 33.33 and sum to exactly 100', () => {
    const { percentages } = defaultSplitDetails('percentage', people);
    expect(percentages).toEqual({ alice: 33.34, bob: 33.33, carol: 33.33 });
    expect(percentageTotal(percentages!)).toBe(100);
    const shares = splitExpense({
      amount: 10000,
      participants: people,
      split_type: 'percentage',
      details: { percentages },
    });
    expect(shares).toEqual({ alice: 3334, bob: 3333, carol: 3333 });
  });

  it('percentages of 95.00 keep every cent', () => {
    const percentages = { alice: 50, bob: 25.5, carol: 24.5 };
    const shares = splitExpense({
      amount: 9500,
      participants: people,
      split_type: 'percentage',
      details: { percentages },
    });
    expect(shares).toEqual({ alice: 4750, bob: 2423, carol: 2327 });
  });

  it('shares 2:1:1 of 10.00 are 5.00, 2.50, 2.50', () => {
    const shares = { alice: 2, bob: 1, carol: 1 };
    expect(
      splitExpense({ amount: 1000, participants: people, split_type: 'shares', details: { shares } }),
    ).toEqual({
      alice: 500,
      bob: 250,
      carol: 250,
    });
  });

  it('equal with adjustments: the rest is split equally, then each adjustment is added', () => {
    const adjustments = { alice: 1000, bob: -500 };
    const shares = splitExpense({
      amount: 10000,
      participants: people,
      split_type: 'adjustment',
      details: { adjustments },
    });
    // base = 100.00 - 5.00 = 95.00 -> 31.67 / 31.67 / 31.66
    expect(shares).toEqual({ alice: 4167, bob: 2667, carol: 3166 });
  });

  it('exact amounts are kept as entered', () => {
    const amounts = { alice: 700, bob: 300, carol: 0 };
    expect(
      splitExpense({ amount: 1000, participants: people, split_type: 'exact', details: { amounts } }),
    ).toEqual(amounts);
  });
});

describe('invalid splits are rejected with clear messages', () => {
  const base = { amount: 1000, participants: people };

  it('"Invalid split type" for an unknown type', () => {
    expect(() => splitExpense({ ...base, split_type: 'thirds' })).toThrow(SplitError);
    expect(() => splitExpense({ ...base, split_type: 'thirds' })).toThrow('Invalid split type');
    expect(splitError({ ...base, split_type: 'thirds' }).field).toBe('split_type');
  });

  it('"At least one participant must have shares" when nobody has a positive share', () => {
    expect(splitError({ ...base, split_type: 'shares' }).message).toBe(
      'At least one participant must have shares',
    );
    const zero = { alice: 0, bob: 0 };
    expect(splitError({ ...base, split_type: 'shares', details: { shares: zero } }).message).toBe(
      'At least one participant must have shares',
    );
  });

  it('percentages must add up to exactly 100', () => {
    const percentages = { alice: 33.33, bob: 33.33, carol: 33.33 };
    expect(splitError({ ...base, split_type: 'percentage', details: { percentages } }).message).toBe(
      'Percentages must add up to 100%',
    );
    expect(splitError({ ...base, split_type: 'percentage' }).message).toBe('Percentages must add up to 100%');
  });

  it('exact amounts must add up to the total', () => {
    const amounts = { alice: 500, bob: 499 };
    expect(splitError({ ...base, split_type: 'exact', details: { amounts } }).message).toBe(
      'The amounts must add up to the total',
    );
  });

  it('adjustments cannot make a share negative', () => {
    const adjustments = { alice: 2000 };
    const error = splitError({ ...base, split_type: 'adjustment', details: { adjustments } });
    expect(error.message).toBe('Adjustments cannot make a share negative');
    expect(error.field).toBe('adjustments');
  });

  it("an adjustment split valid where the leftover starts first is valid wherever a group's count starts it", () => {
    // 0.01 with -0.01 and +0.01: the equal part's leftover cent cannot fall on the one whose share it would
    // make negative, so at that rotation it moves on to the next person.
    const input: SplitInput = {
      amount: 1,
      participants: ['alice', 'bob'],
      split_type: 'adjustment',
      details: { adjustments: { alice: -1, bob: 1 } },
    };
    expect(splitExpense({ ...input, rotation: 0 })).toEqual({ alice: 0, bob: 1 });
    expect(splitExpense({ ...input, rotation: 1 })).toEqual({ alice: 0, bob: 1 });
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000 }),
        fc.array(fc.integer({ min: -500, max: 500 }), { minLength: 1, maxLength: 6 }),
        fc.nat(50),
        (amount, values, rotation) => {
          const participants = values.map((_, i) => `p${i}`);
          const adjustments = Object.fromEntries(participants.map((p, i) => [p, values[i]!]));
          const valid = trySplitExpense({
            amount,
            participants,
            split_type: 'adjustment',
            details: { adjustments },
          });
          if (!valid.ok) return;
          const shares = splitExpense({
            amount,
            participants,
            split_type: 'adjustment',
            details: { adjustments },
            rotation,
          });
          expect(Object.values(shares).reduce((a, b) => a + b, 0)).toBe(amount);
          expect(Object.values(shares).every((share) => share >= 0)).toBe(true);
        },
      ),
    );
  });

  it('participants must be present, non-empty and unique', () => {
    expect(splitError({ amount: 1000, participants: [], split_type: 'equal' }).message).toBe(
      'At least one participant required',
    );
    expect(splitError({ amount: 1000, participants: ['a', ' '], split_type: 'equal' }).message).toBe(
      'Every participant needs an id',
    );
    expect(splitError({ amount: 1000, participants: ['a', 'a'], split_type: 'equal' }).message).toBe(
      'Each participant can appear only once',
    );
  });

  it('values for someone not participating are refused', () => {
    const input = { ...base, split_type: 'percentage', details: { percentages: { alice: 50, dave: 50 } } };
    expect(splitError(input).message).toBe('A percentage was given for someone who is not participating');
    const amounts = { alice: 1000, dave: 0 };
    expect(splitError({ ...base, split_type: 'exact', details: { amounts } }).message).toBe(
      'An amount was given for someone who is not participating',
    );
  });

  it('negative, fractional and non-numeric values are refused', () => {
    const negative = { alice: 150, bob: -50 };
    expect(
      splitError({ ...base, split_type: 'percentage', details: { percentages: negative } }).message,
    ).toBe('A percentage cannot be negative');
    expect(splitError({ ...base, split_type: 'shares', details: { shares: { alice: 1.5 } } }).message).toBe(
      'Shares must be whole numbers',
    );
    expect(
      splitError({ ...base, split_type: 'exact', details: { amounts: { alice: 999.5, bob: 0.5 } } }).message,
    ).toBe('Amounts must be whole numbers of minor units');
    expect(
      splitError({ ...base, split_type: 'shares', details: { shares: { alice: Number.NaN } } }).message,
    ).toBe('A share must be a number');
  });

  it('the amount must be positive whole minor units', () => {
    expect(splitError({ ...base, amount: 0, split_type: 'equal' }).message).toBe(
      'Amount must be greater than 0',
    );
    expect(splitError({ ...base, amount: 10.5, split_type: 'equal' }).message).toBe(
      'Amount must be a whole number of minor units',
    );
  });
});

describe('splitConfigError: a default split is checked without an amount, with the split messages', () => {
  const message = (...args: Parameters<typeof splitConfigError>) =>
    splitConfigError(...args)?.message ?? null;

  it('takes percentages that add up to exactly 100 and refuses any other sum', () => {
    expect(
      message('percentage', { percentages: { alice: 33.34, bob: 33.33, carol: 33.33 } }, people),
    ).toBeNull();
    expect(message('percentage', { percentages: { alice: 50, bob: 30, carol: 10 } }, people)).toBe(
      'Percentages must add up to 100%',
    );
    expect(message('percentage', { percentages: { alice: 120, bob: -20 } }, people)).toBe(
      'A percentage cannot be negative',
    );
  });

  it('needs whole shares and at least one above zero', () => {
    expect(message('shares', { shares: { alice: 2, bob: 0 } }, people)).toBeNull();
    expect(message('shares', { shares: { alice: 0, bob: 0, carol: 0 } }, people)).toBe(
      'At least one participant must have shares',
    );
    expect(message('shares', { shares: { alice: 1.5, bob: 1, carol: 1 } }, people)).toBe(
      'Shares must be whole numbers',
    );
  });

  it('names the field, refuses someone outside the people and an empty list', () => {
    expect(splitConfigError('shares', { shares: { dave: 1 } }, people)).toMatchObject({
      message: 'A share was given for someone who is not participating',
      field: 'shares',
    });
    expect(message('percentage', { percentages: {} }, [])).toBe('At least one participant required');
  });

  it('leaves exact amounts and adjustments to the split of a real amount', () => {
    expect(message('exact', { amounts: { alice: 1000 } }, people)).toBeNull();
    expect(message('adjustment', { adjustments: { alice: -500 } }, people)).toBeNull();
    expect(message('equal', {}, people)).toBeNull();
  });
});

describe('split type list and dialog helpers', () => {
  it('lists the five split types in order with their labels', () => {
    expect(SPLIT_TYPES).toEqual(['equal', 'percentage', 'shares', 'exact', 'adjustment']);
    expect(SPLIT_TYPES.map((t) => SPLIT_TYPE_LABELS[t])).toEqual([
      'Split Equally',
      'Split by Percentage',
      'Split by Shares',
      'Exact Amounts',
      'Equal with Adjustments',
    ]);
    expect(isSplitType('shares')).toBe(true);
    expect(isSplitType('thirds')).toBe(false);
  });

  it('defaults: 100% for one participant, 1 share each, 0 exact and 0 adjustment, nothing for equal', () => {
    expect(defaultSplitDetails('percentage', ['a'])).toEqual({ percentages: { a: 100 } });
    expect(defaultSplitDetails('shares', ['a', 'b'])).toEqual({ shares: { a: 1, b: 1 } });
    expect(defaultSplitDetails('exact', ['a', 'b'])).toEqual({ amounts: { a: 0, b: 0 } });
    expect(defaultSplitDetails('adjustment', ['a'])).toEqual({ adjustments: { a: 0 } });
    expect(defaultSplitDetails('equal', ['a'])).toEqual({});
  });

  it('default percentages always have at most two decimals and sum to exactly 100', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 40 }), (n) => {
        const ids = Array.from({ length: n }, (_, i) => `p${i}`);
        const { percentages } = defaultSplitDetails('percentage', ids);
        expect(percentageTotal(percentages!)).toBe(100);
        for (const v of Object.values(percentages!)) expect(Math.round(v * 100) / 100).toBe(v);
        expect(
          trySplitExpense({
            amount: 1,
            participants: ids,
            split_type: 'percentage',
            details: { percentages },
          }).ok,
        ).toBe(true);
      }),
    );
  });

  it('the running percentage total is exact, not a float sum', () => {
    expect(percentageTotal({ a: 0.1, b: 0.2 })).toBe(0.3);
    expect(percentageTotal({ a: 33.33, b: 33.33, c: 33.33 })).toBe(99.99);
    expect(percentageTotal({ a: 50, b: undefined, c: Number.NaN })).toBe(50);
  });

  it('exact remaining is the total minus what has been entered', () => {
    expect(exactRemaining(10000, { a: 2500, b: 1000 })).toBe(6500);
    expect(formatMoney(exactRemaining(10000, { a: 2500, b: 1000 }))).toBe('65.00');
    expect(exactRemaining(1000, { a: 1200 })).toBe(-200);
  });
});

describe('split details from the wire', () => {
  it('amounts and adjustments become minor units; percentages and shares stay as given', () => {
    expect(
      trySplitDetailsFromWire(
        { percentages: { a: 33.33 }, shares: { a: 2 }, amounts: { a: 12.5 }, adjustments: { a: -0.07 } },
        'EUR',
      ),
    ).toEqual({
      ok: true,
      details: { percentages: { a: 33.33 }, shares: { a: 2 }, amounts: { a: 1250 }, adjustments: { a: -7 } },
    });
  });
  it('a value the currency cannot hold fails with the money message and the field it was in', () => {
    const tooPrecise = trySplitDetailsFromWire({ amounts: { a: 1.005 } }, 'EUR');
    expect(tooPrecise.ok || [tooPrecise.error.field, tooPrecise.error.message]).toEqual([
      'amounts',
      'Amount can have at most 2 decimal places',
    ]);
    const yen = trySplitDetailsFromWire({ adjustments: { a: 0.5 } }, 'JPY');
    expect(yen.ok || [yen.error.field, yen.error.message]).toEqual([
      'adjustments',
      'Amounts in JPY must be whole numbers',
    ]);
  });
});

describe('rotationFor: where the leftovers must start to make given shares', () => {
  it('finds a rotation that makes the shares a split made, for every split type', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...SPLIT_TYPES).chain((type) => splitInputArb(type)),
        fc.nat(20),
        ({ input }, rotation) => {
          // An adjustment split may be valid with some rotations only (a leftover unit on a 0 - 1 share).
          const made = trySplitExpense({ ...input, rotation });
          fc.pre(made.ok);
          const shares = made.ok ? made.shares : {};
          const found = rotationFor(input, shares, 7);
          expect(found).not.toBeNull();
          expect(splitExpense({ ...input, rotation: found! })).toEqual(shares);
        },
      ),
    );
  });

  it('under new ids it finds one when the leftovers still lie next to each other, else answers null', () => {
    const equal = { amount: 100, participants: people, split_type: 'equal' };
    expect(rotationFor(equal, { alice: 33, bob: 34, carol: 33 })).toBe(1);
    expect(rotationFor(equal, { alice: 34, bob: 34, carol: 32 })).toBeNull();
    // 2 units among 4: alice and carol got them under the old ids; in id order they are not neighbours.
    const four = { amount: 2, participants: ['alice', 'bob', 'carol', 'dave'], split_type: 'equal' };
    expect(rotationFor(four, { alice: 1, bob: 0, carol: 1, dave: 0 })).toBeNull();
    expect(rotationFor(four, { alice: 1, bob: 0, carol: 0, dave: 1 })).toBe(3);
  });
});
