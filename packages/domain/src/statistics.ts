// Spending at a glance (issue 24): the period a person asks for, its calendar months in their time zone,
// and the order of every list of the statistics. Amounts are integer minor units.
import type { FieldErrors } from './accountValidation';
import { byCodeUnit } from './order';
import {
  addDays,
  DAY_INVALID,
  dayInZone,
  isDay,
  isTimeZone,
  noonIn,
  startOfDayIn,
  TIME_ZONE_UNKNOWN,
} from './recurrence';

export const PERIOD_END_BEFORE_START = 'The end of the period cannot be before its start';
export const DEFAULT_STATISTICS_ZONE = 'UTC';

export interface StatisticsPeriod {
  /** First day, inclusive (YYYY-MM-DD in `time_zone`); absent: from the first expense. */
  from?: string | null;
  /** Last day, inclusive; absent: to the last expense. */
  to?: string | null;
  time_zone?: string | null;
}

/** What is wrong with a period, by field; empty when nothing is. The server refuses with these, the form shows them. */
export function periodErrors(period: StatisticsPeriod): FieldErrors<'from' | 'to' | 'time_zone'> {
  const errors: FieldErrors<'from' | 'to' | 'time_zone'> = {};
  if (period.time_zone != null && !isTimeZone(period.time_zone)) errors.time_zone = TIME_ZONE_UNKNOWN;
  const from = period.from ?? null;
  const to = period.to ?? null;
  if (from !== null && !isDay(from)) errors.from = DAY_INVALID;
  if (to !== null && !isDay(to)) errors.to = DAY_INVALID;
  else if (to !== null && from !== null && isDay(from) && to < from) errors.to = PERIOD_END_BEFORE_START;
  return errors;
}

/**
 * The instants a valid period covers: from the start of `from` (inclusive) to the start of the day after
 * `to` (exclusive), in `zone`; null where the period is open.
 */
export function periodInstants(
  period: StatisticsPeriod,
  zone: string,
): { start: Date | null; end: Date | null } {
  return {
    start: period.from ? startOfDayIn(withinExpenseDays(period.from), zone) : null,
    end: period.to ? startOfDayIn(addDays(withinExpenseDays(period.to), 1), zone) : null,
  };
}

// No expense is dated before 1900 (EARLIEST_EXPENSE_DATE) nor anywhere near the year 10000: any day before
// 30 December 1899 (before 1900 begins in every zone) covers the same expenses as that day, and the last
// days of 9999 the same as its 30 December. This keeps every day a date format takes (0000-01-01 ..
// 9999-12-31) within what the calendar arithmetic handles.
function withinExpenseDays(day: string): string {
  return day < '1899-12-30' ? '1899-12-30' : day > '9999-12-30' ? '9999-12-30' : day;
}

/** The month (YYYY-MM) of `instant` in `zone`. */
export function monthInZone(instant: Date, zone: string): string {
  return dayInZone(instant, zone).slice(0, 7);
}

/** Every month from `first` to `last` (YYYY-MM), in order; empty when `last` is before `first`. */
export function monthsFrom(first: string, last: string): string[] {
  const months: string[] = [];
  let [y, m] = first.split('-').map(Number) as [number, number];
  for (
    let month = first;
    month <= last;
    month = `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}`
  ) {
    months.push(month);
    m += 1;
    if (m > 12) {
      y += 1;
      m = 1;
    }
  }
  return months;
}

/**
 * The instant `month` (YYYY-MM) begins in `zone`: the domain's startOfDayIn of its first day. Twelve hours
 * before its noon is that instant unless the clock changed that morning, which two checks tell; only then
 * is startOfDayIn's slower search run.
 */
export function monthStartIn(month: string, zone: string): Date {
  const day = `${month}-01`;
  const candidate = noonIn(day, zone).getTime() - 12 * 3_600_000;
  if (
    candidate % 60_000 === 0 &&
    dayInZone(new Date(candidate), zone) === day &&
    dayInZone(new Date(candidate - 60_000), zone) < day
  )
    return new Date(candidate);
  return startOfDayIn(day, zone);
}

export interface MonthAmount {
  month: string;
  amount_minor: number;
}

/** Every month from the first of `amounts` to the last, in order, those missing at 0. */
export function fillMonths(amounts: readonly MonthAmount[]): MonthAmount[] {
  if (amounts.length === 0) return [];
  const known = new Map<string, number>();
  for (const a of amounts) known.set(a.month, (known.get(a.month) ?? 0) + a.amount_minor);
  const sorted = [...known.keys()].sort(byCodeUnit);
  return monthsFrom(sorted[0] as string, sorted[sorted.length - 1] as string).map((month) => ({
    month,
    amount_minor: known.get(month) ?? 0,
  }));
}

/** Categories: largest amount first, ties by category. */
export function byCategoryOrder(
  a: { category: string; amount_minor: number },
  b: { category: string; amount_minor: number },
): number {
  return b.amount_minor - a.amount_minor || byCodeUnit(a.category, b.category);
}

/** People: most paid first, then largest share, then by name and id. */
export function byPersonOrder(
  a: { user: { id: string; display_name: string }; paid_minor: number; share_minor: number },
  b: { user: { id: string; display_name: string }; paid_minor: number; share_minor: number },
): number {
  return (
    b.paid_minor - a.paid_minor ||
    b.share_minor - a.share_minor ||
    byCodeUnit(a.user.display_name, b.user.display_name) ||
    byCodeUnit(a.user.id, b.user.id)
  );
}

/** Groups of a person: largest share first, then most paid, by name; outside any group (null) last among equals. */
export function byGroupOrder(
  a: { group_id: string | null; name: string | null; paid_minor: number; share_minor: number },
  b: { group_id: string | null; name: string | null; paid_minor: number; share_minor: number },
): number {
  return (
    b.share_minor - a.share_minor ||
    b.paid_minor - a.paid_minor ||
    Number(a.group_id === null) - Number(b.group_id === null) ||
    byCodeUnit(a.name ?? '', b.name ?? '') ||
    byCodeUnit(a.group_id ?? '', b.group_id ?? '')
  );
}

/** Currencies: the one with most expenses first, ties by code. */
export function byCurrencyOrder(
  a: { currency: string; expense_count: number },
  b: { currency: string; expense_count: number },
): number {
  return b.expense_count - a.expense_count || byCodeUnit(a.currency, b.currency);
}
