// Recurring expenses (issue 24): when the occurrences of a schedule fall, which are due, and the words for
// a schedule. Days are calendar days written "2026-11-26"; the n-th occurrence is always counted from the
// start date (never from the previous occurrence), so a monthly rule started on the 31st falls on each
// month's last day and comes back to the 31st, instead of drifting to the 28th for good.

export const RECURRENCE_FREQUENCIES = ['weekly', 'biweekly', 'monthly', 'yearly'] as const;
export type RecurrenceFrequency = (typeof RECURRENCE_FREQUENCIES)[number];

export const FREQUENCY_LABELS: Record<RecurrenceFrequency, string> = {
  weekly: 'Every week',
  biweekly: 'Every two weeks',
  monthly: 'Every month',
  yearly: 'Every year',
};

/** The most occurrences a schedule may ask for. */
export const MAX_OCCURRENCES = 1000;

export const START_DATE_OUT_OF_RANGE = 'The first date must be within a year of today';
export const END_BEFORE_START = 'The end date cannot be before the first date';
export const OCCURRENCES_INVALID = `Enter a whole number of times from 1 to ${MAX_OCCURRENCES}`;
export const TIME_ZONE_UNKNOWN = 'Unknown time zone';
export const DAY_INVALID = 'Please enter a valid date';

export interface RecurrenceSchedule {
  frequency: RecurrenceFrequency;
  /** The first occurrence's day. */
  start_date: string;
  /** No occurrence after this day; null for none. */
  end_date?: string | null;
  /** How many occurrences in all; null for no limit. */
  occurrences?: number | null;
}

/** Where a schedule stands: the index of the next occurrence (from the start) and how many were made. */
export interface RecurrenceProgress {
  next_index: number;
  occurrences_created: number;
}

export interface Occurrence {
  index: number;
  day: string;
}

interface Ymd {
  y: number;
  m: number;
  d: number;
}

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const pad = (n: number, width = 2) => String(n).padStart(width, '0');

function parseDay(day: string): Ymd | null {
  const match = DAY_PATTERN.exec(day);
  if (!match) return null;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (m < 1 || m > 12 || d < 1 || d > daysInMonth(y, m)) return null;
  return { y, m, d };
}

const format = ({ y, m, d }: Ymd) => `${pad(y, 4)}-${pad(m)}-${pad(d)}`;

/** Whether `day` is a real calendar day written YYYY-MM-DD. */
export function isDay(day: unknown): day is string {
  return typeof day === 'string' && parseDay(day) !== null;
}

/** Days in month `m` (1-12) of year `y`, in the proleptic Gregorian calendar. */
export function daysInMonth(y: number, m: number): number {
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}

/** `day` moved by `n` days. */
export function addDays(day: string, n: number): string {
  const { y, m, d } = parseDay(day) ?? fail(day);
  const moved = new Date(Date.UTC(y, m - 1, d + n));
  return format({ y: moved.getUTCFullYear(), m: moved.getUTCMonth() + 1, d: moved.getUTCDate() });
}

function fail(day: string): never {
  throw new RangeError(`Not a day: ${day}`);
}

/** Whole days from `a` to `b` (negative when `b` is earlier). */
function daysBetween(a: string, b: string): number {
  const x = parseDay(a) ?? fail(a);
  const y = parseDay(b) ?? fail(b);
  return Math.round((Date.UTC(y.y, y.m - 1, y.d) - Date.UTC(x.y, x.m - 1, x.d)) / 86_400_000);
}

/**
 * The day of occurrence `index` (0 is the start date). Monthly and yearly keep the start's day of the
 * month, or the month's last day when it has fewer days (31 -> 30 April -> 28/29 February -> 31 March).
 */
export function occurrenceDay(
  schedule: Pick<RecurrenceSchedule, 'frequency' | 'start_date'>,
  index: number,
): string {
  const start = parseDay(schedule.start_date) ?? fail(schedule.start_date);
  switch (schedule.frequency) {
    case 'weekly':
      return addDays(schedule.start_date, 7 * index);
    case 'biweekly':
      return addDays(schedule.start_date, 14 * index);
    case 'monthly': {
      const months = start.m - 1 + index;
      const y = start.y + Math.floor(months / 12);
      const m = (months % 12) + 1;
      return format({ y, m, d: Math.min(start.d, daysInMonth(y, m)) });
    }
    case 'yearly': {
      const y = start.y + index;
      return format({ y, m: start.m, d: Math.min(start.d, daysInMonth(y, start.m)) });
    }
  }
}

/** The smallest index whose day is `day` or later (0 when `day` is on or before the start). */
export function firstIndexOnOrAfter(
  schedule: Pick<RecurrenceSchedule, 'frequency' | 'start_date'>,
  day: string,
): number {
  const days = daysBetween(schedule.start_date, day);
  if (days <= 0) return 0;
  const perStep = { weekly: 7, biweekly: 14, monthly: 28, yearly: 365 }[schedule.frequency];
  // An estimate at or below the answer, then forward: at most a step or two for months and years.
  let index = Math.max(0, Math.floor(days / (schedule.frequency === 'monthly' ? 31 : perStep)) - 1);
  while (occurrenceDay(schedule, index) < day) index += 1;
  return index;
}

/**
 * Where a paused schedule goes on when it is resumed on `today`: the first occurrence on or after today
 * (the days that passed while it was paused are skipped), never one before where it stood.
 */
export function resumeIndex(
  schedule: Pick<RecurrenceSchedule, 'frequency' | 'start_date'>,
  nextIndex: number,
  today: string,
): number {
  return Math.max(nextIndex, firstIndexOnOrAfter(schedule, today));
}

/** Whether the schedule has ended before occurrence `index` (its end date passed or its count reached). */
export function scheduleEnded(schedule: RecurrenceSchedule, progress: RecurrenceProgress): boolean {
  if (schedule.occurrences != null && progress.occurrences_created >= schedule.occurrences) return true;
  return schedule.end_date != null && occurrenceDay(schedule, progress.next_index) > schedule.end_date;
}

/**
 * The occurrences due by `today` (its day included), oldest first, from where the schedule stands: each
 * with its own day, stopping at the end date or the count. At most `max` at once (the rest stay due).
 */
export function dueOccurrences(
  schedule: RecurrenceSchedule,
  progress: RecurrenceProgress,
  today: string,
  max = MAX_OCCURRENCES,
): Occurrence[] {
  const due: Occurrence[] = [];
  let at = { ...progress };
  while (due.length < max && !scheduleEnded(schedule, at)) {
    const day = occurrenceDay(schedule, at.next_index);
    if (day > today) break;
    due.push({ index: at.next_index, day });
    at = { next_index: at.next_index + 1, occurrences_created: at.occurrences_created + 1 };
  }
  return due;
}

/** The next occurrence's day from where the schedule stands, or null when it has ended. */
export function nextOccurrenceDay(schedule: RecurrenceSchedule, progress: RecurrenceProgress): string | null {
  return scheduleEnded(schedule, progress) ? null : occurrenceDay(schedule, progress.next_index);
}

/** Whether `zone` is an IANA time zone this runtime knows. */
export function isTimeZone(zone: unknown): zone is string {
  if (typeof zone !== 'string' || zone.length === 0 || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const zoneFormats = new Map<string, Intl.DateTimeFormat>();

function zoneParts(instant: number, zone: string) {
  let f = zoneFormats.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    zoneFormats.set(zone, f);
  }
  const parts: Record<string, number> = {};
  for (const p of f.formatToParts(new Date(instant)))
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  return parts as { year: number; month: number; day: number; hour: number; minute: number; second: number };
}

/** The calendar day `instant` falls on in `zone`. */
export function dayInZone(instant: Date, zone: string): string {
  const p = zoneParts(instant.getTime(), zone);
  return format({ y: p.year, m: p.month, d: p.day });
}

/** How far `zone`'s wall clock is ahead of UTC at `instant`, in milliseconds. */
function zoneOffset(instant: number, zone: string): number {
  const p = zoneParts(instant, zone);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(instant / 1000) * 1000;
}

/** The instant `day` begins in `zone` (its first minute; 01:00 where a clock change skips midnight). */
export function startOfDayIn(day: string, zone: string): Date {
  const { y, m, d } = parseDay(day) ?? fail(day);
  const wall = Date.UTC(y, m - 1, d);
  // Every zone is within 14 hours of UTC: search that window, by the minute, for the day's first instant.
  let low = wall - 15 * 3_600_000;
  let high = wall + 15 * 3_600_000;
  while (high - low > 60_000) {
    const mid = low + Math.floor((high - low) / 120_000) * 60_000;
    if (dayInZone(new Date(mid), zone) >= day) high = mid;
    else low = mid;
  }
  return new Date(high);
}

/** 12:00 of `day` in `zone`: the moment an occurrence is dated, so it reads as that day around the world. */
export function noonIn(day: string, zone: string): Date {
  const { y, m, d } = parseDay(day) ?? fail(day);
  const wall = Date.UTC(y, m - 1, d, 12);
  const guess = wall - zoneOffset(wall, zone);
  return new Date(wall - zoneOffset(guess, zone));
}

/**
 * What is wrong with a schedule, by field (`start_date`, `end_date`, `occurrences`, `time_zone`), given
 * `today` (in the schedule's zone); empty when nothing is. The server refuses with these, the form shows them.
 */
export function scheduleErrors(
  schedule: RecurrenceSchedule & { time_zone?: string | null },
  today: string,
): Partial<Record<'start_date' | 'end_date' | 'occurrences' | 'time_zone', string>> {
  const errors: Partial<Record<'start_date' | 'end_date' | 'occurrences' | 'time_zone', string>> = {};
  if (schedule.time_zone != null && !isTimeZone(schedule.time_zone)) errors.time_zone = TIME_ZONE_UNKNOWN;
  if (!isDay(schedule.start_date)) errors.start_date = DAY_INVALID;
  else if (Math.abs(daysBetween(today, schedule.start_date)) > daysBetween(today, yearAfter(today)))
    errors.start_date = START_DATE_OUT_OF_RANGE;
  if (schedule.end_date != null) {
    if (!isDay(schedule.end_date)) errors.end_date = DAY_INVALID;
    else if (isDay(schedule.start_date) && schedule.end_date < schedule.start_date)
      errors.end_date = END_BEFORE_START;
  }
  const n = schedule.occurrences;
  if (n != null && !(Number.isInteger(n) && n >= 1 && n <= MAX_OCCURRENCES))
    errors.occurrences = OCCURRENCES_INVALID;
  return errors;
}

function yearAfter(day: string): string {
  return occurrenceDay({ frequency: 'yearly', start_date: day }, 1);
}

// The same names as dates.ts's, on purpose: importing them from there moves dates.ts into a chunk of its own
// in the web build and pushed four routes over their size budgets (measured in issue 24).
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
/** The months' English names, January first. */
export const MONTH_NAMES: readonly string[] = [
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

function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${{ 1: 'st', 2: 'nd', 3: 'rd' }[n % 10] ?? 'th'}`;
}

/** A day as people read it: "31 December 2027". */
export function dayWords(day: string): string {
  const { y, m, d } = parseDay(day) ?? fail(day);
  return `${d} ${MONTH_NAMES[m - 1]} ${y}`;
}

/** What a schedule's words say, for a language that writes them its own way (scheduleWords is the English). */
export interface ScheduleParts {
  frequency: RecurrenceFrequency;
  /** The first day, and its weekday (0 = Sunday). */
  year: number;
  month: number;
  day: number;
  weekday: number;
  /** Monthly on the 29th to 31st: the last day in shorter months. */
  lastDayInShorterMonths: boolean;
  /** Yearly on 29 February: 28 February in other years. */
  leapDay: boolean;
  occurrences: number | null;
  endDate: string | null;
}

/** The parts of scheduleWords' sentence. */
export function scheduleParts(schedule: RecurrenceSchedule): ScheduleParts {
  const { y, m, d } = parseDay(schedule.start_date) ?? fail(schedule.start_date);
  return {
    frequency: schedule.frequency,
    year: y,
    month: m,
    day: d,
    weekday: new Date(Date.UTC(y, m - 1, d)).getUTCDay(),
    lastDayInShorterMonths: schedule.frequency === 'monthly' && d > 28,
    leapDay: schedule.frequency === 'yearly' && m === 2 && d === 29,
    occurrences: schedule.occurrences ?? null,
    endDate: schedule.end_date ?? null,
  };
}

/**
 * A schedule in words: "Every month on the 31st (the last day in shorter months), until 31 December 2027",
 * "Every two weeks on Monday, 6 times".
 */
export function scheduleWords(schedule: RecurrenceSchedule): string {
  const parts = scheduleParts(schedule);
  let words: string;
  switch (parts.frequency) {
    case 'weekly':
    case 'biweekly':
      words = `${FREQUENCY_LABELS[parts.frequency]} on ${WEEKDAYS[parts.weekday]}`;
      break;
    case 'monthly':
      words = `Every month on the ${ordinal(parts.day)}${parts.lastDayInShorterMonths ? ' (the last day in shorter months)' : ''}`;
      break;
    case 'yearly':
      words = `Every year on ${parts.day} ${MONTH_NAMES[parts.month - 1]}${parts.leapDay ? ' (28 February in other years)' : ''}`;
      break;
  }
  const ends: string[] = [];
  if (parts.occurrences !== null) ends.push(parts.occurrences === 1 ? 'once' : `${parts.occurrences} times`);
  if (parts.endDate !== null) ends.push(`until ${dayWords(parts.endDate)}`);
  return ends.length ? `${words}, ${ends.join(', ')}` : words;
}

export type RecurringStatus = 'active' | 'paused' | 'stopped' | 'finished';

/** Why a refused change of a recurring expense was refused, by the server's code. */
export const RECURRENCE_ENDED_WORDS = 'This recurring expense has ended: it can no longer change or resume.';
export const RECURRENCE_CHANGED_WORDS =
  'Someone else changed this recurring expense meanwhile: it now shows as it is. Try again.';
export const RECURRENCE_NOT_MEMBER_WORDS = 'Only members of the group can change its recurring expenses.';

/** Where a recurring expense stands, as a message id (and the next day when it has one), for any language. */
export type RecurringStatusMessage =
  | { id: 'next'; date: string }
  | { id: 'active' | 'paused' | 'pausedMemberLeft' | 'stopped' | 'finished' };

export function recurringStatusMessage(recurring: {
  status: RecurringStatus;
  paused_reason?: string | null;
  next_date?: string | null;
}): RecurringStatusMessage {
  switch (recurring.status) {
    case 'active':
      return recurring.next_date && isDay(recurring.next_date)
        ? { id: 'next', date: recurring.next_date }
        : { id: 'active' };
    case 'paused':
      return { id: recurring.paused_reason === 'member_left' ? 'pausedMemberLeft' : 'paused' };
    case 'stopped':
    case 'finished':
      return { id: recurring.status };
  }
}

const STATUS_WORDS = {
  active: 'Active',
  paused: 'Paused',
  pausedMemberLeft: 'Paused: someone in it is no longer a member of the group',
  stopped: 'Stopped',
  finished: 'Finished',
} as const;

/**
 * Where a recurring expense stands, in English: "Next: 31 December 2026", "Paused", "Paused: someone in it
 * is no longer a member of the group", "Stopped", "Finished".
 */
export function recurringStatusWords(recurring: Parameters<typeof recurringStatusMessage>[0]): string {
  const message = recurringStatusMessage(recurring);
  return message.id === 'next' ? `Next: ${dayWords(message.date)}` : STATUS_WORDS[message.id];
}
