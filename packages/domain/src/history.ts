// Settlement history grouped by day (section 2, Group detail): newest day first, each day newest first.
// Labels: "Today", "Yesterday", the weekday name within the current week, else a long date
// ("Monday, November 2, 2026"). Days are calendar days in the given time zone; weeks start on Sunday
// (the en-US convention) unless told otherwise.

import { relativeDayLabel } from './dates';

export interface SettlementDateLike {
  id?: unknown;
  settlement_date?: unknown;
  date?: unknown;
  created_at?: unknown;
}

export interface HistoryOptions {
  now: Date;
  /** IANA time zone, e.g. "Europe/Prague"; default: the runtime's. */
  timeZone?: string;
  /** Locale of weekday and long-date labels; default "en-US". */
  locale?: string;
  /** 0 = Sunday (default), 1 = Monday. */
  weekStartsOn?: number;
}

export interface HistoryDay<S> {
  /** "YYYY-MM-DD" in the time zone, or "unknown" for settlements without a readable date. */
  day: string;
  label: string;
  settlements: S[];
}

export const UNKNOWN_DAY_LABEL = 'Unknown date';
const MS_PER_DAY = 86_400_000;

function settlementTime(s: SettlementDateLike): number | null {
  for (const value of [s.settlement_date, s.date, s.created_at]) {
    if (typeof value !== 'string' && !(value instanceof Date)) continue;
    const ms = value instanceof Date ? value.getTime() : Date.parse(value);
    if (!Number.isNaN(ms)) return ms;
  }
  return null;
}

function createdTime(s: SettlementDateLike): number {
  if (typeof s.created_at !== 'string') return Number.NEGATIVE_INFINITY;
  const ms = Date.parse(s.created_at);
  return Number.isNaN(ms) ? Number.NEGATIVE_INFINITY : ms;
}

/** Days since 1970-01-01 of the calendar day `ms` falls on in the time zone. */
function civilDay(ms: number, timeZone: string | undefined): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
  }).formatToParts(new Date(ms));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return Math.floor(Date.UTC(get('year'), get('month') - 1, get('day')) / MS_PER_DAY);
}

function dayKey(dayNumber: number): string {
  return new Date(dayNumber * MS_PER_DAY).toISOString().slice(0, 10);
}

/** The label of one calendar day (a day number from civilDay) seen from `today`. */
function labelFor(dayNumber: number, today: number, locale: string, weekStartsOn: number): string {
  const relative = dayNumber <= today ? relativeDayLabel(dayNumber - today, locale) : null;
  if (relative) return relative;
  // 1970-01-01 was a Thursday (4).
  const weekday = (n: number) => (((n + 4) % 7) + 7) % 7;
  const weekStart = today - ((weekday(today) - weekStartsOn + 7) % 7);
  // Noon UTC of the civil day, formatted in UTC, names that same calendar day in any locale.
  const noon = new Date(dayNumber * MS_PER_DAY + MS_PER_DAY / 2);
  if (dayNumber >= weekStart && dayNumber < weekStart + 7) {
    return new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' }).format(noon);
  }
  return new Intl.DateTimeFormat(locale, {
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(noon);
}

/** The day label of one date ("Today", "Yesterday", "Tuesday", "Monday, November 2, 2026"). */
export function historyDayLabel(date: Date, options: HistoryOptions): string {
  const { now, timeZone, locale = 'en-US', weekStartsOn = 0 } = options;
  return labelFor(
    civilDay(date.getTime(), timeZone),
    civilDay(now.getTime(), timeZone),
    locale,
    weekStartsOn,
  );
}

/** Every settlement exactly once: grouped by day, newest day first, newest first within a day. */
export function groupSettlementsByDay<S extends SettlementDateLike>(
  settlements: readonly S[],
  options: HistoryOptions,
): HistoryDay<S>[] {
  const { now, timeZone, locale = 'en-US', weekStartsOn = 0 } = options;
  const today = civilDay(now.getTime(), timeZone);
  const dated = settlements.map((s, index) => ({ s, index, at: settlementTime(s), created: createdTime(s) }));
  dated.sort((a, b) => {
    const at = (b.at ?? Number.NEGATIVE_INFINITY) - (a.at ?? Number.NEGATIVE_INFINITY);
    if (at !== 0 && !Number.isNaN(at)) return at;
    const created = b.created - a.created;
    if (created !== 0 && !Number.isNaN(created)) return created;
    return String(b.s.id ?? '').localeCompare(String(a.s.id ?? '')) || a.index - b.index;
  });

  const days: HistoryDay<S>[] = [];
  let unknown: HistoryDay<S> | undefined;
  for (const { s, at } of dated) {
    if (at === null) {
      unknown ??= { day: 'unknown', label: UNKNOWN_DAY_LABEL, settlements: [] };
      unknown.settlements.push(s);
      continue;
    }
    const n = civilDay(at, timeZone);
    const key = dayKey(n);
    const last = days[days.length - 1];
    if (last?.day === key) last.settlements.push(s);
    else days.push({ day: key, label: labelFor(n, today, locale, weekStartsOn), settlements: [s] });
  }
  if (unknown) days.push(unknown);
  return days;
}
