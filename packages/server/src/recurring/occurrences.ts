import {
  dayInZone,
  dueOccurrences,
  MAX_OCCURRENCES,
  nextOccurrenceDay,
  noonIn,
  startOfDayIn,
} from '@kitty/domain';
import { loadCategories } from '../appconfig/categories';
import type { Db } from '../db';
import { newExpenseId } from '../expenses/ids';
import type { ParsedExpense } from '../expenses/input';
import { recordExpense } from '../expenses/service';
import { lockedNonMembers } from '../groups/membership';
import { insertGroupEvent } from '../history/repo';
import { parseTemplate, scheduleOf } from './input';
import { type RuleRow, type RuleWrite, saveRule } from './repo';

export type RecurrenceAction =
  | 'created'
  | 'edited'
  | 'paused'
  | 'resumed'
  | 'stopped'
  | 'finished'
  | 'paused_member_left';

/** A `recurrence_changed` event in the group's history, in the transaction of the change. */
export async function recordRuleEvent(
  tx: Db,
  rule: Pick<RuleRow, 'id' | 'group_id' | 'template'>,
  actorId: string,
  action: RecurrenceAction,
  changes?: Record<string, [unknown, unknown]>,
): Promise<void> {
  await insertGroupEvent(tx, {
    group_id: rule.group_id,
    actor_id: actorId,
    kind: 'recurrence_changed',
    details: {
      recurring_expense_id: rule.id,
      description: rule.template.description,
      action,
      ...(changes ? { changes } : {}),
    },
  });
}

const WRITTEN = [
  'template',
  'frequency',
  'start_date',
  'end_date',
  'occurrences_limit',
  'time_zone',
  'status',
  'paused_reason',
  'next_index',
  'next_date',
  'next_at',
  'occurrences_created',
  'last_date',
  'version',
] as const satisfies readonly (keyof RuleWrite)[];

/** The fields of a rule a write sets, as they stand. */
export function writeOf(rule: RuleRow): RuleWrite {
  return Object.fromEntries(WRITTEN.map((key) => [key, rule[key]])) as unknown as RuleWrite;
}

/**
 * The next occurrence's day and the moment it begins in the rule's zone (when it is due), from where the
 * schedule stands; a rule whose schedule has ended is `finished`, a stopped or finished one has none.
 */
export function withNext(w: RuleWrite): RuleWrite {
  if (w.status === 'stopped' || w.status === 'finished') return { ...w, next_date: null, next_at: null };
  const next = nextOccurrenceDay(scheduleOf(w), w);
  if (next === null) return { ...w, status: 'finished', paused_reason: null, next_date: null, next_at: null };
  return { ...w, next_date: next, next_at: startOfDayIn(next, w.time_zone) };
}

/** Marks the end of a write that finished the schedule: its version moves on and the history says so. */
export async function saveWithNext(tx: Db, rule: RuleRow, w: RuleWrite, actorId: string): Promise<RuleWrite> {
  const next = withNext(w);
  const finished = next.status === 'finished' && w.status !== 'finished';
  const written = finished ? { ...next, version: Math.max(next.version, rule.version + 1) } : next;
  await saveRule(tx, rule.id, written);
  if (finished) await recordRuleEvent(tx, rule, actorId, 'finished');
  return written;
}

class AlreadyCreated extends Error {}

/**
 * One occurrence, through the same code as POST /expenses (recordExpense: leftovers, row, payers, splits,
 * ledger, history event with the rule's creator as actor), dated 12:00 of its day in the rule's zone. In a
 * savepoint: when the day already has its expense (the unique key), nothing of it stays and it answers false.
 */
async function createOccurrence(
  tx: Db,
  rule: RuleRow,
  parsed: ParsedExpense,
  day: string,
): Promise<string | null> {
  const id = newExpenseId();
  try {
    await tx.transaction(async (sp) => {
      const made = await recordExpense(sp, {
        id,
        actorId: rule.created_by,
        groupId: rule.group_id,
        parsed: { ...parsed, date: noonIn(day, rule.time_zone) },
        occurrence: { recurring_expense_id: rule.id, occurrence_date: day },
      });
      if (!made) throw new AlreadyCreated();
    });
    return id;
  } catch (error) {
    if (error instanceof AlreadyCreated) return null;
    throw error;
  }
}

/**
 * Creates the occurrences of an active rule due by `now` (today in its zone), oldest first, each with its
 * own day, at most `max` (the rest stay due), and moves the rule on: next day, count, last day, finished
 * when the schedule ends. When someone in the expense is no longer a member of the group, nothing is
 * created and the rule is paused (`member_left`). Call it with the rule's row locked. Answers the ids made.
 */
export async function createDueOccurrences(
  tx: Db,
  rule: RuleRow,
  now: Date,
  max = MAX_OCCURRENCES,
): Promise<string[]> {
  if (rule.status !== 'active') return [];
  const due = dueOccurrences(scheduleOf(rule), rule, dayInZone(now, rule.time_zone), max);
  let w = writeOf(rule);
  const created: string[] = [];
  if (due.length > 0) {
    const parsed = parseTemplate(rule, new Set((await loadCategories(tx)).values));
    const people = [
      ...new Set([...parsed.payers.map((p) => p.user_id), ...parsed.splits.map((s) => s.user_id)]),
    ];
    // Their member rows stay locked (FOR SHARE) until commit: nobody leaves while their occurrence is made.
    if ((await lockedNonMembers(tx, rule.group_id, people)).length > 0) {
      await saveRule(tx, rule.id, {
        ...w,
        status: 'paused',
        paused_reason: 'member_left',
        version: w.version + 1,
      });
      await recordRuleEvent(tx, rule, rule.created_by, 'paused_member_left');
      return [];
    }
    for (const occurrence of due) {
      const id = await createOccurrence(tx, rule, parsed, occurrence.day);
      if (id) created.push(id);
      w = {
        ...w,
        next_index: occurrence.index + 1,
        occurrences_created: w.occurrences_created + (id ? 1 : 0),
        last_date: occurrence.day,
      };
    }
  }
  await saveWithNext(tx, rule, w, rule.created_by);
  return created;
}
