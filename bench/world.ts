import { randomUUID } from 'node:crypto';
import type { GroupPlan } from './history';
import type { Random } from './random';

export interface SeedUser {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
}

/** Who and which groups the benchmark seeds; the histories are generated from the plans. */
export interface World {
  users: SeedUser[];
  /** The person whose token reads Big, Small, Trip and the summary (a member of eight groups). */
  me: SeedUser;
  /** BIG_EXPENSES expenses among 12 people. */
  big: GroupPlan;
  /** The same 12 people and the same kind of expenses, 100 of them: the baseline of the ratios. */
  small: GroupPlan;
  /** 20 people, every one with a nonzero balance: the settle-up suggestions case. */
  trip: GroupPlan;
  /** Groups of 5 to 50 people with 100 to 500 expenses each. */
  ordinary: GroupPlan[];
}

const FIRST = ['Ada', 'Bea', 'Cyril', 'Dana', 'Emil', 'Fay', 'Gus', 'Hana', 'Ivo', 'Jana', 'Karel', 'Lea'];
const LAST = ['Novak', 'Svoboda', 'Dvorak', 'Cerny', 'Prochazka', 'Kucera', 'Vesely', 'Horak', 'Nemec'];

export function planWorld(
  rng: Random,
  options: { users: number; bigExpenses: number; groups: number },
): World {
  const users: SeedUser[] = Array.from({ length: options.users }, (_, i) => ({
    id: randomUUID(),
    email: `bench.user.${String(i).padStart(4, '0')}@example.test`,
    first_name: FIRST[i % FIRST.length] as string,
    last_name: LAST[Math.floor(i / FIRST.length) % LAST.length] as string,
  }));
  const me = users[0] as SeedUser;
  const ids = users.map((u) => u.id);
  const twelve = ids.slice(0, 12);
  const group = (name: string, members: string[], expenses: number, settleEvery: number): GroupPlan => ({
    id: randomUUID(),
    name,
    currency: 'EUR',
    members,
    expenses,
    settleEvery,
  });
  const rest = ids.slice(31);
  const ordinary = Array.from({ length: options.groups }, (_, i) => {
    const size = rng.int(5, 50);
    // The first five also hold `me`, so the balance summary covers eight groups.
    const members = i < 5 ? [me.id, ...rng.sample(rest, size - 1)] : rng.sample(rest, size);
    return group(`Group ${i + 1}`, members, rng.int(100, 500), 150);
  });
  return {
    users,
    me,
    big: group('Big', twelve, options.bigExpenses, 150),
    small: group('Small', twelve, 100, 150),
    trip: group('Trip', [me.id, ...ids.slice(12, 31)], 300, 0),
    ordinary,
  };
}
