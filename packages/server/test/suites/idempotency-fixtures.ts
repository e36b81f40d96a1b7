// The six creates that honour Idempotency-Key, each ready to send: who sends what where, and how many
// rows of its kind exist (to prove a replay wrote nothing). Shared by the suite (both engines) and the
// PostgreSQL concurrency test.
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Db } from '../../src/db';
import type { OperationId } from '../../src/http/route';
import { groupOf, recordExpense } from '../support/groups';
import { bearer, registerUser, uniqueEmail } from '../support/users';

export const KEYED_CREATES = [
  'createGroup',
  'createExpense',
  'createSettlement',
  'settleExpense',
  'settleDebt',
  'inviteUser',
] as const satisfies readonly OperationId[];
export type KeyedCreate = (typeof KEYED_CREATES)[number];

export interface CreateCase {
  operationId: KeyedCreate;
  url: string;
  token: string;
  /** The id of the person sending it (the owner of the key). */
  userId: string;
  payload: object | undefined;
  /** The same operation with another valid body, or (no body to vary) another path: a 422 under the key. */
  other: { url: string; payload: object | undefined };
  /** How many rows this create has written so far (a repeat must not change it). */
  writes(db: Db): Promise<number>;
}

const tag = () => crypto.randomUUID().slice(0, 8);

async function count(db: Db, sql: string, params: unknown[]): Promise<number> {
  const { rows } = await db.query<{ n: number }>(sql, params);
  return rows[0]?.n ?? 0;
}

/** Two members, the owner having paid 20.00 EUR split evenly: the other owes the owner 10.00. */
async function groupWithDebt(app: FastifyInstance, description: string) {
  const { group, owner, people } = await groupOf(app, 2);
  const [a, b] = [owner.user.id, people[1]!.user.id];
  const expenseId = await recordExpense(app, {
    groupId: group.id,
    paidBy: a,
    currency: 'EUR',
    shares: { [a]: 1000, [b]: 1000 },
    description,
  });
  return { group, owner, other: people[1]!, expenseId };
}

async function debtIdOf(app: FastifyInstance, token: string, groupId: string): Promise<string> {
  const response = await app.inject({
    method: 'GET',
    url: `/api/financial/group/${groupId}/debts`,
    headers: bearer(token),
  });
  expect(response.statusCode, response.body).toBe(200);
  const [debt] = response.json().debts as { id: string }[];
  if (!debt) throw new Error('the group has no debt to settle');
  return debt.id;
}

/** A fresh situation for one create: nothing it writes exists yet. */
export async function prepareCreate(app: FastifyInstance, operationId: KeyedCreate): Promise<CreateCase> {
  const name = `Idempotent ${tag()}`;
  switch (operationId) {
    case 'createGroup': {
      const owner = await registerUser(app, { email: uniqueEmail('owner') });
      const payload = { name, currency: 'EUR', members: [{ email: uniqueEmail('member') }] };
      return {
        operationId,
        url: '/api/groups',
        token: owner.token,
        userId: owner.user.id,
        payload,
        other: { url: '/api/groups', payload: { ...payload, name: `${name} (2)` } },
        writes: (db) => count(db, 'SELECT count(*)::int AS n FROM groups WHERE name = $1', [name]),
      };
    }
    case 'createExpense': {
      const { group, owner, people } = await groupOf(app, 2);
      const ids = people.map((p) => p.user.id);
      const payload = {
        description: name,
        amount: 30,
        currency: 'EUR',
        category: 'dining',
        group_id: group.id,
        split_type: 'equal',
        paid_by: owner.user.id,
        // Paid by both: a replay answers and writes every payer once.
        payers: [
          { user_id: owner.user.id, amount: 18 },
          { user_id: ids[1] as string, amount: 12 },
        ],
        participants: ids,
        split_with: ids.filter((id) => id !== owner.user.id),
        split_details: {},
      };
      const other = {
        ...payload,
        amount: 31,
        payers: [
          { user_id: owner.user.id, amount: 19 },
          { user_id: ids[1] as string, amount: 12 },
        ],
      };
      return {
        operationId,
        url: '/api/expenses',
        token: owner.token,
        userId: owner.user.id,
        payload,
        other: { url: '/api/expenses', payload: other },
        writes: (db) =>
          count(db, 'SELECT count(*)::int AS n FROM expenses WHERE description = $1 AND deleted_at IS NULL', [
            name,
          ]),
      };
    }
    case 'createSettlement': {
      const { group, owner, people } = await groupOf(app, 2);
      const payload = {
        from_user_id: owner.user.id,
        to_user_id: people[1]!.user.id,
        amount: 12.5,
        currency: 'EUR',
        group_id: group.id,
        description: name,
      };
      return {
        operationId,
        url: '/api/financial/settlements',
        token: owner.token,
        userId: owner.user.id,
        payload,
        other: { url: '/api/financial/settlements', payload: { ...payload, amount: 12.51 } },
        writes: (db) =>
          count(db, 'SELECT count(*)::int AS n FROM settlements WHERE description = $1', [name]),
      };
    }
    case 'settleExpense': {
      const first = await groupWithDebt(app, name);
      const second = await recordExpense(app, {
        groupId: first.group.id,
        paidBy: first.owner.user.id,
        currency: 'EUR',
        shares: { [first.owner.user.id]: 500, [first.other.user.id]: 500 },
        description: `${name} (2)`,
      });
      return {
        operationId,
        url: `/api/financial/settle/${first.expenseId}`,
        token: first.owner.token,
        userId: first.owner.user.id,
        payload: { expense_id: first.expenseId },
        other: { url: `/api/financial/settle/${second}`, payload: { expense_id: second } },
        writes: (db) =>
          count(db, 'SELECT count(*)::int AS n FROM settlements WHERE description = $1', [name]),
      };
    }
    case 'settleDebt': {
      const first = await groupWithDebt(app, name);
      const second = await groupWithDebt(app, `${name} (2)`);
      const secondDebt = await debtIdOf(app, second.owner.token, second.group.id);
      return {
        operationId,
        url: `/api/financial/debts/${await debtIdOf(app, first.owner.token, first.group.id)}/settle`,
        token: first.owner.token,
        userId: first.owner.user.id,
        payload: undefined,
        // The same caller, so only the path differs.
        other: { url: `/api/financial/debts/${secondDebt}/settle`, payload: undefined },
        writes: (db) =>
          count(db, 'SELECT count(*)::int AS n FROM settlements WHERE group_id = $1', [first.group.id]),
      };
    }
    case 'inviteUser': {
      const inviter = await registerUser(app, { email: uniqueEmail('inviter') });
      const email = uniqueEmail('invitee');
      const payload = { email, name: 'Ivo Novak' };
      return {
        operationId,
        url: '/api/users/invite',
        token: inviter.token,
        userId: inviter.user.id,
        payload,
        other: { url: '/api/users/invite', payload: { email: uniqueEmail('invitee'), name: 'Eva Novak' } },
        writes: (db) =>
          count(db, 'SELECT count(*)::int AS n FROM invitations WHERE lower(email) = lower($1)', [email]),
      };
    }
  }
}
