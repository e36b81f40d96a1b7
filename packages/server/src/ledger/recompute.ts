import { type BalanceExpense, type BalanceSettlement, byCodeUnit, computeBalances } from '@kitty/domain';
import type { Db } from '../db';
import type { CountRow } from './counts';
import { type BalanceRow, PERSONAL_SCOPE, scopeOf } from './ledger';
import { type PairRow, pairsOf } from './pairs';
import { type StatsRow, statsOf } from './stats';

/** Every live expense and settlement of one scope (declined ones count for nobody), in the domain's shapes. */
export async function scopeHistory(
  db: Db,
  scopeId: string,
): Promise<{ expenses: BalanceExpense[]; settlements: BalanceSettlement[] }> {
  const groupId = scopeId === PERSONAL_SCOPE ? null : scopeId;
  const { rows: splits } = await db.query<{
    id: string;
    paid_by: string;
    currency: string;
    amount_minor: number;
    user_id: string;
    share: number;
  }>(
    `SELECT e.id, e.paid_by, e.currency, e.amount_minor, s.user_id, s.amount_minor AS share
       FROM expenses e JOIN expense_splits s ON s.expense_id = e.id
      WHERE e.group_id IS NOT DISTINCT FROM $1 AND e.deleted_at IS NULL AND e.declined_at IS NULL`,
    [groupId],
  );
  const { rows: payments } = await db.query<{ id: string; user_id: string; amount_minor: number }>(
    `SELECT e.id, p.user_id, p.amount_minor
       FROM expenses e JOIN expense_payers p ON p.expense_id = e.id
      WHERE e.group_id IS NOT DISTINCT FROM $1 AND e.deleted_at IS NULL AND e.declined_at IS NULL`,
    [groupId],
  );
  const payers = new Map<string, Record<string, number>>();
  for (const r of payments) payers.set(r.id, { ...payers.get(r.id), [r.user_id]: r.amount_minor });
  const expenses = new Map<string, BalanceExpense & { shares: Record<string, number> }>();
  for (const r of splits) {
    const e = expenses.get(r.id) ?? {
      id: r.id,
      paid_by: r.paid_by,
      payers: payers.get(r.id) ?? {},
      currency: r.currency,
      amount: r.amount_minor,
      shares: {},
    };
    e.shares[r.user_id] = r.share;
    expenses.set(r.id, e);
  }
  const { rows: settlements } = await db.query<{
    from_user_id: string;
    to_user_id: string;
    currency: string;
    amount_minor: number;
  }>(
    `SELECT from_user_id, to_user_id, currency, amount_minor FROM settlements
      WHERE group_id IS NOT DISTINCT FROM $1 AND deleted_at IS NULL AND declined_at IS NULL`,
    [groupId],
  );
  return {
    expenses: [...expenses.values()],
    settlements: settlements.map((s) => ({
      from: s.from_user_id,
      to: s.to_user_id,
      currency: s.currency,
      amount: s.amount_minor,
    })),
  };
}

/**
 * Balances of one scope recomputed from every live expense and settlement, with the domain's rule.
 * The running balances (member_balances) must always equal this; tests and the reliability checks compare.
 */
export async function recomputeScope(db: Db, scopeId: string): Promise<BalanceRow[]> {
  const { expenses, settlements } = await scopeHistory(db, scopeId);
  const balances = computeBalances(expenses, settlements);
  const result: BalanceRow[] = [];
  for (const [currency, members] of Object.entries(balances)) {
    for (const [userId, b] of Object.entries(members)) {
      result.push({
        scope_id: scopeOf(scopeId === PERSONAL_SCOPE ? null : scopeId),
        user_id: userId,
        currency,
        paid_minor: b.paid,
        owed_minor: b.owed,
        net_minor: b.net,
      });
    }
  }
  return result.sort((a, b) => byCodeUnit(a.currency, b.currency) || byCodeUnit(a.user_id, b.user_id));
}

/** The nonzero pairwise debts of one scope recomputed from its history (what pair_balances must hold). */
export async function recomputePairs(db: Db, scopeId: string): Promise<PairRow[]> {
  const { expenses, settlements } = await scopeHistory(db, scopeId);
  return pairsOf(scopeId, expenses, settlements);
}

/** The expense statistics of one scope recomputed from its live expenses (what scope_expense_stats holds). */
export async function recomputeStats(db: Db, scopeId: string): Promise<StatsRow[]> {
  const { expenses } = await scopeHistory(db, scopeId);
  return statsOf(scopeId, expenses);
}

/**
 * How many live expenses each person paid (any part of) or shares in, in one scope, counted from its rows (what
 * member_expense_counts holds, people with none left out). Declined expenses count: the lists show them.
 */
export async function recomputeCounts(db: Db, scopeId: string): Promise<CountRow[]> {
  const { rows } = await db.query<{ user_id: string; expense_count: number }>(
    `SELECT user_id, count(*)::int AS expense_count FROM (
       SELECT e.id, p.user_id FROM expenses e JOIN expense_payers p ON p.expense_id = e.id
        WHERE e.group_id IS NOT DISTINCT FROM $1 AND e.deleted_at IS NULL
       UNION
       SELECT e.id, s.user_id FROM expenses e JOIN expense_splits s ON s.expense_id = e.id
        WHERE e.group_id IS NOT DISTINCT FROM $1 AND e.deleted_at IS NULL
     ) counted GROUP BY user_id`,
    [scopeId === PERSONAL_SCOPE ? null : scopeId],
  );
  return rows
    .map((r) => ({ scope_id: scopeId, user_id: r.user_id, expense_count: r.expense_count }))
    .sort((a, b) => byCodeUnit(a.user_id, b.user_id));
}
