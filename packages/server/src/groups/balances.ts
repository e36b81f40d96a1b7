import { isSettledAmount, toDecimal } from '@kitty/domain';
import type { BalanceRow } from '../ledger/ledger';

export interface CallerBalance {
  /** The net in the group currency, as a JSON decimal. */
  balance: number;
  /** Nonzero nets in the other currencies, never converted. */
  balances: { currency: string; amount: number }[];
}

/** One person's figures in one group, from their ledger rows of that group (any order). */
export function callerBalance(rows: readonly BalanceRow[], groupCurrency: string): CallerBalance {
  let balance = 0;
  const balances: CallerBalance['balances'] = [];
  for (const row of [...rows].sort((a, b) => compare(a.currency, b.currency))) {
    if (row.currency === groupCurrency) balance = toDecimal(row.net_minor, row.currency);
    else if (!isSettledAmount(row.net_minor))
      balances.push({ currency: row.currency, amount: toDecimal(row.net_minor, row.currency) });
  }
  return { balance, balances };
}

/** Every member's net in the group currency (0 for members without a ledger row). */
export function memberBalances(
  scopeRows: readonly BalanceRow[],
  memberIds: readonly string[],
  groupCurrency: string,
): Record<string, number> {
  const result: Record<string, number> = Object.fromEntries(memberIds.map((id) => [id, 0]));
  for (const row of scopeRows) {
    if (row.currency === groupCurrency && row.user_id in result) {
      result[row.user_id] = toDecimal(row.net_minor, row.currency);
    }
  }
  return result;
}

/** One person's nets in every currency of a scope, in minor units (what the member rules look at). */
export function netsOf(scopeRows: readonly BalanceRow[], userId: string): number[] {
  return scopeRows.filter((row) => row.user_id === userId).map((row) => row.net_minor);
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
