// The Statistics view's period presets, shares of a total and month names (issue 24, "Spending at a
// glance"); the period's own rules (periodErrors) are in statistics.ts.
import { allocate } from './allocate';
import { daysInMonth, isDay, MONTH_NAMES } from './recurrence';

export const STATISTICS_PRESETS = ['this_month', 'last_3_months', 'this_year', 'all', 'custom'] as const;
export type StatisticsPreset = (typeof STATISTICS_PRESETS)[number];

export const STATISTICS_PRESET_LABELS: Readonly<Record<StatisticsPreset, string>> = {
  this_month: 'This month',
  last_3_months: 'Last 3 months',
  this_year: 'This year',
  all: 'All time',
  custom: 'Custom',
};

export const NO_STATISTICS = 'No expenses in this period';

/** A period as GET /statistics takes it: days YYYY-MM-DD, both inclusive; absent is open-ended. */
export interface PeriodRange {
  from?: string;
  to?: string;
}

const pad = (n: number) => String(n).padStart(2, '0');
const monthStart = (y: number, m: number) => `${y}-${pad(m)}-01`;
const monthEnd = (y: number, m: number) => `${y}-${pad(m)}-${pad(daysInMonth(y, m))}`;

/**
 * The days a preset covers, `today` being the day in the person's time zone: whole calendar months
 * (this month; this month and the two before it) or the whole calendar year, so an expense dated later
 * this month still counts. All time is open at both ends. Custom takes `custom` as given, each end
 * optional.
 */
export function presetRange(preset: StatisticsPreset, today: string, custom: PeriodRange = {}): PeriodRange {
  if (!isDay(today)) throw new RangeError(`Not a day: ${today}`);
  const y = Number(today.slice(0, 4));
  const m = Number(today.slice(5, 7));
  switch (preset) {
    case 'this_month':
      return { from: monthStart(y, m), to: monthEnd(y, m) };
    case 'last_3_months': {
      const back = y * 12 + (m - 1) - 2;
      return { from: monthStart(Math.floor(back / 12), (back % 12) + 1), to: monthEnd(y, m) };
    }
    case 'this_year':
      return { from: `${y}-01-01`, to: `${y}-12-31` };
    case 'all':
      return {};
    case 'custom': {
      const range: PeriodRange = {};
      if (custom.from) range.from = custom.from;
      if (custom.to) range.to = custom.to;
      return range;
    }
  }
}

/**
 * Each amount's share of their sum in tenths of a percent, adding up to exactly 1000 (100.0%) by the
 * largest remainder; all zeros when the sum is zero. Amounts are non-negative minor units.
 */
export function tenthsOfPercent(amounts: readonly number[]): number[] {
  if (amounts.length === 0 || amounts.every((a) => a === 0)) return amounts.map(() => 0);
  return allocate(1000, amounts);
}

/** Tenths of a percent as people read them: 425 -> "42.5%", 1000 -> "100%". */
export function percentText(tenths: number): string {
  const whole = Math.floor(tenths / 10);
  const rest = tenths % 10;
  return rest === 0 ? `${whole}%` : `${whole}.${rest}%`;
}

/** "2026-03" as a chart's axis writes it ("Mar 2026") or a table's row ("March 2026"). */
export function monthLabel(month: string, style: 'short' | 'long' = 'long'): string {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  const index = match ? Number(match[2]) - 1 : -1;
  if (!match || index < 0 || index > 11) return month;
  const name = MONTH_NAMES[index] ?? '';
  return `${style === 'short' ? name.slice(0, 3) : name} ${match[1]}`;
}
