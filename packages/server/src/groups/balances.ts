import { addMinor, toDecimal } from '@kitty/domain';
import { type CurrencyAmountJson, currencyAmounts, money } from '../financial/present';
import type { BalanceRow } from '../ledger/ledger';

export interface CallerBalance {
  /** The net in the group currency, as a JSON decimal. */
  balance: number;
  /** Nonzero nets in the other currencies, never converted. */
  balances: CurrencyAmountJson[];
}

/** currency -> the sum of the rows' nets (minor units). */
export function netsByCurrency(rows: readonly BalanceRow[]): Map<string, number> {
  const nets = new Map<string, number>();
  for (const r of rows) nets.set(r.currency, addMinor(nets.get(r.currency) ?? 0, r.net_minor));
  return nets;
}

/**
 * One person's figures in one group, from their ledger rows of that group (any order): what the group lists,
 * the group page and the balance summary show as the caller's balance.
 */
export function callerBalance(rows: readonly BalanceRow[], groupCurrency: string): CallerBalance {
  const nets = netsByCurrency(rows);
  const balance = nets.get(groupCurrency) ?? 0;
  nets.delete(groupCurrency);
  return { balance: money(balance, groupCurrency), balances: currencyAmounts(nets) };
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
