import {
  DAY_INVALID,
  dayInZone,
  isTimeZone,
  OCCURRENCES_INVALID,
  type RecurrenceFrequency,
  type RecurrenceSchedule,
  scheduleErrors,
} from '@kitty/domain';
import type { DraftField } from '@kitty/domain/flows';

/** How a repeating expense ends: never, on a day, or after a number of times. */
export type RepeatEnds = 'never' | 'on_date' | 'after';

/** The Repeat fields as the form holds them (the first occurrence is the form's Date). */
export interface RepeatState {
  frequency: RecurrenceFrequency;
  ends: RepeatEnds;
  endDate: string;
  count: string;
}

export type RepeatField = 'date' | 'endDate' | 'count';
export type RepeatErrors = Partial<Record<RepeatField, string>>;

export type ScheduleBody = RecurrenceSchedule & { time_zone: string };

export const newRepeat = (frequency: RecurrenceFrequency): RepeatState => ({
  frequency,
  ends: 'never',
  endDate: '',
  count: '',
});

/** This device's time zone (the one its calendar days are in), UTC when the browser does not say. */
export function deviceTimeZone(): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return isTimeZone(zone) ? zone : 'UTC';
}

const WHOLE = /^\d+$/;

/** The schedule the request sends: from `startDate` (the form's Date), ending as the fields say. */
export function toSchedule(repeat: RepeatState, startDate: string, timeZone: string): ScheduleBody {
  const count = repeat.ends === 'after' && WHOLE.test(repeat.count.trim()) ? Number(repeat.count) : null;
  return {
    frequency: repeat.frequency,
    start_date: startDate,
    end_date: repeat.ends === 'on_date' ? repeat.endDate || null : null,
    occurrences: count,
    time_zone: timeZone,
  };
}

/** What is wrong with the Repeat fields, by field, from the domain's scheduleErrors (today in `timeZone`). */
export function repeatErrors(
  repeat: RepeatState,
  startDate: string,
  timeZone: string,
  now: Date,
): RepeatErrors {
  const errors: RepeatErrors = {};
  const found = scheduleErrors(toSchedule(repeat, startDate, timeZone), dayInZone(now, timeZone));
  if (found.start_date) errors.date = found.start_date;
  if (found.end_date) errors.endDate = found.end_date;
  if (found.occurrences) errors.count = found.occurrences;
  if (repeat.ends === 'on_date' && !repeat.endDate) errors.endDate = DAY_INVALID;
  if (repeat.ends === 'after' && !WHOLE.test(repeat.count.trim())) errors.count = OCCURRENCES_INVALID;
  return errors;
}

/** The Repeat fields of a saved schedule (editing a recurring expense). */
export function repeatFromSchedule(schedule: RecurrenceSchedule): RepeatState {
  if (schedule.occurrences != null)
    return { ...newRepeat(schedule.frequency), ends: 'after', count: String(schedule.occurrences) };
  if (schedule.end_date != null)
    return { ...newRepeat(schedule.frequency), ends: 'on_date', endDate: schedule.end_date };
  return newRepeat(schedule.frequency);
}

const SCHEDULE_FIELDS: Record<string, RepeatField> = {
  'schedule.start_date': 'date',
  'schedule.end_date': 'endDate',
  'schedule.occurrences': 'count',
};

const EXPENSE_FIELDS: Record<string, DraftField> = {
  description: 'description',
  amount: 'amount',
  participants: 'participants',
  split_with: 'participants',
  paid_by: 'payers',
  payers: 'payers',
  split_type: 'split_type',
  split_details: 'split_details',
  notes: 'notes',
};

/** The form field a server's `expense.<field>` or `schedule.<field>` refusal belongs to. */
function formField(field: string): { repeat: RepeatField } | { draft: DraftField } | null {
  if (SCHEDULE_FIELDS[field]) return { repeat: SCHEDULE_FIELDS[field] };
  const [scope, name = ''] = field.split('.');
  return scope === 'expense' && EXPENSE_FIELDS[name] ? { draft: EXPENSE_FIELDS[name] } : null;
}

/** The server's refusals by field (`schedule.*`, `expense.*`) on the form's fields, the first of each. */
export function serverFieldErrors(failure: unknown): {
  repeat: RepeatErrors;
  draft: Partial<Record<DraftField, string>>;
} {
  const data = (failure as { data?: { errors?: unknown } } | null)?.data;
  const list = Array.isArray(data?.errors) ? (data.errors as { field?: unknown; message?: unknown }[]) : [];
  const repeat: RepeatErrors = {};
  const draft: Partial<Record<DraftField, string>> = {};
  for (const { field, message } of list) {
    const at = typeof field === 'string' ? formField(field) : null;
    if (!at || typeof message !== 'string') continue;
    if ('repeat' in at) repeat[at.repeat] ??= message;
    else draft[at.draft] ??= message;
  }
  return { repeat, draft };
}
