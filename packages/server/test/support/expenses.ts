import { byCodeUnit } from '@kitty/domain';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Db } from '../../src/db';
import { type BalanceRow, scopeBalances } from '../../src/ledger/ledger';
import { recomputeScope } from '../../src/ledger/recompute';
import { expectContract } from '../contract';
import type { Person } from './groups';
import { bearer } from './users';

/** A valid create body: `payer` pays and shares with `others`, equal split, 30.00 EUR by default. */
export function expenseBody(payer: string, others: string[] = [], overrides: Record<string, unknown> = {}) {
  const participants = (overrides.participants as string[] | undefined) ?? [payer, ...others];
  const paidBy = (overrides.paid_by as string | undefined) ?? payer;
  return {
    description: 'Dinner',
    amount: 30,
    currency: 'EUR',
    category: 'dining',
    split_type: 'equal',
    paid_by: paidBy,
    participants,
    split_with: participants.filter((id) => id !== paidBy),
    split_details: {},
    ...overrides,
  };
}

export function postExpense(
  app: FastifyInstance,
  as: Person,
  payload: object,
): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url: '/api/expenses', headers: bearer(as.token), payload });
}

/** Creates an expense through the API and answers its contract-checked JSON. */
// biome-ignore lint/suspicious/noExplicitAny: checked against the contract
export async function createExpense(app: FastifyInstance, as: Person, payload: object): Promise<any> {
  const response = await postExpense(app, as, payload);
  expect(response.statusCode, response.body).toBe(201);
  return expectContract(response, 'createExpense');
}

export function getExpense(app: FastifyInstance, as: Person, id: string) {
  return app.inject({ method: 'GET', url: `/api/expenses/${id}`, headers: bearer(as.token) });
}

export function putExpense(app: FastifyInstance, as: Person, id: string, payload: object) {
  return app.inject({ method: 'PUT', url: `/api/expenses/${id}`, headers: bearer(as.token), payload });
}

export function deleteExpense(app: FastifyInstance, as: Person, id: string, query = '') {
  return app.inject({ method: 'DELETE', url: `/api/expenses/${id}${query}`, headers: bearer(as.token) });
}

/** Everything an expense write could change, to prove that a refused request changed nothing. */
export async function moneyState(db: Db) {
  const rows = async (sql: string) => (await db.query(sql)).rows;
  return {
    expenses: await rows(
      'SELECT id, version, amount_minor, paid_by, deleted_at, updated_at FROM expenses ORDER BY id',
    ),
    splits: await rows(
      'SELECT expense_id, user_id, amount_minor FROM expense_splits ORDER BY expense_id, user_id',
    ),
    balances: await rows(
      'SELECT scope_id, user_id, currency, paid_minor, owed_minor FROM member_balances ORDER BY scope_id, user_id, currency',
    ),
  };
}

/** The caller's running net per currency in one scope (group id), in minor units. */
export async function netsIn(db: Db, scopeId: string): Promise<Record<string, Record<string, number>>> {
  const { rows } = await db.query<{ user_id: string; currency: string; net_minor: number }>(
    'SELECT user_id, currency, net_minor FROM member_balances WHERE scope_id = $1',
    [scopeId],
  );
  const nets: Record<string, Record<string, number>> = {};
  for (const r of rows) {
    if (r.net_minor === 0) continue;
    nets[r.currency] ??= {};
    (nets[r.currency] as Record<string, number>)[r.user_id] = r.net_minor;
  }
  return nets;
}

/** The running balances of a scope equal a full recomputation (rows with nothing paid or owed ignored). */
export async function expectLedgerMatchesRecompute(db: Db, scopeId: string): Promise<void> {
  const key = (r: BalanceRow) => `${r.currency}|${r.user_id}`;
  const shape = (rows: BalanceRow[]) =>
    rows
      .filter((r) => r.paid_minor !== 0 || r.owed_minor !== 0)
      .map((r) => ({ key: key(r), paid: r.paid_minor, owed: r.owed_minor, net: r.net_minor }))
      .sort((a, b) => byCodeUnit(a.key, b.key));
  expect(shape(await scopeBalances(db, scopeId))).toEqual(shape(await recomputeScope(db, scopeId)));
}
