import type { BalanceSummary } from '@kitty/api';
import { type BalanceSummaryKind, balanceSummary, type LoadStatus } from '@kitty/domain';
import { type CurrencyBalance, nonzeroBalances } from '../GroupsScreen/groupBalance';

/**
 * The overall balances of GET /balance/summary in minor units: every nonzero currency, the summary's own
 * currency first; empty when all settled; null when the answer holds no overall balance.
 */
export function overallBalances(summary: BalanceSummary | null | undefined): CurrencyBalance[] | null {
  const overall = summary?.data?.overall;
  if (!overall) return null;
  return nonzeroBalances(
    { currency: overall.currency, amount: overall.total_balance },
    overall.balances ?? [],
    'overall balance',
  );
}

export interface SummaryLine {
  kind: BalanceSummaryKind;
  text: string;
}

/**
 * The Balance Summary texts (the domain's balanceSummary): one line per currency with a nonzero balance,
 * never converted; "All settled!" when there is none.
 */
export function balanceSummaryLines(
  status: LoadStatus,
  error: string | null,
  balances: CurrencyBalance[] | null | undefined,
): SummaryLine[] {
  if (status !== 'succeeded' || balances === undefined) return [balanceSummary({ status, error })];
  if (balances === null) return [balanceSummary({ status, overall: null })];
  if (balances.length === 0) {
    return [balanceSummary({ status, overall: { totalMinor: 0, currency: 'USD' } })];
  }
  return balances.map(({ currency, minor }) =>
    balanceSummary({ status, overall: { totalMinor: minor, currency } }),
  );
}
