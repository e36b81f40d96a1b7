import { type ErrorCode, HttpError, isApiError } from '@kitty/api';
import {
  dayWords,
  RECURRENCE_CHANGED_WORDS,
  RECURRENCE_ENDED_WORDS,
  RECURRENCE_NOT_MEMBER_WORDS,
  type RecurrenceFrequency,
  type RecurrenceSchedule,
  recurringStatusMessage,
  scheduleParts,
} from '@kitty/domain';
import { expenseProblem } from '../components/split/words';
import catalog from '../i18n/catalog/en/recurring.json';
import { activeLanguage, activeLocale } from '../i18n/language';
import { messages } from '../i18n/messages';

// A recurring expense in words, in the active language: its frequency, its schedule ("Every month on the
// 31st (the last day in shorter months), until 31 December 2027"; Czech "Každý měsíc 31. den ..."), where
// it stands, and the refusals of a change to it.

const t = messages(catalog);

const WORDS: Partial<Record<ErrorCode, string>> = {
  RECURRENCE_ENDED: RECURRENCE_ENDED_WORDS,
  VERSION_CONFLICT: RECURRENCE_CHANGED_WORDS,
  FORBIDDEN_NOT_MEMBER: RECURRENCE_NOT_MEMBER_WORDS,
};

const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;

/** "Every week", "Every month"... */
export const frequencyLabel = (frequency: RecurrenceFrequency): string => t(`frequency.${frequency}`);

const czech = () => activeLanguage() === 'cs';

/** A day ("2027-12-31") as the schedule says it: "31 December 2027", Czech "31. prosince 2027". */
export function dayText(day: string): string {
  if (!czech()) return dayWords(day);
  const [y, m, d] = day.split('-').map(Number);
  return new Intl.DateTimeFormat(activeLocale(), {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1)));
}

/** A day of a year without the year: "29 February", Czech "29. února". */
function dayOfYear(month: number, day: number): string {
  const date = new Date(Date.UTC(2000, month - 1, day));
  const name = new Intl.DateTimeFormat(czech() ? activeLocale() : 'en-GB', {
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  });
  return name.format(date);
}

/** The schedule in words (the domain's scheduleWords, in the active language). */
export function scheduleText(schedule: RecurrenceSchedule): string {
  const parts = scheduleParts(schedule);
  const weekday = WEEKDAYS[parts.weekday] ?? 'sun';
  let words: string;
  switch (parts.frequency) {
    case 'weekly':
    case 'biweekly':
      words = t(parts.frequency, { weekday });
      break;
    case 'monthly':
      words = t(parts.lastDayInShorterMonths ? 'monthlyLast' : 'monthly', { day: parts.day });
      break;
    case 'yearly':
      words = t(parts.leapDay ? 'yearlyLeap' : 'yearly', { date: dayOfYear(parts.month, parts.day) });
      break;
  }
  if (parts.occurrences !== null)
    words = t('ends', { schedule: words, end: t('times', { count: parts.occurrences }) });
  if (parts.endDate !== null)
    words = t('ends', { schedule: words, end: t('until', { date: dayText(parts.endDate) }) });
  return words;
}

/** Where a recurring expense stands (the domain's recurringStatusWords, in the active language). */
export function recurringStatusText(recurring: Parameters<typeof recurringStatusMessage>[0]): string {
  const message = recurringStatusMessage(recurring);
  return message.id === 'next' ? t('next', { date: dayText(message.date) }) : t(message.id);
}

/**
 * A refused change of a recurring expense in the words picked by its code (ended, changed meanwhile, no
 * longer a member), in the active language; any other failure unchanged. The code, status and body stay,
 * so a screen can still act on them (reload after a VERSION_CONFLICT).
 */
export function recurringFailure(failure: unknown): unknown {
  const english = isApiError(failure) && failure.code ? WORDS[failure.code] : undefined;
  if (!english || !isApiError(failure)) return failure;
  const words = expenseProblem(english);
  const data = typeof failure.data === 'object' && failure.data !== null ? failure.data : {};
  return new HttpError({ status: failure.status, data: { ...data, message: words }, message: words });
}
