import { randomUUID } from 'node:crypto';
import type { components, paths } from '../packages/api/src/schema';
import { encodeCursor, type PageKey } from '../packages/server/src/expenses/cursor';
import type { GroupPlan } from './history';

export type Schemas = components['schemas'];

/** What the load asks for: the screens' requests (their paths are checked against the contract). */
export const KINDS = ['summary', 'recent', 'detail', 'balances', 'page', 'suggestions', 'create'] as const;
export type Kind = (typeof KINDS)[number];

/** One request, as it goes over the wire. */
export interface Call {
  kind: Kind;
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
}

/** The next request of a load: every call gives another one. */
export type Stream = () => Call;

/** A signed-in person: their token (from POST /users/login) and their groups. */
export interface Person {
  id: string;
  authorization: string;
  groups: GroupPlan[];
}

type PathOf<M extends 'get' | 'post'> = {
  [P in keyof paths]: paths[P] extends Record<M, object> ? P : never;
}[keyof paths];

/** A path of the contract (servers: /api) with its parameters filled in. */
export function apiPath<P extends PathOf<'get'> | PathOf<'post'>>(
  template: P,
  params: Record<string, string> = {},
  query = '',
): string {
  const path = template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${template} needs ${name}`);
    return encodeURIComponent(value);
  });
  return `/api${path}${query}`;
}

/** The dashboard's recent expenses ask for one more than they show (RECENT_PAGE_LIMIT in the web app). */
const RECENT_LIMIT = 21;
/** The page size the expense pages ask for (the group screen's). */
export const EXPENSE_PAGE_SIZE = 20;

const get = (kind: Kind, person: Person, path: string): Call => ({
  kind,
  method: 'GET',
  path,
  headers: { authorization: person.authorization },
});

/** What each screen asks for, as one person. */
export const calls = {
  summary: (p: Person) => get('summary', p, apiPath('/balance/summary')),
  recent: (p: Person) => get('recent', p, apiPath('/expenses/user', {}, `?limit=${RECENT_LIMIT}`)),
  detail: (p: Person, g: GroupPlan) => get('detail', p, apiPath('/groups/{id}', { id: g.id })),
  balances: (p: Person, g: GroupPlan) =>
    get('balances', p, apiPath('/financial/balances/group/{groupId}', { groupId: g.id })),
  /** A page of 20 after `start` (the first page when null). */
  page: (p: Person, g: GroupPlan, start: PageKey | null) =>
    get(
      'page',
      p,
      apiPath(
        '/expenses/group/{id}',
        { id: g.id },
        `?limit=${EXPENSE_PAGE_SIZE}${start ? `&cursor=${encodeCursor(start)}` : ''}`,
      ),
    ),
  suggestions: (p: Person, g: GroupPlan) =>
    get('suggestions', p, apiPath('/financial/settlement-suggestions/group/{groupId}', { groupId: g.id })),
  /** An expense paid by `p` in `g`, shared equally with up to two others, with a fresh Idempotency-Key. */
  create: (p: Person, g: GroupPlan, amountMinor: number, turn: number): Call => {
    const others = g.members.filter((m) => m !== p.id);
    const shared = [others[turn % others.length], others[(turn + 1) % others.length]].filter(
      (m, i, list): m is string => m !== undefined && list.indexOf(m) === i,
    );
    const body: Schemas['ExpenseInput'] = {
      description: 'Bench lunch',
      amount: amountMinor / 100,
      currency: g.currency as Schemas['ExpenseInput']['currency'],
      category: 'dining',
      group_id: g.id,
      split_type: 'equal',
      paid_by: p.id,
      participants: [p.id, ...shared],
      split_with: shared,
    };
    return {
      kind: 'create',
      method: 'POST',
      path: apiPath('/expenses'),
      headers: {
        authorization: p.authorization,
        'content-type': 'application/json',
        'idempotency-key': randomUUID(),
      },
      body: JSON.stringify(body),
    };
  },
};
