// Dates as the screens show them: English (en-US) in the device's time zone, the same text as
// Intl.DateTimeFormat('en-US') gives for these two styles, written out here instead. The first Intl formatter
// a page creates makes the browser load its locale data: about 30 to 85 ms of main thread on this project's test
// machine (110 to 340 ms at Lighthouse's 4x CPU slowdown), which the dashboard's first render waited for. The
// tests compare both functions with Intl itself, in several time zones.

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
function toDate(value: string | Date): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

const calendarDate = (date: Date, month: string) => `${month} ${date.getDate()}, ${date.getFullYear()}`;

/** "Nov 24, 2026" (Intl en-US `dateStyle: 'medium'`); '' when `value` is not a date. Years 1 to 9999. */
export function formatShortDate(value: string | Date): string {
  const date = toDate(value);
  return date ? calendarDate(date, (MONTHS[date.getMonth()] ?? '').slice(0, 3)) : '';
}

/**
 * "Tuesday, November 24, 2026 at 5:07 PM" (Intl en-US `dateStyle: 'full', timeStyle: 'short'`); '' when
 * `value` is not a date. Years 1 to 9999.
 */
export function formatDateTime(value: string | Date): string {
  const date = toDate(value);
  if (!date) return '';
  const hours = date.getHours();
  const minutes = String(date.getMinutes()).padStart(2, '0');
  const time = `${hours % 12 || 12}:${minutes} ${hours < 12 ? 'AM' : 'PM'}`;
  return `${WEEKDAYS[date.getDay()]}, ${calendarDate(date, MONTHS[date.getMonth()] ?? '')} at ${time}`;
}

// When an expense happened (issue 23): any day from 1900 on, and not more than one year after now.

export const DATE_TOO_LATE = 'The date cannot be more than a year from today';
export const DATE_TOO_EARLY = 'The date cannot be before 1900';
export const DATE_INVALID = 'Please enter a valid date';
/** The earliest date an expense may have: 1 January 1900, 00:00 UTC (a sane bound, not a business rule). */
export const EARLIEST_EXPENSE_DATE = new Date(Date.UTC(1900, 0, 1));

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
  if (date.getTime() < EARLIEST_EXPENSE_DATE.getTime()) return DATE_TOO_EARLY;
  if (date.getTime() > oneYearAfter(now).getTime()) return DATE_TOO_LATE;
  return null;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The calendar day of `date` in the device's time zone, as a date input holds it: "2026-11-20". */
export function localDay(date: Date): string {
  return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** "2026-11-20" at `hours` o'clock local time, or null when it is no such day. */
function localTime(day: string, hours: number): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const time = new Date(year, month - 1, date, hours);
  time.setFullYear(year); // years 0 to 99 are not 1900 to 1999
  return localDay(time) === day ? time : null;
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
  const noon = localTime(day, 12);
  if (!noon) return new Date(Number.NaN);
  const limit = oneYearAfter(now);
  return noon > limit && localDay(limit) === day ? (localTime(day, 0) ?? noon) : noon;
}
