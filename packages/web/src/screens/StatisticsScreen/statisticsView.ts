import type { ApiError, components } from '@kitty/api';
import {
  categoryDisplayName,
  formatMoneyWithSymbol,
  monthLabel,
  percentText,
  tenthsOfPercent,
} from '@kitty/domain';

export type Statistics = components['schemas']['Statistics'];
export type CurrencyStatistics = components['schemas']['CurrencyStatistics'];

export interface ShareRow {
  key: string;
  label: string;
  amount: string;
  percent: string;
}

export interface PaidShareRow {
  key: string;
  label: string;
  paid: string;
  share: string;
}

/** The words of one currency's tables: names from the domain, money through formatMoneyWithSymbol. */
export interface CurrencyView {
  currency: string;
  total: string;
  expenseCount: number;
  byCategory: ShareRow[];
  byMonth: ShareRow[];
  byPerson: PaidShareRow[];
  byGroup: PaidShareRow[];
}

/** What an expense outside any group is listed as in a person's by-group table. */
export const OUTSIDE_GROUPS = 'Outside any group';

function shareRows(rows: { key: string; label: string; minor: number }[], currency: string): ShareRow[] {
  const tenths = tenthsOfPercent(rows.map((r) => Math.max(0, r.minor)));
  return rows.map((row, i) => ({
    key: row.key,
    label: row.label,
    amount: formatMoneyWithSymbol(row.minor, currency),
    percent: percentText(tenths[i] ?? 0),
  }));
}

export function currencyView(stats: CurrencyStatistics): CurrencyView {
  const { currency } = stats;
  const money = (minor: number) => formatMoneyWithSymbol(minor, currency);
  return {
    currency,
    total: money(stats.total_minor),
    expenseCount: stats.expense_count,
    byCategory: shareRows(
      stats.by_category.map((c) => ({
        key: c.category,
        label: categoryDisplayName(c.category),
        minor: c.amount_minor,
      })),
      currency,
    ),
    byMonth: shareRows(
      stats.by_month.map((m) => ({ key: m.month, label: monthLabel(m.month), minor: m.amount_minor })),
      currency,
    ),
    byPerson: stats.by_person.map((p) => ({
      key: p.user.id,
      label: p.user.display_name,
      paid: money(p.paid_minor),
      share: money(p.share_minor),
    })),
    byGroup: stats.by_group.map((g) => ({
      key: g.group_id ?? '',
      label: g.group_id === null ? OUTSIDE_GROUPS : (g.name ?? OUTSIDE_GROUPS),
      paid: money(g.paid_minor),
      share: money(g.share_minor),
    })),
  };
}

/** The words of a failed load, picked by the error's code. */
export function statisticsErrorWords(error: ApiError | null, scope: 'group' | 'person'): string {
  switch (error?.code) {
    case 'NOT_FOUND':
      if (scope === 'group') return 'No group found';
      break;
    case 'VALIDATION_FAILED': {
      const first = (error.data as { errors?: { message?: unknown }[] } | undefined)?.errors?.[0]?.message;
      return typeof first === 'string' ? first : error.message;
    }
    case 'RATE_LIMITED':
      return 'Too many requests. Please wait a moment and try again.';
  }
  return `Error loading statistics: ${error?.message ?? 'Unknown error'}`;
}

/** The browser's time zone, the one the periods' days and the months are counted in. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}
