// Helpers of the financial suites: people with names, groups and expenses through the API, and the
// checks that the ledger's running tables equal a recomputation from every row.
import { parseMoney, principalPayer, sumMinor, toDecimal } from '@kitty/domain';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Db } from '../../src/db';
import type { OperationId } from '../../src/http/route';
import { type CountRow, scopeCounts } from '../../src/ledger/counts';
import { type BalanceRow, PERSONAL_SCOPE, scopeBalances } from '../../src/ledger/ledger';
import { type PairRow, scopePairs } from '../../src/ledger/pairs';
import { recomputeCounts, recomputePairs, recomputeScope, recomputeStats } from '../../src/ledger/recompute';
import { scopeStats } from '../../src/ledger/stats';
import { expectContract } from '../contract';
import { createGroup } from '../support/groups';
import { bearer, registerUser, uniqueEmail } from '../support/users';

export type Person = Awaited<ReturnType<typeof registerUser>>;

/** Registers people with these first names (their display names). */
export async function people(app: FastifyInstance, ...names: string[]): Promise<Person[]> {
  const result: Person[] = [];
  for (const name of names) {
    result.push(await registerUser(app, { first_name: name, email: uniqueEmail(name.toLowerCase()) }));
  }
  return result;
}

/** A group made by the first person with everyone else as members; answers its id. */
export async function groupWith(app: FastifyInstance, members: Person[], currency = 'EUR'): Promise<string> {
  const [owner, ...others] = members as [Person, ...Person[]];
  const group = await createGroup(app, owner, {
    name: `Group ${crypto.randomUUID().slice(0, 6)}`,
    currency,
    members: others.map((p) => ({ email: p.email })),
  });
  return group.id as string;
}

export interface TestExpense {
  groupId: string | null;
  currency?: string;
  /** Minor units per participant. */
  shares: Record<string, number>;
  description?: string;
  /** Who paid what (minor units), when several paid; `paid_by` is then the principal payer. */
  payers?: Record<string, number>;
}

/** The create/update body of an expense paid by `payer` (or by `e.payers`), split exactly. */
export function expenseBody(payer: Person, e: TestExpense) {
  const currency = e.currency ?? 'EUR';
  const participants = Object.keys(e.shares);
  const payments = e.payers
    ? Object.entries(e.payers).map(([user_id, amount]) => ({ user_id, amount }))
    : null;
  const paidBy = payments ? principalPayer(payments) : payer.user.id;
  return {
    ...(payments
      ? { payers: payments.map((p) => ({ user_id: p.user_id, amount: toDecimal(p.amount, currency) })) }
      : {}),
    description: e.description ?? 'Dinner',
    amount: toDecimal(sumMinor(Object.values(e.shares)), currency),
    currency,
    category: 'groceries',
    group_id: e.groupId,
    split_type: 'exact',
    paid_by: paidBy,
    participants,
    split_with: participants.filter((id) => id !== paidBy),
    split_details: {
      amounts: Object.fromEntries(Object.entries(e.shares).map(([id, m]) => [id, toDecimal(m, currency)])),
    },
  };
}

/** An expense through POST /api/expenses as `payer`, split exactly (minor units per participant). */
export async function addExpense(app: FastifyInstance, payer: Person, e: TestExpense): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/expenses',
    headers: bearer(payer.token),
    payload: expenseBody(payer, e),
  });
  expect(response.statusCode, response.body).toBe(201);
  return expectContract<{ id: string }>(response, 'createExpense').id;
}

export function request(
  app: FastifyInstance,
  as: Pick<Person, 'token'>,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
): Promise<LightMyRequestResponse> {
  return app.inject({ method, url, headers: bearer(as.token), ...(payload ? { payload } : {}) });
}

/** A request expected to succeed with `status`; answers its contract-checked JSON. */
// biome-ignore lint/suspicious/noExplicitAny: checked against the contract
export async function ok<T = any>(
  app: FastifyInstance,
  as: Pick<Person, 'token'>,
  operation: OperationId,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: object,
  status = method === 'POST' ? 201 : 200,
): Promise<T> {
  const response = await request(app, as, method, url, payload);
  expect(response.statusCode, response.body).toBe(status);
  return expectContract<T>(response, operation);
}

/** Every member's net in a group's balances, as `as` sees them, by display name (decimals). */
export async function netsByName(
  app: FastifyInstance,
  as: Pick<Person, 'token'>,
  groupId: string,
): Promise<Record<string, number>> {
  // biome-ignore lint/suspicious/noExplicitAny: contract-checked JSON
  const body: any = await ok(app, as, 'getGroupBalances', 'GET', `/api/financial/balances/group/${groupId}`);
  // biome-ignore lint/suspicious/noExplicitAny: contract-checked JSON
  return Object.fromEntries(body.balances.map((m: any) => [m.user.display_name, m.net_balance]));
}

/** POST /api/financial/settlements as `as`. */
export function postSettlement(app: FastifyInstance, as: Person, payload: object) {
  return request(app, as, 'POST', '/api/financial/settlements', payload);
}

/** GET /api/expenses/user's `total` for `as` equals how many expenses its pages hold; answers that number. */
export async function expectTotalIsTheList(app: FastifyInstance, as: Pick<Person, 'token'>): Promise<number> {
  let cursor: string | null = null;
  let listed = 0;
  let total: number | undefined;
  do {
    const query: string = `limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const page: { expenses: unknown[]; nextCursor: string | null; total: number } = await ok(
      app,
      as,
      'listUserExpenses',
      'GET',
      `/api/expenses/user?${query}`,
    );
    total ??= page.total;
    listed += page.expenses.length;
    cursor = page.nextCursor;
  } while (cursor);
  expect(total).toBe(listed);
  return listed;
}

/** A JSON decimal back to minor units (exact). */
export function minor(amount: number, currency = 'EUR'): number {
  const parsed = parseMoney(amount, currency);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.value;
}

/** Everything a financial write could change, to prove that a refused request changed nothing. */
export async function financialState(db: Db) {
  const rows = async (sql: string) => (await db.query(sql)).rows;
  return {
    settlements: await rows('SELECT id, amount_minor, from_user_id, to_user_id FROM settlements ORDER BY id'),
    events: await rows('SELECT id FROM settlement_events ORDER BY id'),
    balances: await rows(
      'SELECT scope_id, user_id, currency, paid_minor, owed_minor FROM member_balances ORDER BY 1, 2, 3',
    ),
    pairs: await rows('SELECT * FROM pair_balances ORDER BY scope_id, currency, user_a, user_b'),
    expenses: await rows('SELECT id, is_settled, version FROM expenses ORDER BY id'),
  };
}

const activity = (rows: BalanceRow[], only?: ReadonlySet<string>) =>
  rows
    .filter((r) => (r.paid_minor !== 0 || r.owed_minor !== 0) && (!only || only.has(r.user_id)))
    .map((r) => `${r.currency} ${r.user_id} ${r.paid_minor} ${r.owed_minor} ${r.net_minor}`)
    .sort();

const pairKeys = (rows: PairRow[], only?: ReadonlySet<string>) =>
  rows
    .filter((r) => r.a_owes_b_minor !== 0 && (!only || only.has(r.user_a) || only.has(r.user_b)))
    .map((r) => `${r.currency} ${r.user_a} ${r.user_b} ${r.a_owes_b_minor}`)
    .sort();

/**
 * The running balances, pairwise debts, expense statistics and people's expense counts of a scope equal a
 * recomputation from every live row. Outside groups (a scope every test shares) only the rows of `only`
 * these people are compared.
 */
export async function expectLedgerMatchesRecompute(db: Db, scopeId: string, only?: string[]): Promise<void> {
  const who = scopeId === PERSONAL_SCOPE && only ? new Set(only) : undefined;
  expect(activity(await scopeBalances(db, scopeId), who)).toEqual(
    activity(await recomputeScope(db, scopeId), who),
  );
  expect(pairKeys(await scopePairs(db, [scopeId]), who)).toEqual(
    pairKeys(await recomputePairs(db, scopeId), who),
  );
  if (!who) expect(await scopeStats(db, scopeId)).toEqual(await recomputeStats(db, scopeId));
  const mine = (rows: CountRow[]) => rows.filter((r) => !who || who.has(r.user_id));
  expect(mine(await scopeCounts(db, scopeId))).toEqual(mine(await recomputeCounts(db, scopeId)));
}
