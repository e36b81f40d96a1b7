import type { BalanceSummary } from '@kitty/api';
import { type BalanceSummaryKind, balanceSummary, type LoadStatus } from '@kitty/domain';
import { knownWords } from '../../flows/failureWords';
import { money } from '../../i18n/format';
import { type CurrencyBalance, nonzeroBalances } from '../GroupsScreen/groupBalance';
import catalog from '../../i18n/catalog/en/lists.json';
import { messages } from '../../i18n/messages';

const t = messages(catalog);

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
    // i18n-ignore: names the amount in a developer's error for a malformed answer
    'overall balance',
  );
}

export interface SummaryLine {
  kind: BalanceSummaryKind;
  text: string;
}

/** A Balance Summary line in the active language: the domain's balanceSummary decides which. */
function summaryLine(
  status: LoadStatus,
  error: string | null,
  overall: { totalMinor: number; currency: string } | null | undefined,
): SummaryLine {
  const { kind } = balanceSummary({ status, error, overall });
  const message = error?.trim();
  switch (kind) {
    case 'loading':
      return { kind, text: t('loadingBalances') };
    case 'error':
      return { kind, text: message ? t('errorWith', { message: knownWords(message) }) : t('balancesFailed') };
    case 'unavailable':
      return { kind, text: t('balanceUnavailable') };
    case 'settled':
      return { kind, text: t('allSettled') };
    default: {
      const amount = money(Math.abs(overall?.totalMinor ?? 0), overall?.currency ?? '');
      return { kind, text: t(kind === 'owed' ? 'overallOwed' : 'overallOwe', { amount }) };
    }
  }
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
  if (status !== 'succeeded' || balances === undefined) return [summaryLine(status, error, undefined)];
  if (balances === null) return [summaryLine(status, null, null)];
  if (balances.length === 0) {
    return [summaryLine(status, null, { totalMinor: 0, currency: 'USD' })];
  }
  return balances.map(({ currency, minor }) => summaryLine(status, null, { totalMinor: minor, currency }));
}
