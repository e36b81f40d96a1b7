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
  /** BIG_EXPENSES expenses among 12 people. */
  big: GroupPlan;
  /** The same 12 people and the same kind of expenses, 100 of them: the baseline of the history ratios. */
  small: GroupPlan;
  /** 20 people, every one with a nonzero balance: the settle-up suggestions case. */
  trip: GroupPlan;
  /** Groups of 5 to 50 people with 100 to 500 expenses each; with Big, Small and Trip, `groups` in all. */
  ordinary: GroupPlan[];
  /** Every group, Big, Small and Trip first. */
  groups: GroupPlan[];
  /** Each person's groups (every person has at least one). */
  groupsOf: Map<string, GroupPlan[]>;
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
  const ids = users.map((u) => u.id);
  const group = (name: string, members: string[], expenses: number, settleEvery: number): GroupPlan => ({
    id: randomUUID(),
    name,
    currency: 'EUR',
    members,
    expenses,
    settleEvery,
  });
  const big = group('Big', ids.slice(0, 12), options.bigExpenses, 150);
  const small = group('Small', ids.slice(0, 12), 100, 150);
  const trip = group('Trip', ids.slice(11, 31), 300, 0);
  // Everyone not in Big or Trip is dealt into an ordinary group first (so each person has a group of
  // their own to open), then each group is filled up to its size with anyone.
  const sizes = Array.from({ length: options.groups - 3 }, () => rng.int(5, 50));
  if (sizes.reduce((a, b) => a + b, 0) < ids.length - 31) throw new Error('Too few places in the groups');
  const members = sizes.map((): string[] => []);
  let at = 0;
  for (const id of rng.sample(ids.slice(31), ids.length - 31)) {
    while ((members[at] as string[]).length >= (sizes[at] as number)) at = (at + 1) % sizes.length;
    (members[at] as string[]).push(id);
    at = (at + 1) % sizes.length;
  }
  const ordinary = sizes.map((size, i) => {
    const dealt = members[i] as string[];
    const more = rng.sample(
      ids.filter((id) => !dealt.includes(id)),
      Math.max(0, size - dealt.length),
    );
    return group(`Group ${i + 1}`, [...dealt, ...more], rng.int(100, 500), 150);
  });
  const groups = [big, small, trip, ...ordinary];
  const groupsOf = new Map<string, GroupPlan[]>(ids.map((id) => [id, []]));
  for (const g of groups) for (const m of g.members) groupsOf.get(m)?.push(g);
  return { users, big, small, trip, ordinary, groups, groupsOf };
}
