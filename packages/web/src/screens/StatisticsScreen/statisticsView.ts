import type { ApiError, components } from '@kitty/api';
import { monthLabel, tenthsOfPercent } from '@kitty/domain';
import { categoryName, expenseProblem } from '../../components/split/words';
import catalog from '../../i18n/catalog/en/statistics.json';
import { money as formatMoney } from '../../i18n/format';
import { activeLanguage, activeLocale } from '../../i18n/language';
import { messages } from '../../i18n/messages';

const t = messages(catalog);

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
export const outsideGroups = () => t('outsideGroups');

/** Tenths of a percent as people read them in the active language: "42.5%", Czech "42,5 %". */
export function percentText(tenths: number): string {
  return new Intl.NumberFormat(activeLocale(), { style: 'percent', maximumFractionDigits: 1 }).format(
    tenths / 1000,
  );
}

/** "2026-03" as a table's row: "March 2026" (the domain's monthLabel), Czech "Březen 2026". */
export function monthText(month: string): string {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  if (activeLanguage() !== 'cs' || !match) return monthLabel(month);
  const words = new Intl.DateTimeFormat(activeLocale(), {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1)));
  return words.charAt(0).toLocaleUpperCase(activeLocale()) + words.slice(1);
}

function shareRows(rows: { key: string; label: string; minor: number }[], currency: string): ShareRow[] {
  const tenths = tenthsOfPercent(rows.map((r) => Math.max(0, r.minor)));
  return rows.map((row, i) => ({
    key: row.key,
    label: row.label,
    amount: formatMoney(row.minor, currency),
    percent: percentText(tenths[i] ?? 0),
  }));
}

export function currencyView(stats: CurrencyStatistics): CurrencyView {
  const { currency } = stats;
  const money = (minor: number) => formatMoney(minor, currency);
  return {
    currency,
    total: money(stats.total_minor),
    expenseCount: stats.expense_count,
    byCategory: shareRows(
      stats.by_category.map((c) => ({
        key: c.category,
        label: categoryName(c.category),
        minor: c.amount_minor,
      })),
      currency,
    ),
    byMonth: shareRows(
      stats.by_month.map((m) => ({ key: m.month, label: monthText(m.month), minor: m.amount_minor })),
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
      label: g.group_id === null ? outsideGroups() : (g.name ?? outsideGroups()),
      paid: money(g.paid_minor),
      share: money(g.share_minor),
    })),
  };
}

/** The words of a failed load, picked by the error's code. */
export function statisticsErrorWords(error: ApiError | null, scope: 'group' | 'person'): string {
  switch (error?.code) {
    case 'NOT_FOUND':
      if (scope === 'group') return t('noGroup');
      break;
    case 'VALIDATION_FAILED': {
      const first = (error.data as { errors?: { message?: unknown }[] } | undefined)?.errors?.[0]?.message;
      return expenseProblem(typeof first === 'string' ? first : error.message);
    }
    case 'RATE_LIMITED':
      return t('rateLimited');
  }
  return t('loadError', { message: error?.message ?? t('unknownError') });
}

/** The browser's time zone, the one the periods' days and the months are counted in. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}
