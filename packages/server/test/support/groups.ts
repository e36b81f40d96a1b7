import { sumMinor, toDecimal } from '@kitty/domain';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Db } from '../../src/db';
import { expectContract } from '../contract';
import { bearer, registerUser, uniqueEmail } from './users';

export type Person = Awaited<ReturnType<typeof registerUser>>;

/** Creates a group through the API as `owner`; answers its GroupDetail. */
export async function createGroup(
  app: FastifyInstance,
  owner: Person,
  payload: Record<string, unknown> = {},
) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/groups',
    headers: bearer(owner.token),
    // USD unless given: the fixtures were written when every new group started in USD.
    payload: { name: 'Trip to Prague', currency: 'USD', ...payload },
  });
  expect(response.statusCode, response.body).toBe(201);
  // biome-ignore lint/suspicious/noExplicitAny: checked against the contract
  return expectContract<any>(response, 'createGroup');
}

/** A group of registered people: the owner creates it with everyone else as members. */
export async function groupOf(app: FastifyInstance, count: number, payload: Record<string, unknown> = {}) {
  const people: Person[] = [];
  for (let i = 0; i < count; i++) people.push(await registerUser(app, { email: uniqueEmail(`member${i}`) }));
  for (const p of people) tokens.set(p.user.id, p.token);
  const [owner, ...others] = people as [Person, ...Person[]];
  const group = await createGroup(app, owner, {
    members: others.map((p) => ({ email: p.email })),
    ...payload,
  });
  return { group, people, owner, ids: people.map((p) => p.user.id) };
}

export interface TestExpense {
  groupId: string | null;
  paidBy: string;
  currency: string;
  /** Minor units owed by each participant, in the order given; they add up to the amount. */
  shares: Record<string, number>;
  description?: string;
  splitType?: 'exact' | 'percentage' | 'shares';
  percentages?: Record<string, number>;
  shareCounts?: Record<string, number>;
  date?: string;
}

// The sign-in token of everyone groupOf registered, so an expense can be posted as its payer.
const tokens = new Map<string, string>();

/** Records an expense through POST /api/expenses as its payer (someone groupOf made); answers its id. */
export async function recordExpense(app: FastifyInstance, e: TestExpense): Promise<string> {
  const token = tokens.get(e.paidBy);
  if (!token) throw new Error('recordExpense: the payer must come from groupOf');
  const participants = Object.keys(e.shares);
  const amount = toDecimal(sumMinor(Object.values(e.shares)), e.currency);
  const splitType = e.splitType ?? 'exact';
  const details =
    splitType === 'percentage'
      ? { percentages: e.percentages }
      : splitType === 'shares'
        ? { shares: e.shareCounts }
        : {
            amounts: Object.fromEntries(
              Object.entries(e.shares).map(([id, minor]) => [id, toDecimal(minor, e.currency)]),
            ),
          };
  const response = await app.inject({
    method: 'POST',
    url: '/api/expenses',
    headers: bearer(token),
    payload: {
      description: e.description ?? 'Dinner',
      amount,
      currency: e.currency,
      category: 'groceries',
      group_id: e.groupId,
      split_type: splitType,
      paid_by: e.paidBy,
      participants,
      split_with: participants.filter((id) => id !== e.paidBy),
      split_details: details,
      ...(e.date ? { date: e.date } : {}),
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  const created = expectContract<{ id: string; ExpenseSplits: { user_id: string; amount: number }[] }>(
    response,
    'createExpense',
  );
  // The shares the test expects are the ones the domain computed.
  expect(Object.fromEntries(created.ExpenseSplits.map((s) => [s.user_id, s.amount]))).toEqual(
    Object.fromEntries(Object.entries(e.shares).map(([id, m]) => [id, toDecimal(m, e.currency)])),
  );
  return created.id;
}

/** Records a settlement through POST /api/financial/settlements as its payer (someone groupOf made). */
export async function recordSettlement(
  app: FastifyInstance,
  s: {
    groupId: string;
    from: string;
    to: string;
    currency: string;
    amountMinor: number;
    description?: string;
  },
): Promise<string> {
  const token = tokens.get(s.from);
  if (!token) throw new Error('recordSettlement: the payer must come from groupOf');
  const response = await app.inject({
    method: 'POST',
    url: '/api/financial/settlements',
    headers: bearer(token),
    payload: {
      from_user_id: s.from,
      to_user_id: s.to,
      amount: toDecimal(s.amountMinor, s.currency),
      currency: s.currency,
      group_id: s.groupId,
      description: s.description ?? '',
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return expectContract<{ id: string }>(response, 'createSettlement').id;
}

/** Everything a group operation could change, to prove that a refused request changed nothing. */
export async function groupState(db: Db, groupId: string) {
  const q = async (sql: string) => (await db.query(sql, [groupId])).rows;
  return {
    group: await q('SELECT * FROM groups WHERE id = $1'),
    members: await q('SELECT user_id, joined_at FROM group_members WHERE group_id = $1 ORDER BY user_id'),
    expenses: await q('SELECT id, version FROM expenses WHERE group_id = $1 ORDER BY id'),
    settlements: await q('SELECT id FROM settlements WHERE group_id = $1 ORDER BY id'),
    balances: await q(
      'SELECT user_id, currency, paid_minor, owed_minor FROM member_balances WHERE scope_id = $1 ORDER BY user_id, currency',
    ),
    users: (await db.query('SELECT count(*)::int AS n FROM users')).rows,
  };
}
