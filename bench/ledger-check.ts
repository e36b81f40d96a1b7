import { byCodeUnit, computeBalances } from '../packages/domain/src/index';
import type { Db } from '../packages/server/src/db';
import { type CountRow, countedPeople, scopeCounts } from '../packages/server/src/ledger/counts';
import { type BalanceRow, scopeBalances } from '../packages/server/src/ledger/ledger';
import { type PairRow, pairsOf, scopePairs } from '../packages/server/src/ledger/pairs';
import {
  recomputeCounts,
  recomputePairs,
  recomputeScope,
  recomputeStats,
} from '../packages/server/src/ledger/recompute';
import { type StatsRow, scopeStats, statsOf } from '../packages/server/src/ledger/stats';
import type { GroupHistory } from './history';

/**
 * What member_balances, pair_balances, scope_expense_stats and member_expense_counts hold for a history:
 * the ledger's own rules.
 */
export function ledgerRows(
  scopeId: string,
  history: GroupHistory,
): { balances: Omit<BalanceRow, 'net_minor'>[]; pairs: PairRow[]; stats: StatsRow[]; counts: CountRow[] } {
  const expenses = history.expenses.map((e) => ({
    id: e.id,
    paid_by: e.paid_by,
    currency: e.currency,
    amount: e.amount_minor,
    shares: e.shares,
  }));
  const settlements = history.settlements.map((s) => ({
    from: s.from,
    to: s.to,
    currency: s.currency,
    amount: s.amount,
  }));
  const balances: Omit<BalanceRow, 'net_minor'>[] = [];
  for (const [currency, members] of Object.entries(computeBalances(expenses, settlements))) {
    for (const [user_id, b] of Object.entries(members)) {
      balances.push({ scope_id: scopeId, user_id, currency, paid_minor: b.paid, owed_minor: b.owed });
    }
  }
  const counts = new Map<string, number>();
  for (const e of history.expenses) {
    const people = countedPeople({ payers: { [e.paid_by]: e.amount_minor }, splits: e.splits });
    for (const user_id of people) counts.set(user_id, (counts.get(user_id) ?? 0) + 1);
  }
  return {
    balances,
    pairs: pairsOf(scopeId, expenses, settlements),
    stats: statsOf(scopeId, expenses),
    counts: [...counts].map(([user_id, expense_count]) => ({ scope_id: scopeId, user_id, expense_count })),
  };
}

const byKey = <T>(rows: readonly T[], key: (r: T) => string) =>
  [...rows].sort((a, b) => byCodeUnit(key(a), key(b)));

/**
 * Compares the running tables of one group with a full recomputation from its history (the ledger's
 * recompute.ts). Returns what differs; empty when they agree to the cent.
 */
export async function ledgerDifferences(db: Db, scopeId: string): Promise<string[]> {
  const problems: string[] = [];
  const same = <T>(what: string, stored: readonly T[], recomputed: readonly T[], key: (r: T) => string) => {
    const a = JSON.stringify(byKey(stored, key));
    const b = JSON.stringify(byKey(recomputed, key));
    if (a !== b) problems.push(`${what} of ${scopeId} differ from a full recomputation`);
  };
  const balanceKey = (r: BalanceRow) => `${r.currency}/${r.user_id}`;
  const plain = (rows: readonly BalanceRow[]) =>
    rows.map((r) => ({ ...r, currency: r.currency.trim() })).filter((r) => r.paid_minor || r.owed_minor);
  same(
    'member_balances',
    plain(await scopeBalances(db, scopeId)),
    plain(await recomputeScope(db, scopeId)),
    balanceKey,
  );
  const pairKey = (r: PairRow) => `${r.currency}/${r.user_a}/${r.user_b}`;
  same('pair_balances', await scopePairs(db, [scopeId]), await recomputePairs(db, scopeId), pairKey);
  same(
    'scope_expense_stats',
    await scopeStats(db, scopeId),
    await recomputeStats(db, scopeId),
    (r) => r.currency,
  );
  same(
    'member_expense_counts',
    await scopeCounts(db, scopeId),
    await recomputeCounts(db, scopeId),
    (r) => r.user_id,
  );
  return problems;
}
