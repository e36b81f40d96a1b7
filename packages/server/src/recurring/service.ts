import type { components } from '@kitty/api/schema';
import { dayInZone, firstIndexOnOrAfter, recordChanges, resumeIndex } from '@kitty/domain';
import { loadCategories } from '../appconfig/categories';
import type { Db } from '../db';
import { newExpenseId } from '../expenses/ids';
import { checkPeople } from '../expenses/policy';
import { type ExpenseJson, presentExpenses } from '../expenses/present';
import { peopleOf } from '../expenses/service';
import { CURRENT_MEMBERS_ONLY, isMember, lockedNonMembers } from '../groups/membership';
import { conflict, forbidden, HttpError, notFound } from '../http/errors';
import type { CurrentUser } from '../users/repo';
import { readRuleInput, type RuleInput } from './input';
import { createDueOccurrences, recordRuleEvent, saveWithNext, withNext, writeOf } from './occurrences';
import { type RecurringExpenseJson, toRecurringJson } from './present';
import * as repo from './repo';

type RuleBody = components['schemas']['RecurringExpenseInput'];
type RuleUpdate = components['schemas']['RecurringExpenseUpdate'];
type StatusBody = components['schemas']['RecurringExpenseStatusInput'];

export const RECURRENCE_ENDED = 'This recurring expense has ended.';
export const STALE_RECURRING = 'This recurring expense was changed by someone else. Reload and try again.';

/**
 * A write to a group's recurring expenses needs a current member (their member row locked until commit):
 * someone who was in the group hears 403, anyone else 404, as for an unknown group.
 */
async function checkMemberWrite(tx: Db, groupId: string, callerId: string): Promise<void> {
  if ((await lockedNonMembers(tx, groupId, [callerId])).length === 0) return;
  if (await repo.wasMember(tx, groupId, callerId))
    throw forbidden('FORBIDDEN_NOT_MEMBER', CURRENT_MEMBERS_ONLY);
  throw notFound();
}

/** The people rules of POST /expenses, their 400s named `expense.<field>`. */
async function checkRulePeople(tx: Db, callerId: string, groupId: string, input: RuleInput, body: RuleBody) {
  try {
    await checkPeople(tx, peopleOf(callerId, groupId, input.parsed, body.expense));
  } catch (error) {
    if (!(error instanceof HttpError) || !error.errors) throw error;
    throw new HttpError(
      error.status,
      error.code,
      error.message,
      error.errors.map((e) => ({ field: `expense.${e.field}`, message: e.message })),
    );
  }
}

/** What a create or an edit sets of a rule: its template and schedule. */
function ruleFields({ template, schedule }: RuleInput) {
  return {
    template,
    frequency: schedule.frequency,
    start_date: schedule.start_date,
    end_date: schedule.end_date,
    occurrences_limit: schedule.occurrences,
    time_zone: schedule.time_zone,
  };
}

async function categoriesOf(db: Db, keep?: string): Promise<Set<string>> {
  const categories = new Set((await loadCategories(db)).values);
  if (keep !== undefined) categories.add(keep);
  return categories;
}

/** A group's recurring expenses, for its members (404 for anyone else, a former member too). */
export async function listRecurring(
  db: Db,
  caller: CurrentUser,
  groupId: string,
): Promise<RecurringExpenseJson[]> {
  if (!(await isMember(db, groupId, caller.id))) throw notFound();
  return (await repo.listRules(db, groupId)).map(toRecurringJson);
}

/** One recurring expense, for the members of its group (404 for anyone else). */
export async function getRecurring(db: Db, caller: CurrentUser, id: string): Promise<RecurringExpenseJson> {
  const rule = await repo.findRule(db, id);
  if (!rule || !(await isMember(db, rule.group_id, caller.id))) throw notFound();
  return toRecurringJson(rule);
}

/**
 * Sets up a recurring expense and creates, in the same transaction, every occurrence due by today in the
 * schedule's zone (each with its own date). Answers the rule and those occurrences, oldest first.
 */
export async function createRecurring(
  db: Db,
  caller: CurrentUser,
  groupId: string,
  body: RuleBody,
  now: Date,
): Promise<{ recurring_expense: RecurringExpenseJson; expenses: ExpenseJson[] }> {
  const id = newExpenseId();
  const created = await db.transaction(async (tx) => {
    await checkMemberWrite(tx, groupId, caller.id);
    const input = readRuleInput(body, groupId, await categoriesOf(tx), now);
    await checkRulePeople(tx, caller.id, groupId, input, body);
    const w = withNext({
      ...ruleFields(input),
      status: 'active',
      paused_reason: null,
      next_index: 0,
      next_date: null,
      next_at: null,
      occurrences_created: 0,
      last_date: null,
      version: 1,
    });
    await repo.insertRule(tx, id, groupId, caller.id, w);
    await recordRuleEvent(tx, { id, group_id: groupId, template: input.template }, caller.id, 'created');
    const rule = await repo.findRule(tx, id, true);
    if (!rule) throw notFound();
    return createDueOccurrences(tx, rule, now);
  });
  const rule = await repo.findRule(db, id);
  if (!rule) throw notFound();
  return { recurring_expense: toRecurringJson(rule), expenses: await presentExpenses(db, created) };
}

/** The rule locked, for a current member of its group; refused once it has ended. */
async function lockWritable(tx: Db, id: string, callerId: string): Promise<repo.RuleRow> {
  const rule = await repo.findRule(tx, id, true);
  if (!rule) throw notFound();
  await checkMemberWrite(tx, rule.group_id, callerId);
  return rule;
}

function checkNotEnded(rule: repo.RuleRow): void {
  if (rule.status === 'stopped' || rule.status === 'finished')
    throw conflict('RECURRENCE_ENDED', RECURRENCE_ENDED);
}

function checkVersion(rule: repo.RuleRow, expected: number | undefined): void {
  if (expected !== undefined && expected !== rule.version)
    throw conflict('VERSION_CONFLICT', STALE_RECURRING);
}

/** What an edit compares, field by field, for its history event. */
function editedView(w: repo.RuleWrite): Record<string, unknown> {
  const t = w.template;
  return {
    description: t.description,
    amount: t.amount,
    currency: t.currency,
    category: t.category,
    notes: t.notes ?? null,
    paid_by: t.paid_by,
    payers: t.payers ?? null,
    participants: t.participants,
    split_type: t.split_type,
    split_details: t.split_details ?? {},
    frequency: w.frequency,
    start_date: w.start_date,
    end_date: w.end_date,
    occurrences: w.occurrences_limit,
    time_zone: w.time_zone,
  };
}

/**
 * Changes a recurring expense for the occurrences still to come. A new frequency or start date starts the
 * schedule again from the first of its days on or after today (nothing before today is created by an
 * edit); the count of occurrences includes those already made. Occurrences due by now are created.
 */
export async function updateRecurring(
  db: Db,
  caller: CurrentUser,
  id: string,
  body: RuleUpdate,
  now: Date,
): Promise<RecurringExpenseJson> {
  await db.transaction(async (tx) => {
    const rule = await lockWritable(tx, id, caller.id);
    checkNotEnded(rule);
    checkVersion(rule, body.version);
    const input = readRuleInput(body, rule.group_id, await categoriesOf(tx, rule.template.category), now);
    await checkRulePeople(tx, caller.id, rule.group_id, input, body);
    const { schedule } = input;
    const restart = schedule.frequency !== rule.frequency || schedule.start_date !== rule.start_date;
    const before = writeOf(rule);
    const after: repo.RuleWrite = {
      ...before,
      ...ruleFields(input),
      next_index: restart
        ? firstIndexOnOrAfter(schedule, dayInZone(now, schedule.time_zone))
        : before.next_index,
      version: before.version + 1,
    };
    const changes = recordChanges(editedView(before), editedView(after));
    if (Object.keys(changes).length === 0) return;
    await recordRuleEvent(tx, { ...rule, template: after.template }, caller.id, 'edited', changes);
    await saveWithNext(tx, rule, after, caller.id);
    const saved = await repo.findRule(tx, id, true);
    if (saved) await createDueOccurrences(tx, saved, now);
  });
  return getRecurring(db, caller, id);
}

/**
 * Pauses, resumes or stops a recurring expense. Resuming goes on from today: the days that passed while
 * it was paused are not created (today's is, when due). The status it already has changes nothing.
 */
export async function setRecurringStatus(
  db: Db,
  caller: CurrentUser,
  id: string,
  body: StatusBody,
  now: Date,
): Promise<RecurringExpenseJson> {
  await db.transaction(async (tx) => {
    const rule = await lockWritable(tx, id, caller.id);
    if (rule.status === body.status) return;
    checkNotEnded(rule);
    checkVersion(rule, body.version);
    const w = writeOf(rule);
    const version = rule.version + 1;
    if (body.status === 'paused') {
      await repo.saveRule(tx, id, { ...w, status: 'paused', paused_reason: null, version });
      await recordRuleEvent(tx, rule, caller.id, 'paused');
    } else if (body.status === 'stopped') {
      await repo.saveRule(tx, id, withNext({ ...w, status: 'stopped', paused_reason: null, version }));
      await recordRuleEvent(tx, rule, caller.id, 'stopped');
    } else {
      const today = dayInZone(now, rule.time_zone);
      const from = resumeIndex(rule, rule.next_index, today);
      await recordRuleEvent(tx, rule, caller.id, 'resumed');
      await saveWithNext(
        tx,
        rule,
        { ...w, status: 'active', paused_reason: null, next_index: from, version },
        caller.id,
      );
      const saved = await repo.findRule(tx, id, true);
      if (saved) await createDueOccurrences(tx, saved, now);
    }
  });
  return getRecurring(db, caller, id);
}
