// When an expense happened (issue 23): any day from 1900 on, and not more than one year after now; and the
// day a person picks in their own calendar as the moment saved. Apart from dates.ts, which every screen's
// lists load: only the expense forms need these.

export const DATE_TOO_LATE = 'The date cannot be more than a year from today';
export const DATE_TOO_EARLY = 'The date cannot be before 1900';
export const DATE_INVALID = 'Please enter a valid date';
/** The earliest date an expense may have: 1 January 1900, 00:00 UTC (a sane bound, not a business rule). */
export const EARLIEST_EXPENSE_DATE = Date.UTC(1900, 0, 1);

/** `now` one calendar year later (UTC; 29 February goes to 1 March). */
export function oneYearAfter(now: Date): Date {
  const later = new Date(now.getTime());
  later.setUTCFullYear(later.getUTCFullYear() + 1);
  return later;
}

/**
 * Why an expense cannot have happened at `date`, or null: not a date, before 1900, or more than one year
 * after `now` (exactly a year after is allowed). The server refuses with it on `date`; the forms show it.
 */
export function expenseDateError(date: Date, now: Date): string | null {
  if (Number.isNaN(date.getTime())) return DATE_INVALID;
  if (date.getTime() < EARLIEST_EXPENSE_DATE) return DATE_TOO_EARLY;
  if (date.getTime() > oneYearAfter(now).getTime()) return DATE_TOO_LATE;
  return null;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The calendar day of `date` in the device's time zone, as a date input holds it: "2026-11-20". */
export function localDay(date: Date): string {
  return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** "2026-11-20" at `time` ("12:00") local time (an ISO date and time without an offset is local), or null. */
function localTime(day: string, time: string): Date | null {
  const date = new Date(`${day}T${time}`);
  return localDay(date) === day ? date : null;
}

/**
 * The moment to store for a day picked in the device's calendar, so that it shows as that day to whoever
 * picked it: the saved moment when the day is the saved one's (an edit keeps its time of day); now for
 * today; else that day's local noon (12 hours from either midnight, so most other time zones see the same
 * day too), but the day exactly a year ahead at its local midnight when its noon is more than a year after now (so
 * that day stays allowed; nothing depends on the clock but "today", so a retried save sends the same). An invalid
 * Date when `day` is not a day.
 */
export function dayToDate(day: string, now: Date, saved?: Date | null): Date {
  if (saved && !Number.isNaN(saved.getTime()) && localDay(saved) === day) return saved;
  if (day === localDay(now)) return now;
  const noon = localTime(day, '12:00');
  if (!noon) return new Date(Number.NaN);
  const limit = oneYearAfter(now);
  return noon > limit && localDay(limit) === day ? (localTime(day, '00:00') ?? noon) : noon;
}
