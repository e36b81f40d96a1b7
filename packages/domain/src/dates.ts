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
  return `${WEEKDAYS[date.getDay()]}, ${calendarDate(date, MONTHS[date.getMonth()] ?? '')} at ${formatTime(date)}`;
}

/** "5:07 PM" (Intl en-US `timeStyle: 'short'`) in the device's time zone. */
export function formatTime(date: Date): string {
  const hours = date.getHours();
  return `${hours % 12 || 12}:${String(date.getMinutes()).padStart(2, '0')} ${hours < 12 ? 'AM' : 'PM'}`;
}
