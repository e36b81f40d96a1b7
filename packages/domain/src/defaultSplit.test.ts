import { describe, expect, it } from 'vitest';
import { splitDetailsForMembers } from './defaultSplit';

describe('splitDetailsForMembers: a group default split applied to its members', () => {
  it('keeps custom percentages, a newcomer at 0%, and spreads them again when a named person left', () => {
    const custom = { percentages: { a: 70, b: 30 } };
    expect(splitDetailsForMembers('percentage', custom, ['a', 'b'])).toEqual(custom);
    expect(splitDetailsForMembers('percentage', custom, ['a', 'b', 'c'])).toEqual({
      percentages: { a: 70, b: 30, c: 0 },
    });
    expect(splitDetailsForMembers('percentage', custom, ['a', 'c']).percentages).toEqual({ a: 50, c: 50 });
  });

  it('keeps shares of the people still there and starts from the defaults when none is left', () => {
    expect(splitDetailsForMembers('shares', { shares: { a: 2, x: 5 } }, ['a', 'b'])).toEqual({
      shares: { a: 2, b: 0 },
    });
    expect(splitDetailsForMembers('shares', { shares: { x: 5 } }, ['a', 'b'])).toEqual({
      shares: { a: 1, b: 1 },
    });
    expect(splitDetailsForMembers('shares', null, ['a'])).toEqual({ shares: { a: 1 } });
  });

  it('reads only the map of the split type, and an equal split has no details', () => {
    const stored = { percentages: { a: 100 }, amounts: { a: 500, b: 250 } };
    expect(splitDetailsForMembers('exact', stored, ['a', 'b'])).toEqual({ amounts: { a: 500, b: 250 } });
    expect(splitDetailsForMembers('adjustment', stored, ['a', 'b'])).toEqual({ adjustments: { a: 0, b: 0 } });
    expect(splitDetailsForMembers('equal', stored, ['a', 'b'])).toEqual({});
  });
});
