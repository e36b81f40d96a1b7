import { describe, expect, it } from 'vitest';
import { connectedFirst } from './useUserSearch';

describe('connectedFirst (spec section 4 "User search")', () => {
  it('answers the connected people and runs no general search when some match', async () => {
    const asked: boolean[] = [];
    const users = await connectedFirst(async (connected) => {
      asked.push(connected);
      return connected ? ['Bob'] : ['Bob', 'Stranger'];
    });
    expect(users).toEqual(['Bob']);
    expect(asked).toEqual([true]);
  });

  it('runs the general search only when no connected person matches', async () => {
    const asked: boolean[] = [];
    const users = await connectedFirst(async (connected) => {
      asked.push(connected);
      return connected ? [] : ['stranger@example.com'];
    });
    expect(users).toEqual(['stranger@example.com']);
    expect(asked).toEqual([true, false]);
  });
});
