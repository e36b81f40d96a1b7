import { randomUUID } from 'node:crypto';
import { createTokens } from '../packages/server/src/auth/tokens';
import type { GroupPlan } from './history';
import type { Target } from './load';
import { JWT_SECRET } from './processes';
import type { World } from './world';

const HEALTH = '/api/health';

export type ScenarioId =
  | 'ceiling'
  | 'detail-big'
  | 'detail-small'
  | 'balances-big'
  | 'balances-small'
  | 'summary'
  | 'expenses-big'
  | 'expenses-small'
  | 'suggestions'
  | 'create';

export interface Scenario {
  id: ScenarioId;
  label: string;
  /** A read: held to the share-of-ceiling goal. */
  read: boolean;
  /** The target on one server process (the ceiling ignores `base`). */
  target(base: string): Target;
}

export interface Writer {
  token: string;
  userId: string;
  group: GroupPlan;
}

export interface Cast {
  scenarios: Scenario[];
  /** One ordinary group's balances, read by one member while another member adds expenses to it. */
  mixed: { label: string; read(base: string): Target; write(base: string): Target };
  /** Groups expense creation writes into (their ledger is checked after the run). */
  written: GroupPlan[];
}

/** Tokens signed with the server's own code and secret, the way a sign-in would make them. */
export async function cast(world: World, ceilingUrl: string): Promise<Cast> {
  const tokens = createTokens(JWT_SECRET, 24 * 3600);
  const sign = (id: string) => tokens.sign({ id, token_version: 0 });
  const me = { authorization: `Bearer ${await sign(world.me.id)}` };
  const writers: Writer[] = [];
  for (const group of world.ordinary) {
    const userId = group.members[0] as string;
    writers.push({ token: `Bearer ${await sign(userId)}`, userId, group });
  }
  const get =
    (path: string) =>
    (base: string): Target => ({ url: base, method: 'GET', path, headers: me, idle: HEALTH });
  let turn = 0;
  const scenarios: Scenario[] = [
    {
      id: 'ceiling',
      label: 'ceiling: bare Fastify GET /ping',
      read: false,
      target: () => ({ url: ceilingUrl, method: 'GET', path: '/ping', headers: {}, idle: '/ping' }),
    },
    { id: 'detail-big', label: 'group detail (Big)', read: true, target: get(`/api/groups/${world.big.id}`) },
    {
      id: 'detail-small',
      label: 'group detail (Small)',
      read: true,
      target: get(`/api/groups/${world.small.id}`),
    },
    {
      id: 'balances-big',
      label: 'group balances (Big)',
      read: true,
      target: get(`/api/financial/balances/group/${world.big.id}`),
    },
    {
      id: 'balances-small',
      label: 'group balances (Small)',
      read: true,
      target: get(`/api/financial/balances/group/${world.small.id}`),
    },
    { id: 'summary', label: 'balance summary (8 groups)', read: true, target: get('/api/balance/summary') },
    {
      id: 'expenses-big',
      label: 'expense list, 20 (Big)',
      read: true,
      target: get(`/api/expenses/group/${world.big.id}?limit=20`),
    },
    {
      id: 'expenses-small',
      label: 'expense list, 20 (Small)',
      read: true,
      target: get(`/api/expenses/group/${world.small.id}?limit=20`),
    },
    {
      id: 'suggestions',
      label: 'settle-up suggestions (Trip, 20 people)',
      read: true,
      target: get(`/api/financial/settlement-suggestions/group/${world.trip.id}`),
    },
    {
      id: 'create',
      label: 'create expense (POST, Idempotency-Key)',
      read: false,
      target: (base) => ({
        url: base,
        method: 'POST',
        path: '/api/expenses',
        headers: { 'content-type': 'application/json' },
        idle: HEALTH,
        // Each request by another writer, into that writer's group: like many people at once.
        request: () => {
          const w = writers[turn++ % writers.length] as Writer;
          return {
            headers: { authorization: w.token, 'idempotency-key': randomUUID() },
            body: JSON.stringify(expenseBody(w)),
          };
        },
      }),
    },
  ];
  const busy = writers[0] as Writer;
  const reader = { authorization: `Bearer ${await sign(busy.group.members[1] as string)}` };
  const mixed = {
    label: `group balances (${busy.group.members.length} members) while another member adds expenses to it`,
    read: (base: string): Target => ({
      url: base,
      method: 'GET',
      path: `/api/financial/balances/group/${busy.group.id}`,
      headers: reader,
      idle: HEALTH,
    }),
    write: (base: string): Target => ({
      url: base,
      method: 'POST',
      path: '/api/expenses',
      headers: { 'content-type': 'application/json' },
      idle: HEALTH,
      request: () => ({
        headers: { authorization: busy.token, 'idempotency-key': randomUUID() },
        body: JSON.stringify(expenseBody(busy)),
      }),
    }),
  };
  return { scenarios, mixed, written: world.ordinary };
}

function expenseBody(w: Writer) {
  const others = w.group.members.filter((m) => m !== w.userId).slice(0, 2);
  return {
    description: 'Bench lunch',
    amount: 12.34,
    currency: w.group.currency,
    category: 'dining',
    group_id: w.group.id,
    split_type: 'equal',
    paid_by: w.userId,
    participants: [w.userId, ...others],
    split_with: others,
  };
}
