// Dates as the screens show them, in the device's time zone. In English (en-US, the default) the same text as
// Intl.DateTimeFormat('en-US') gives for these styles, written out here instead; other locales (Czech:
// "26. 11. 2026") take Intl's own. The first Intl formatter
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
import { DEFAULT_LOCALE } from './locale';

const intlFormats = new Map<string, Intl.DateTimeFormat>();

/** Intl's formatter for a locale other than en-US, made once per locale and style. */
function intlFormat(locale: string, style: 'date' | 'dateTime' | 'time'): Intl.DateTimeFormat {
  const key = `${locale}:${style}`;
  let format = intlFormats.get(key);
  if (!format) {
    const options: Intl.DateTimeFormatOptions =
      style === 'date'
        ? { dateStyle: 'medium' }
        : style === 'time'
          ? { timeStyle: 'short' }
          : { dateStyle: 'full', timeStyle: 'short' };
    format = new Intl.DateTimeFormat(locale, options);
    intlFormats.set(key, format);
  }
  return format;
}

function toDate(value: string | Date): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

const calendarDate = (date: Date, month: string) => `${month} ${date.getDate()}, ${date.getFullYear()}`;

/** "Nov 24, 2026" (Intl en-US `dateStyle: 'medium'`); '' when `value` is not a date. Years 1 to 9999. */
export function formatShortDate(value: string | Date, locale: string = DEFAULT_LOCALE): string {
  const date = toDate(value);
  // Non-breaking spaces: a Czech date ("26. 11. 2026") never wraps inside itself.
  if (date && locale !== DEFAULT_LOCALE)
    return intlFormat(locale, 'date').format(date).replace(/ /g, '\u00a0');
  return date ? calendarDate(date, (MONTHS[date.getMonth()] ?? '').slice(0, 3)) : '';
}

/**
 * "Tuesday, November 24, 2026 at 5:07 PM" (Intl en-US `dateStyle: 'full', timeStyle: 'short'`); '' when
 * `value` is not a date. Years 1 to 9999.
 */
export function formatDateTime(value: string | Date, locale: string = DEFAULT_LOCALE): string {
  const date = toDate(value);
  if (!date) return '';
  if (locale !== DEFAULT_LOCALE) return intlFormat(locale, 'dateTime').format(date);
  return `${WEEKDAYS[date.getDay()]}, ${calendarDate(date, MONTHS[date.getMonth()] ?? '')} at ${formatTime(date)}`;
}

/** "5:07 PM" (Intl en-US `timeStyle: 'short'`) in the device's time zone. */
export function formatTime(date: Date, locale: string = DEFAULT_LOCALE): string {
  if (locale !== DEFAULT_LOCALE) return intlFormat(locale, 'time').format(date);
  const hours = date.getHours();
  return `${hours % 12 || 12}:${String(date.getMinutes()).padStart(2, '0')} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** Sentence case for a word Intl writes in lower case ("dnes" -> "Dnes"), in the locale's own rules. */
export const capitalize = (text: string, locale: string = DEFAULT_LOCALE): string =>
  text.charAt(0).toLocaleUpperCase(locale) + text.slice(1);

const relativeFormats = new Map<string, Intl.RelativeTimeFormat>();

/**
 * A day relative to today as a label: "Today", "Yesterday", "Tomorrow" in English (the spec's words),
 * Intl's words capitalized in other locales ("Dnes", "Včera"); null for other offsets.
 */
export function relativeDayLabel(daysFromToday: number, locale: string = DEFAULT_LOCALE): string | null {
  if (daysFromToday < -1 || daysFromToday > 1) return null;
  if (locale === DEFAULT_LOCALE) return ['Yesterday', 'Today', 'Tomorrow'][daysFromToday + 1] ?? null;
  let format = relativeFormats.get(locale);
  if (!format) {
    format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
    relativeFormats.set(locale, format);
  }
  return capitalize(format.format(daysFromToday, 'day'), locale);
}
