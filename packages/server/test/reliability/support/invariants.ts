import type { Db } from '../../../src/db';
import { scopeCounts } from '../../../src/ledger/counts';
import { type BalanceRow, PERSONAL_SCOPE, scopeBalances } from '../../../src/ledger/ledger';
import { type PairRow, scopePairs } from '../../../src/ledger/pairs';
import {
  recomputeCounts,
  recomputePairs,
  recomputeScope,
  recomputeStats,
} from '../../../src/ledger/recompute';
import { scopeStats } from '../../../src/ledger/stats';

/** Live expenses whose split rows are missing or do not add up exactly to the amount. */
export async function partialExpenses(db: Db): Promise<{ id: string; amount: number; splits: number }[]> {
  const { rows } = await db.query<{ id: string; amount: number; splits: number }>(
    `SELECT e.id, e.amount_minor AS amount, COALESCE(sum(s.amount_minor), 0)::bigint AS splits
       FROM expenses e LEFT JOIN expense_splits s ON s.expense_id = e.id
      WHERE e.deleted_at IS NULL
      GROUP BY e.id, e.amount_minor
     HAVING COALESCE(sum(s.amount_minor), 0) <> e.amount_minor`,
  );
  return rows;
}

/** Every scope that holds money rows: each group with expenses or settlements, and the personal one. */
export async function scopes(db: Db): Promise<string[]> {
  const { rows } = await db.query<{ scope: string }>(
    `SELECT DISTINCT COALESCE(group_id, $1::uuid)::text AS scope FROM expenses
     UNION SELECT DISTINCT COALESCE(group_id, $1::uuid)::text FROM settlements
     UNION SELECT DISTINCT scope_id::text FROM member_balances`,
    [PERSONAL_SCOPE],
  );
  return rows.map((r) => r.scope).sort();
}

const balanceKeys = (rows: BalanceRow[]) =>
  rows
    .filter((r) => r.paid_minor !== 0 || r.owed_minor !== 0)
    .map((r) => `${r.currency} ${r.user_id} ${r.paid_minor} ${r.owed_minor} ${r.net_minor}`)
    .sort();
const pairKeys = (rows: PairRow[]) =>
  rows
    .filter((r) => r.a_owes_b_minor !== 0)
    .map((r) => `${r.currency} ${r.user_a} ${r.user_b} ${r.a_owes_b_minor}`)
    .sort();

export interface LedgerReport {
  scopes: number;
  /** Scopes whose running balances, pairwise debts or statistics differ from a recomputation. */
  mismatches: string[];
  /** Scope and currency whose members' nets do not add up to zero, with the sum. */
  nonZeroSums: string[];
  currencies: string[];
}

/**
 * Compares every scope's running balances, pairwise debts, expense statistics and counts with a recomputation
 * from all its live rows (src/ledger/recompute.ts), and checks each currency's nets sum to zero.
 */
export async function checkLedger(db: Db): Promise<LedgerReport> {
  const all = await scopes(db);
  const mismatches: string[] = [];
  const nonZeroSums: string[] = [];
  const currencies = new Set<string>();
  for (const scope of all) {
    const running = await scopeBalances(db, scope);
    if (balanceKeys(running).join('\n') !== balanceKeys(await recomputeScope(db, scope)).join('\n')) {
      mismatches.push(`${scope}: balances`);
    }
    if (
      pairKeys(await scopePairs(db, [scope])).join('\n') !==
      pairKeys(await recomputePairs(db, scope)).join('\n')
    ) {
      mismatches.push(`${scope}: pairwise debts`);
    }
    if (JSON.stringify(await scopeStats(db, scope)) !== JSON.stringify(await recomputeStats(db, scope))) {
      mismatches.push(`${scope}: statistics`);
    }
    if (JSON.stringify(await scopeCounts(db, scope)) !== JSON.stringify(await recomputeCounts(db, scope))) {
      mismatches.push(`${scope}: expense counts`);
    }
    const sums = new Map<string, number>();
    for (const r of running) {
      currencies.add(r.currency);
      sums.set(r.currency, (sums.get(r.currency) ?? 0) + r.net_minor);
    }
    for (const [currency, sum] of sums) if (sum !== 0) nonZeroSums.push(`${scope} ${currency}: ${sum}`);
  }
  return { scopes: all.length, mismatches, nonZeroSums, currencies: [...currencies].sort() };
}
