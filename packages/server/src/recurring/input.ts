import type { components } from '@kitty/api/schema';
import {
  dayInZone,
  isTimeZone,
  type RecurrenceSchedule,
  type RecurrenceFrequency,
  scheduleErrors,
  splitDetailsToWire,
  toDecimal,
} from '@kitty/domain';
import { type ParsedExpense, parseExpenseInput } from '../expenses/input';
import { GROUP_CANNOT_CHANGE } from '../expenses/policy';
import { type FieldError, HttpError, invalid } from '../http/errors';
import type { ExpenseInput, RuleRow } from './repo';

type ScheduleInput = components['schemas']['RecurrenceSchedule'];

/** A schedule as the rule keeps it: `time_zone` filled in, `occurrences` the count limit. */
export interface Schedule {
  frequency: RecurrenceFrequency;
  start_date: string;
  end_date: string | null;
  occurrences: number | null;
  time_zone: string;
}

/** What a create or an edit body reads into: the occurrences' expense and the schedule. */
export interface RuleInput {
  parsed: ParsedExpense;
  /** The expense input normalized (what `template` keeps and answers show). */
  template: ExpenseInput;
  schedule: Schedule;
}

/**
 * Reads `{expense, schedule}`: the expense exactly as POST /expenses reads it (its 400s named
 * `expense.<field>`; its `date` is not used; its group, when given, must be `groupId`), the schedule by the
 * domain's scheduleErrors with today in its time zone (400s on `schedule.<field>`). All the failing fields
 * of both in one 400.
 */
export function readRuleInput(
  body: { expense: ExpenseInput; schedule: ScheduleInput },
  groupId: string,
  categories: ReadonlySet<string>,
  now: Date,
): RuleInput {
  const errors: FieldError[] = [];
  const { date: _unused, ...expense } = body.expense;
  if (expense.group_id !== undefined && expense.group_id !== groupId)
    errors.push({ field: 'expense.group_id', message: GROUP_CANNOT_CHANGE });
  let parsed: ParsedExpense | null = null;
  try {
    parsed = parseExpenseInput({ ...expense, group_id: groupId }, categories, now);
  } catch (error) {
    if (!(error instanceof HttpError) || !error.errors) throw error;
    errors.push(...error.errors.map((e) => ({ field: `expense.${e.field}`, message: e.message })));
  }
  const schedule: Schedule = {
    frequency: body.schedule.frequency,
    start_date: body.schedule.start_date,
    end_date: body.schedule.end_date ?? null,
    occurrences: body.schedule.occurrences ?? null,
    time_zone: body.schedule.time_zone ?? 'UTC',
  };
  const today = dayInZone(now, isTimeZone(schedule.time_zone) ? schedule.time_zone : 'UTC');
  for (const [field, message] of Object.entries(scheduleErrors(schedule, today)))
    errors.push({ field: `schedule.${field}`, message });
  if (errors.length > 0 || !parsed) throw invalid(...errors);
  return { parsed, template: templateOf(expense, parsed, groupId), schedule };
}

/** The expense input as validated, in one form whatever way it was written. */
function templateOf(body: Omit<ExpenseInput, 'date'>, e: ParsedExpense, groupId: string): ExpenseInput {
  const details = splitDetailsToWire(e.split_details, e.currency);
  return {
    description: e.description,
    amount: toDecimal(e.amount_minor, e.currency),
    currency: e.currency,
    category: e.category,
    group_id: groupId,
    split_type: e.split_type,
    paid_by: e.paid_by,
    ...(body.payers === undefined
      ? {}
      : { payers: e.payers.map((p) => ({ user_id: p.user_id, amount: toDecimal(p.amount, e.currency) })) }),
    split_with: e.splits.map((s) => s.user_id).filter((id) => id !== e.paid_by),
    participants: e.splits.map((s) => s.user_id),
    split_details: details,
    notes: e.notes === '' ? null : e.notes,
  };
}

/** A rule's schedule as the domain reads it. */
export function scheduleOf(
  rule: Pick<RuleRow, 'frequency' | 'start_date' | 'end_date' | 'occurrences_limit'>,
) {
  return {
    frequency: rule.frequency,
    start_date: rule.start_date,
    end_date: rule.end_date,
    occurrences: rule.occurrences_limit,
  } satisfies RecurrenceSchedule;
}

/**
 * A rule's template read again for an occurrence, by the same parseExpenseInput as POST /expenses: the
 * rule's own category is kept even if an administrator retired it since.
 */
export function parseTemplate(
  rule: Pick<RuleRow, 'template'>,
  categories: ReadonlySet<string>,
): ParsedExpense {
  return parseExpenseInput(rule.template, new Set([...categories, rule.template.category]));
}
