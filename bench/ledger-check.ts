import { byCodeUnit, computeBalances } from '../packages/domain/src/index';
import type { Db } from '../packages/server/src/db';
import { type BalanceRow, scopeBalances } from '../packages/server/src/ledger/ledger';
import { type PairRow, pairsOf, scopePairs } from '../packages/server/src/ledger/pairs';
import { recomputePairs, recomputeScope, recomputeStats } from '../packages/server/src/ledger/recompute';
import { type StatsRow, scopeStats, statsOf } from '../packages/server/src/ledger/stats';
import type { GroupHistory } from './history';

/** What member_balances, pair_balances and scope_expense_stats hold for a history: the ledger's own rules. */
export function ledgerRows(
  scopeId: string,
  history: GroupHistory,
): { balances: Omit<BalanceRow, 'net_minor'>[]; pairs: PairRow[]; stats: StatsRow[] } {
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
  return { balances, pairs: pairsOf(scopeId, expenses, settlements), stats: statsOf(scopeId, expenses) };
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
  return problems;
}
