import type { PageKey } from '../packages/server/src/expenses/cursor';
import { type Call, calls, type Kind, type Person, type Stream } from './calls';
import type { GroupPlan } from './history';
import type { Random } from './random';
import type { World } from './world';

/** The reads measured at Big and at Small (the history goal). */
type HistoryRead = 'detail' | 'page' | 'balances';

export type EndpointId =
  | `${HistoryRead}-${'big' | 'small'}`
  | 'balances'
  | 'summary'
  | 'recent'
  | 'suggestions'
  | 'create';

/** One endpoint driven alone: every request to it by another person, of another group or page. */
export interface Endpoint {
  id: EndpointId;
  label: string;
  stream: Stream;
}

/**
 * Goes through `items` in one shuffled order, over and over: two consecutive requests are never the same
 * while there are two items.
 */
function cycle<T>(rng: Random, items: readonly T[], make: (item: T, turn: number) => Call): Stream {
  if (items.length < 2) throw new Error('A load needs at least two different requests');
  const order = rng.sample(items, items.length);
  let turn = 0;
  return () => make(order[turn % order.length] as T, turn++);
}

/** Each person with each of their groups. */
function memberships(people: readonly Person[], groups?: readonly GroupPlan[]) {
  return people.flatMap((person) =>
    person.groups.filter((g) => !groups || groups.includes(g)).map((group) => ({ person, group })),
  );
}

/** Each page start of a group (and its first page), each asked by the next of its members in turn. */
function pages(people: readonly Person[], group: GroupPlan, starts: readonly PageKey[]) {
  const members = people.filter((p) => p.groups.includes(group));
  return [null, ...starts].map((start, i) => ({ person: members[i % members.length] as Person, start }));
}

/** An amount in minor units that differs from one expense to the next (1.00 to 99.99). */
const amountOf = (turn: number) => 100 + ((turn * 7_919) % 9_900);

export function endpoints(
  world: World,
  people: readonly Person[],
  pageStarts: ReadonlyMap<string, PageKey[]>,
  rng: Random,
): Endpoint[] {
  const { big, small, trip } = world;
  const membersOf = (g: GroupPlan) => people.filter((p) => p.groups.includes(g));
  /** The same read of Big and of Small. */
  const atBoth = (read: HistoryRead, label: string, stream: (g: GroupPlan) => Stream): Endpoint[] =>
    [big, small].map((g) => ({
      id: `${read}-${g === big ? 'big' : 'small'}`,
      label: `${label} (${g.name})`,
      stream: stream(g),
    }));
  return [
    ...atBoth('detail', 'group detail', (g) => cycle(rng, membersOf(g), (p) => calls.detail(p, g))),
    ...atBoth('page', 'expense page of 20, at every depth', (g) =>
      cycle(rng, pages(people, g, pageStarts.get(g.id) ?? []), (x) => calls.page(x.person, g, x.start)),
    ),
    ...atBoth('balances', 'group balances', (g) => cycle(rng, membersOf(g), (p) => calls.balances(p, g))),
    {
      id: 'balances',
      label: 'group balances (every group, by each member)',
      stream: cycle(rng, memberships(people), (x) => calls.balances(x.person, x.group)),
    },
    {
      id: 'summary',
      label: 'balance summary (every person)',
      stream: cycle(rng, people, (p) => calls.summary(p)),
    },
    {
      id: 'recent',
      label: "dashboard's recent expenses (every person)",
      stream: cycle(rng, people, (p) => calls.recent(p)),
    },
    {
      id: 'suggestions',
      label: `settle-up suggestions (Trip, ${trip.members.length} nonzero balances, by each member)`,
      stream: cycle(rng, membersOf(trip), (p) => calls.suggestions(p, trip)),
    },
    {
      id: 'create',
      label: 'create expense (POST, Idempotency-Key; every ordinary group, by each member)',
      stream: cycle(rng, memberships(people, world.ordinary), (x, turn) =>
        calls.create(x.person, x.group, amountOf(turn), turn),
      ),
    },
  ];
}

/** One person's visit, in order; after the suggestions, an expense about one time in six. */
const LOOP: readonly Kind[] = ['summary', 'recent', 'detail', 'balances', 'page', 'suggestions'];
export const CREATE_CHANCE = 1 / 6;

/**
 * The mixed workload: people take turns (each request is the next person's, in one shuffled order), and
 * each goes through their own loop: the dashboard (balance summary, recent expenses), one of their groups
 * (picked anew each loop), its balances, a further page of its expenses, its suggestions, and now and then a
 * new expense in it. Each person starts at a random point of their loop, so every kind of request is
 * asked all along instead of in waves.
 */
export function mixed(
  people: readonly Person[],
  pageStarts: ReadonlyMap<string, PageKey[]>,
  rng: Random,
): Stream {
  const visits = rng.sample(people, people.length).map((person) => ({
    person,
    step: rng.int(0, LOOP.length - 1),
    group: rng.pick(person.groups),
  }));
  let at = 0;
  let turn = 0;
  return () => {
    const v = visits[at] as (typeof visits)[number];
    at = (at + 1) % visits.length;
    turn++;
    const { person, group } = v;
    if (v.step === LOOP.length) {
      v.step = 0;
      v.group = rng.pick(person.groups);
      return calls.create(person, group, amountOf(turn), turn);
    }
    const kind = LOOP[v.step] as Kind;
    v.step++;
    if (v.step === LOOP.length && !rng.chance(CREATE_CHANCE)) {
      v.step = 0;
      v.group = rng.pick(person.groups);
    }
    switch (kind) {
      case 'summary':
        return calls.summary(person);
      case 'recent':
        return calls.recent(person);
      case 'detail':
        return calls.detail(person, group);
      case 'balances':
        return calls.balances(person, group);
      case 'page':
        // The group's screen already showed the first page: this is one further down, at any depth.
        return calls.page(person, group, rng.pick(pageStarts.get(group.id) ?? []));
      default:
        return calls.suggestions(person, group);
    }
  };
}
