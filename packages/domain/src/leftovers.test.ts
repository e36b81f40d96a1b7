import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allocate, leftoverCount } from './allocate';
import { leftoverUnits, type SplitInput, splitExpense } from './splits';

/**
 * A group as the server runs it: each expense gets the group's leftover counter as its rotation, then
 * the counter moves on by the expense's leftover units. Answers each participant's leftover units.
 */
function leftoversOverRun(inputs: readonly Omit<SplitInput, 'rotation'>[], start: number) {
  const received = new Map<string, number>();
  let counter = start;
  for (const input of inputs) {
    const shares = splitExpense({ ...input, rotation: counter });
    const floor = Math.floor(input.amount / input.participants.length);
    for (const [id, share] of Object.entries(shares)) {
      received.set(id, (received.get(id) ?? 0) + share - floor);
    }
    counter += leftoverUnits({ ...input, rotation: counter });
  }
  return [...received.values()];
}

const idsArb = fc.uniqueArray(
  fc.string({ minLength: 1, maxLength: 3 }).filter((id) => id.trim() !== ''),
  { minLength: 1, maxLength: 7 },
);

describe('leftover units go round the participants of a group', () => {
  it('over any run of equal splits among the same people, nobody gets more than one more than anyone', () => {
    fc.assert(
      fc.property(
        idsArb,
        fc.array(fc.integer({ min: 1, max: 100_000 }), { minLength: 1, maxLength: 60 }),
        fc.nat(1000),
        (participants, amounts, start) => {
          const run = amounts.map((amount) => ({ amount, participants, split_type: 'equal' }));
          const received = leftoversOverRun(run, start);
          expect(Math.max(...received) - Math.min(...received)).toBeLessThanOrEqual(1);
        },
      ),
    );
  });

  it('50 splits of 1.00 among three: every total share within one cent of the others', () => {
    const participants = ['c', 'a', 'b'];
    const totals = { a: 0, b: 0, c: 0 };
    let counter = 0;
    for (let i = 0; i < 50; i++) {
      const input = { amount: 100, participants, split_type: 'equal', rotation: counter };
      for (const [id, share] of Object.entries(splitExpense(input))) totals[id as 'a'] += share;
      counter += leftoverUnits(input);
    }
    expect(Object.values(totals).sort()).toEqual([1666, 1667, 1667]);
  });

  it('the rotation only chooses who gets the leftover units, never how many there are', () => {
    fc.assert(
      fc.property(
        idsArb,
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: -1000, max: 1000 }),
        (participants, amount, rotation) => {
          const input = { amount, participants, split_type: 'equal' } as const;
          const plain = Object.values(splitExpense(input)).sort();
          expect(Object.values(splitExpense({ ...input, rotation })).sort()).toEqual(plain);
          expect(leftoverUnits({ ...input, rotation })).toBe(amount % participants.length);
        },
      ),
    );
  });

  it('starts at the (rotation mod n)-th smallest id and wraps round; 0 is the smallest id', () => {
    const participants = ['carol', 'alice', 'bob'];
    const split = (amount: number, rotation?: number) =>
      splitExpense({ amount, participants, split_type: 'equal', rotation });
    expect(split(100)).toEqual({ alice: 34, bob: 33, carol: 33 });
    expect(split(100, 1)).toEqual({ alice: 33, bob: 34, carol: 33 });
    expect(split(100, 2)).toEqual({ alice: 33, bob: 33, carol: 34 });
    expect(split(100, 3)).toEqual({ alice: 34, bob: 33, carol: 33 });
    expect(split(101, 2)).toEqual({ alice: 34, bob: 33, carol: 34 });
    expect(split(100, -1)).toEqual({ alice: 33, bob: 33, carol: 34 });
  });

  it('counts the leftovers of every split type', () => {
    const participants = ['a', 'b', 'c'];
    expect(leftoverUnits({ amount: 100, participants, split_type: 'equal' })).toBe(1);
    expect(
      leftoverUnits({
        amount: 100,
        participants,
        split_type: 'shares',
        details: { shares: { a: 1, b: 1, c: 1 } },
      }),
    ).toBe(1);
    expect(
      leftoverUnits({
        amount: 1000,
        participants,
        split_type: 'percentage',
        details: { percentages: { a: 33.33, b: 33.33, c: 33.34 } },
      }),
    ).toBe(1);
    expect(
      leftoverUnits({
        amount: 1001,
        participants,
        split_type: 'adjustment',
        details: { adjustments: { a: 500 } },
      }),
    ).toBe(0);
    expect(
      leftoverUnits({
        amount: 1000,
        participants,
        split_type: 'adjustment',
        details: { adjustments: { a: 500 } },
      }),
    ).toBe(2);
    expect(
      leftoverUnits({ amount: 10, participants, split_type: 'exact', details: { amounts: { a: 10 } } }),
    ).toBe(0);
    expect(leftoverCount(7, [1, 1, 1])).toBe(1);
    expect(allocate(7, [1, 1, 1], ['x', 'y', 'z'], 4)).toEqual([2, 3, 2]);
  });
});
