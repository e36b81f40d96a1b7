import { createHash } from 'node:crypto';
import type { components } from '@kitty/api/schema';
import {
  dayInZone,
  firstIndexOnOrAfter,
  IMPORT_APP,
  type ImportedBalance,
  type ImportedExpense,
  type ImportedLedger,
  type ImportedRecurring,
  type ImportedSettlement,
  importedBalances,
  isKnownCurrency,
  isoDay,
  isTimeZone,
  noonIn,
  parseImport,
  rotationFor,
  START_DATE_OUT_OF_RANGE,
  scheduleErrors,
  toDecimal,
  trimText,
  validateComment,
  validateGroupName,
} from '@kitty/domain';
import { loadCategories } from '../appconfig/categories';
import type { Db } from '../db';
import { insertComment } from '../expenses/comments-repo';
import { newExpenseId } from '../expenses/ids';
import type { ParsedExpense } from '../expenses/input';
import { recordExpense } from '../expenses/service';
import { recordSettlement } from '../financial/record';
import { advancePlanAfter } from '../financial/plan-store';
import { createGroup } from '../groups/create';
import { addPersonToGroup } from '../groups/members';
import { lockedNonMembers } from '../groups/membership';
import type { Invited } from '../groups/people';
import { findGroupForMember, type GroupRow, membersOfGroups } from '../groups/repo';
import type { Contract } from '../http/contract';
import { HttpError, invalid, invalidField, notFound } from '../http/errors';
import { readRuleInput } from '../recurring/input';
import { recordRuleEvent, withNext } from '../recurring/occurrences';
import { insertRule } from '../recurring/repo';
import type { CurrentUser } from '../users/repo';
import {
  type CountLookups,
  type GroupPerson,
  memberErrors,
  type ResolvedMember,
  resolveMembers,
  screenMembers,
} from './members';
import { type GroupRows, importedKeys, recordImport, saveIdentities } from './repo';
import { timeSlices } from './time-slices';
import {
  type ExpenseContext,
  expenseBodyOf,
  importedCommentText,
  parseImportedExpense,
  parseImportedSettlement,
  type RowOutcome,
  rowValidators,
} from './rows';

type ImportRequest = components['schemas']['ImportRequest'];
type ImportResult = components['schemas']['ImportResult'];

export const UNKNOWN_TIME_ZONE = 'Unknown time zone';

/** Stands for the people and the group a dry run does not have yet (parsing only needs ids). */
const PLACEHOLDER_GROUP = '00000000-0000-4000-8000-000000000000';
const placeholderId = (index: number) => `00000000-0000-4000-8000-${String(index + 1).padStart(12, '0')}`;

export interface ImportContext {
  contract: Contract;
  now: Date;
  /** Counts the addresses looked up against RATE_LIMIT_LOOKUPS (the route's; none in the service's tests). */
  lookups?: CountLookups;
  /** The file reader; default the domain's parseImport (tests give a ledger of their own). */
  parse?: typeof parseImport;
}

/** A read file, checked as a whole: the ledger, the zone its days are in, its digest. */
interface ReadFile {
  ledger: ImportedLedger;
  zone: string;
  digest: string;
}

/** Rows whose file does not say their currency are in the one chosen, else the group's, else the caller's. */
export const fileCurrency = (body: ImportRequest, named: GroupRow | null, caller: CurrentUser): string =>
  body.currency ?? named?.currency ?? caller.currency;

/** Reads the request's file: 400 on `content` naming the line when it cannot be, on `time_zone` for an unknown zone. */
function readFile(body: ImportRequest, currency: string, parse = parseImport): ReadFile {
  const zone = body.time_zone ?? 'UTC';
  if (!isTimeZone(zone)) throw invalidField('time_zone', UNKNOWN_TIME_ZONE);
  const parsed = parse(body.format, body.content, { currency });
  if (!parsed.ok) {
    throw invalidField('content', `Line ${parsed.error.line}: ${parsed.error.message}`);
  }
  const text = body.content.charCodeAt(0) === 0xfeff ? body.content.slice(1) : body.content;
  return { ledger: parsed.ledger, zone, digest: createHash('sha256').update(text).digest('hex') };
}

/** The longest import key a row may have (migration 0019's check). */
const MAX_KEY = 300;
const TOO_LONG_KEY = "This row's id is too long to remember";

/** What an import does (or a dry run would do) with each row. */
interface Plan {
  /** `leftoverStart`: for Kitty's own split kinds, the start that makes the file's very shares. */
  expenses: { row: ImportedExpense; parsed: ParsedExpense; leftoverStart?: number }[];
  settlements: { row: ImportedSettlement; amount: number; date: string | null }[];
  /** The rows an earlier import of the file already wrote into the group (they count in the balances). */
  present: { expenses: ImportedExpense[]; settlements: ImportedSettlement[] };
  /** `pausedByImport`: active in the file but begun more than a year ago, so written paused. */
  recurring: { row: ImportedRecurring; body: ReturnType<typeof readRuleInput>; pausedByImport: boolean }[];
  already: number;
  problems: { line: number; message: string }[];
}

/**
 * A row that breaks a reader's promises (a reader's bug: no payer, a name not in the file) must not become
 * a 500 for someone's file: it is that row's problem, as parseImport makes a reader's failure the file's.
 */
function guarded<T>(read: () => RowOutcome<T>): RowOutcome<T> {
  try {
    return read();
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    return { ok: false, message: `This row could not be read: ${detail}` };
  }
}

/** The id in a Kitty archive's key (`kitty:<id>`, `kitty-settlement:<id>`, `kitty-recurring:<id>`). */
const archiveId = (key: string) => key.slice(key.indexOf(':') + 1);

/** The ids a Kitty archive names: those that are the target group's own rows are those rows. */
function archiveIds(ledger: ImportedLedger): string[] {
  if (ledger.format !== 'kitty-json') return [];
  return [...ledger.expenses, ...ledger.settlements, ...ledger.recurring].map((r) => archiveId(r.key));
}

/**
 * Recognises the rows of one kind the group already holds (docs/import.md): by the file's key (its id, or
 * its content in an export without ids); a Kitty archive's row by its id when that is the group's own row;
 * else by its identity, among the rows an export of the same app wrote that this file does not key, each
 * such row recognising one of the file's at most (two identical rows stay two).
 */
function recogniser(
  ledgerKeys: readonly string[],
  keys: Set<string>,
  own: Set<string>,
  identified: readonly { key: string; identity: string }[],
  archive: boolean,
) {
  const mine = new Set(ledgerKeys);
  const pool = new Map<string, number>();
  for (const r of identified) if (!mine.has(r.key)) pool.set(r.identity, (pool.get(r.identity) ?? 0) + 1);
  return (row: { key: string; identity?: string }) => {
    if (keys.has(row.key) || (archive && own.has(archiveId(row.key)))) return true;
    const left = row.identity ? (pool.get(row.identity) ?? 0) : 0;
    if (left === 0 || !row.identity) return false;
    pool.set(row.identity, left - 1);
    return true;
  };
}

/**
 * Each row read as Kitty's own routes read it; rows the group already holds are counted, not read. The
 * rows of a large file take seconds: others are answered between time slices.
 */
async function planRows(ledger: ImportedLedger, ctx: ExpenseContext, keys: GroupRows | null): Promise<Plan> {
  const pause = timeSlices();
  const archive = ledger.format === 'kitty-json';
  const expenseThere = keys
    ? recogniser(
        ledger.expenses.map((e) => e.key),
        keys.expenses,
        keys.own.expenses,
        keys.identities.expenses,
        archive,
      )
    : () => false;
  const settlementThere = keys
    ? recogniser(
        ledger.settlements.map((s) => s.key),
        keys.settlements,
        keys.own.settlements,
        keys.identities.settlements,
        archive,
      )
    : () => false;
  const plan: Plan = {
    expenses: [],
    settlements: [],
    recurring: [],
    present: { expenses: [], settlements: [] },
    already: 0,
    problems: [],
  };
  const problems = [...ledger.problems];
  const seen = new Set<string>();
  const once = (kind: string, key: string, line: number) => {
    if (!seen.has(`${kind}:${key}`)) {
      seen.add(`${kind}:${key}`);
      return true;
    }
    problems.push({ line, message: 'The same row appears twice in the file' });
    return false;
  };
  for (const row of ledger.recurring) {
    await pause();
    if (!once('r', row.key, row.line) || keys?.recurring.has(row.key)) continue;
    if (archive && keys?.own.recurring.has(archiveId(row.key))) {
      // This group's own rule: its occurrences in the file are its own expenses, recognised likewise.
      keys.recurring.set(row.key, archiveId(row.key));
      continue;
    }
    try {
      plan.recurring.push({ row, ...readImportedRule(row, ctx) });
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      const messages = (error.errors ?? []).map((e) => e.message);
      problems.push({ line: row.line, message: [...new Set(messages)].join('; ') || error.message });
    }
  }
  for (const row of ledger.expenses) {
    await pause();
    if (!once('e', row.key, row.line)) continue;
    if (row.key.length > MAX_KEY) {
      problems.push({ line: row.line, message: TOO_LONG_KEY });
      continue;
    }
    if (expenseThere(row)) {
      plan.already++;
      plan.present.expenses.push(row);
      continue;
    }
    const parsed = guarded(() => sameShares(row, ctx));
    if (parsed.ok) plan.expenses.push({ row, ...parsed.value });
    else problems.push({ line: row.line, message: parsed.message });
  }
  for (const row of ledger.settlements) {
    await pause();
    if (!once('s', row.key, row.line)) continue;
    if (row.key.length > MAX_KEY) {
      problems.push({ line: row.line, message: TOO_LONG_KEY });
      continue;
    }
    if (settlementThere(row)) {
      plan.already++;
      plan.present.settlements.push(row);
      continue;
    }
    const parsed = guarded(() => parseImportedSettlement(row, ctx));
    if (parsed.ok) plan.settlements.push({ row, amount: parsed.value.amount, date: parsed.value.date });
    else problems.push({ line: row.line, message: parsed.message });
  }
  plan.problems = problems.sort((a, b) => a.line - b.line);
  return plan;
}

/**
 * A recurring expense of the file read as POST /groups/{id}/recurring-expenses reads one, today being
 * today: a first day more than a year ahead is refused as in the app. One that began more than a year ago
 * (a rule carried over from another Kitty) is read as of its own first day, so the rest of the schedule's
 * rules still hold, and an active one is written paused: the runner would otherwise make every day since
 * its start (docs/import.md, "Recurring expenses"). Resuming it goes on from that day (resumeIndex).
 */
function readImportedRule(
  row: ImportedRecurring,
  ctx: ExpenseContext,
): { body: ReturnType<typeof readRuleInput>; pausedByImport: boolean } {
  const input = { expense: expenseInputOfRule(row, ctx), schedule: { ...row.schedule } };
  try {
    return { body: readRuleInput(input, ctx.groupId, ctx.categories, ctx.now), pausedByImport: false };
  } catch (error) {
    const start = isoDay(row.schedule.start_date);
    const zone = isTimeZone(row.schedule.time_zone) ? row.schedule.time_zone : null;
    const today = dayInZone(ctx.now, zone ?? 'UTC');
    const longAgo =
      start !== null &&
      zone !== null &&
      start < today &&
      scheduleErrors(row.schedule, today).start_date === START_DATE_OUT_OF_RANGE;
    if (!longAgo) throw error;
    const body = readRuleInput(input, ctx.groupId, ctx.categories, noonIn(start, zone));
    return { body, pausedByImport: row.status === 'active' };
  }
}

/**
 * An imported expense read so that its shares are exactly the file's. Kitty's own split kinds (equal,
 * percentage, shares, adjustment) hand their leftover units out in the order of the participants' ids
 * from the expense's leftover start; the people have new ids here, so the start the file gives may hand a
 * cent to someone else. The starts of one full turn are tried, the file's first; when none makes the file's
 * shares (the same people no longer stand in a row in id order), the expense is kept with the file's exact
 * amounts (split_type exact): the money stays exactly as it was, the split's kind does not.
 */
function sameShares(
  row: ImportedExpense,
  ctx: ExpenseContext,
): RowOutcome<{ parsed: ParsedExpense; leftoverStart?: number }> {
  const parsed = parseImportedExpense(row, ctx);
  if (!parsed.ok || !row.splitKind) return parsed.ok ? { ok: true, value: { parsed: parsed.value } } : parsed;
  const wanted = Object.fromEntries(row.splits.map((s) => [ctx.idOf(s.member), s.amount as number]));
  // The domain's rotationFor: a start that would make a share negative (adjustments) is passed over.
  const start = rotationFor(
    {
      amount: parsed.value.amount_minor,
      participants: parsed.value.splits.map((s) => s.user_id),
      split_type: parsed.value.split_type,
      details: parsed.value.split_details,
    },
    wanted,
    row.splitKind.leftoverStart,
  );
  if (start !== null) return { ok: true, value: { parsed: parsed.value, leftoverStart: start } };
  const exact = parseImportedExpense({ ...row, splitKind: undefined }, ctx);
  return exact.ok ? { ok: true, value: { parsed: exact.value } } : exact;
}

/** A rule's expense as POST /recurring-expenses is sent it: an expense's body without a date. */
function expenseInputOfRule(row: ImportedRecurring, ctx: ExpenseContext) {
  const body = expenseBodyOf(row.expense, ctx);
  if (!body.ok) throw invalidField('expense', body.message);
  return body.value;
}

/** The group of the answer and of the rows: the one the caller named, or the one a first import made. */
interface Target {
  id: string;
  name: string;
  people: GroupPerson[];
}

async function groupPeople(db: Db, groupId: string): Promise<GroupPerson[]> {
  return (await membersOfGroups(db, [groupId])).map((m) => ({
    id: m.id,
    email: m.email,
    display_name: m.display_name,
  }));
}

const callerPerson = (caller: CurrentUser): GroupPerson => ({
  id: caller.id,
  email: caller.email,
  display_name: caller.display_name,
});

/**
 * POST /imports. A dry run reads everything and writes nothing (200). An import (201) writes in one
 * transaction: the target group (made by the caller's own group creation when none is named), the people
 * (added as POST /groups/{id}/members adds them), every importable row through the one creation path of
 * its kind, and the record of the file. Answers the result and the invitations owed once committed.
 */
export async function importFile(
  db: Db,
  caller: CurrentUser,
  body: ImportRequest,
  ctx: ImportContext,
): Promise<{ status: 200 | 201; body: ImportResult; invited: Invited[] }> {
  // A group the caller is not in is unknown to them, whatever the file holds (404 before anything else).
  const named = body.group_id === undefined ? null : await findGroupForMember(db, body.group_id, caller.id);
  if (body.group_id !== undefined && !named) throw notFound();
  const file = readFile(body, fileCurrency(body, named, caller), ctx.parse);
  const categories = new Set((await loadCategories(db)).values);
  const validators = rowValidators(ctx.contract);
  if (body.dryRun) {
    // Without a group the file goes into a new one: nothing is in it yet, whoever imported the file before.
    const target: Target | null = named
      ? { id: named.id, name: named.name, people: await groupPeople(db, named.id) }
      : null;
    const members = await resolveMembers(
      db,
      caller.id,
      file.ledger,
      body.members,
      target?.people ?? [callerPerson(caller)],
      ctx.lookups,
    );
    const ids = new Map(members.map((m, i) => [m.name, m.user_id ?? placeholderId(i)]));
    const keys = target ? await importedKeys(db, target.id, archiveIds(file.ledger)) : null;
    const plan = await planRows(
      file.ledger,
      {
        groupId: target?.id ?? PLACEHOLDER_GROUP,
        idOf: (name) => ids.get(name) ?? PLACEHOLDER_GROUP,
        categories,
        zone: file.zone,
        now: ctx.now,
        validators,
      },
      keys,
    );
    const name = target?.name ?? newGroupName(body, file.ledger);
    return {
      status: 200,
      body: resultOf(true, file.ledger, target?.id ?? null, name, members, plan),
      invited: [],
    };
  }

  // The cap and the look-ups are counted before the transaction (no connection held while the counter
  // answers); the cap is checked again under the group's lock.
  const people = named ? await groupPeople(db, named.id) : [callerPerson(caller)];
  await screenMembers(db, caller.id, file.ledger, body.members, people, ctx.lookups);
  const invited: Invited[] = [];
  const result = await db.transaction(async (tx) => {
    let target: Target;
    if (body.group_id !== undefined) {
      const group = await findGroupForMember(tx, body.group_id, caller.id, 'FOR NO KEY UPDATE');
      if (!group) throw notFound();
      target = { id: group.id, name: group.name, people: await groupPeople(tx, group.id) };
    } else {
      // A new group, even for a file imported before: a copy into a new group is asked for as such.
      // Resolved against the caller alone first: a refusal must come before anything is made.
      const check = await resolveMembers(tx, caller.id, file.ledger, body.members, [callerPerson(caller)]);
      const errors = memberErrors(check);
      if (errors.length > 0) throw invalid(...errors);
      target = await newGroup(tx, caller, body, file.ledger);
    }
    const members = await resolveMembers(tx, caller.id, file.ledger, body.members, target.people);
    const errors = memberErrors(members);
    if (errors.length > 0) throw invalid(...errors);

    // Everyone in the file becomes a member as POST /groups/{id}/members makes them one.
    const ids = new Map<string, string>();
    for (const m of members) {
      const person = await addPersonToGroup(
        tx,
        caller,
        target.id,
        { email: m.email as string, display_name: m.name },
        invited,
      );
      ids.set(m.name, person.id);
    }
    // Their member rows stay locked (FOR SHARE) until commit: nobody leaves while their rows are written.
    await lockedNonMembers(tx, target.id, [...ids.values()]);
    const keys = await importedKeys(tx, target.id, archiveIds(file.ledger));
    const idOf = (name: string) => ids.get(name) as string;
    const plan = await planRows(
      file.ledger,
      { groupId: target.id, idOf, categories, zone: file.zone, now: ctx.now, validators },
      keys,
    );
    const written = await writeRows(tx, caller, target.id, plan, idOf, keys.recurring);
    const final = { ...plan, already: plan.already + written.already };
    // Who each name is now (a person invited by this import has an id from here on); the status says how.
    const people = members.map((m) => ({ ...m, user_id: ids.get(m.name) ?? m.user_id }));
    const answer = resultOf(false, file.ledger, target.id, target.name, people, final, written);
    await recordImport(tx, {
      user_id: caller.id,
      format: file.ledger.format,
      digest: file.digest,
      group_id: target.id,
      rows: answer.rows,
      expenses: answer.expenses,
      settlements: answer.settlements,
      already_imported: answer.already_imported,
    });
    return answer;
  });
  return { status: 201, body: result, invited };
}

/** The new group's name: the request's, else the file's (when it is a valid name), else "Imported from <app>". */
function newGroupName(body: ImportRequest, ledger: ImportedLedger): string {
  if (body.group_name !== undefined) return trimText(body.group_name);
  // A name in the file that shows nothing is no name (visibleText.ts): the fallback is used.
  const fromFile = trimText(ledger.groupName ?? '');
  if (!validateGroupName(fromFile).name) return fromFile;
  return `Imported from ${IMPORT_APP[ledger.format]}`;
}

/** The most used currency of the file's expenses (ties: the first met), null when it has none. */
function mostUsedCurrency(ledger: ImportedLedger): string | null {
  const counts = new Map<string, number>();
  for (const e of ledger.expenses) counts.set(e.currency, (counts.get(e.currency) ?? 0) + 1);
  let best: string | null = null;
  for (const [currency, n] of counts) if (best === null || n > (counts.get(best) ?? 0)) best = currency;
  return best;
}

/** A new group made by the caller through the one group creation (POST /groups), the caller its only member. */
async function newGroup(
  tx: Db,
  caller: CurrentUser,
  body: ImportRequest,
  ledger: ImportedLedger,
): Promise<Target> {
  const currency = [ledger.currency, mostUsedCurrency(ledger)].find(isKnownCurrency) ?? caller.currency;
  try {
    const { group } = await createGroup(tx, caller, { name: newGroupName(body, ledger), currency });
    return { id: group.id, name: group.name, people: [callerPerson(caller)] };
  } catch (error) {
    // The request's name is the field the caller sent.
    if (error instanceof HttpError && error.errors) {
      throw invalid(...error.errors.map((e) => (e.field === 'name' ? { ...e, field: 'group_name' } : e)));
    }
    throw error;
  }
}

/**
 * Writes the planned rows in file order of each kind: recurring rules first (their occurrences point to
 * them), then expenses with their comments, then payments. Every one is the caller's (its creator, author
 * and history actor): a file cannot make a row look recorded by someone else (docs/import.md). An expense whose key is already in the group
 * (ON CONFLICT DO NOTHING: the keys were read first, under the group's lock, so only a file naming one row
 * twice gets here) writes nothing and counts as already imported.
 */
async function writeRows(
  tx: Db,
  caller: CurrentUser,
  groupId: string,
  plan: Plan,
  idOf: (name: string) => string,
  rules: Map<string, string>,
): Promise<{ expenses: number; settlements: number; already: number; rows: Plan }> {
  const written = { expenses: 0, settlements: 0, already: 0 };
  const identities: { expenses: [string, string][]; settlements: [string, string][] } = {
    expenses: [],
    settlements: [],
  };
  const ruleIds = new Map(rules);
  for (const { row, body, pausedByImport } of plan.recurring) {
    const id = newExpenseId();
    const schedule = body.schedule;
    const nextIndex = row.nextDate ? firstIndexOnOrAfter(schedule, row.nextDate) : row.occurrencesCreated;
    // The last day it was made for: the latest of its occurrences in the file.
    const days = plan.expenses.flatMap((e) =>
      e.row.occurrence?.recurring === row.key ? [e.row.occurrence.date] : [],
    );
    const lastDate = days.sort().at(-1) ?? null;
    const w = withNext({
      template: body.template,
      frequency: schedule.frequency,
      start_date: schedule.start_date,
      end_date: schedule.end_date ?? null,
      occurrences_limit: schedule.occurrences ?? null,
      time_zone: schedule.time_zone,
      status: pausedByImport ? 'paused' : row.status,
      paused_reason: null,
      next_index: nextIndex,
      next_date: null,
      next_at: null,
      occurrences_created: row.occurrencesCreated,
      last_date: lastDate,
      version: 1,
    });
    await insertRule(tx, id, groupId, caller.id, w);
    await tx.query('UPDATE recurring_expenses SET import_key = $2 WHERE id = $1', [id, row.key]);
    await recordRuleEvent(tx, { id, group_id: groupId, template: body.template }, caller.id, 'created');
    ruleIds.set(row.key, id);
  }

  for (const { row, parsed, leftoverStart } of plan.expenses) {
    const id = newExpenseId();
    const rule = row.occurrence ? ruleIds.get(row.occurrence.recurring) : undefined;
    // No savepoint (two round trips a row): an imported expense reserves no leftover units (exact amounts
    // hand out none; Kitty's own split keeps its fixed start), so an insert that gives way to a key already
    // in the group has written nothing at all.
    const made = await recordExpense(tx, {
      id,
      actorId: caller.id,
      groupId,
      parsed,
      importKey: row.key,
      ...(leftoverStart !== undefined ? { leftoverStart } : {}),
      ...(rule && row.occurrence
        ? { occurrence: { recurring_expense_id: rule, occurrence_date: row.occurrence.date } }
        : {}),
    });
    if (!made) {
      written.already++;
      continue;
    }
    if (row.identity) identities.expenses.push([id, row.identity]);
    for (const comment of row.comments ?? []) {
      // A comment of the archive that shows nothing is left out, as POST /expenses/{id}/comments refuses it.
      if (validateComment(comment.text).text) continue;
      await insertComment(tx, {
        id: newExpenseId(Date.parse(comment.createdAt) || Date.now()),
        expense_id: id,
        author_id: caller.id,
        text: idOf(comment.author) === caller.id ? trimText(comment.text) : importedCommentText(comment),
        created_at: new Date(comment.createdAt),
      });
    }
    written.expenses++;
  }

  for (const { row, amount, date } of plan.settlements) {
    const settlement = await recordSettlement(
      tx,
      {
        group_id: groupId,
        from_user_id: idOf(row.from),
        to_user_id: idOf(row.to),
        amount_minor: amount,
        currency: row.currency,
        description: row.description.trim(),
        created_by: caller.id,
        settlement_date: date,
        import_key: row.key,
      },
      caller.id,
    );
    await advancePlanAfter(tx, settlement);
    if (row.identity) identities.settlements.push([settlement.id, row.identity]);
    written.settlements++;
  }
  await saveIdentities(tx, identities);
  return { ...written, rows: plan };
}

/** The answer: what was read, who is who, the problems, and the balances side by side. */
function resultOf(
  dryRun: boolean,
  ledger: ImportedLedger,
  groupId: string | null,
  groupName: string | null,
  members: readonly ResolvedMember[],
  plan: Plan,
  written?: { expenses: number; settlements: number; already: number },
): ImportResult {
  const imported = importedBalances({
    members: ledger.members,
    expenses: [...plan.present.expenses, ...plan.expenses.map((e) => e.row)],
    settlements: [...plan.present.settlements, ...plan.settlements.map((s) => s.row)],
  });
  const days = [...ledger.expenses, ...ledger.settlements]
    .map((r) => r.date.slice(0, 10))
    .filter((d) => /^\d{4}-\d{2}-\d{2}$/.test(d))
    .sort();
  const currencies = [...new Set([...ledger.expenses, ...ledger.settlements].map((r) => r.currency))].sort();
  return {
    dry_run: dryRun,
    format: ledger.format,
    group_id: groupId,
    group_name: groupName,
    rows: ledger.rows,
    expenses: written ? written.expenses : plan.expenses.length,
    settlements: written ? written.settlements : plan.settlements.length,
    already_imported: plan.already,
    recognised: [...plan.present.expenses, ...plan.present.settlements].map((r) => ({
      line: r.line,
      date: r.date,
      description: r.description,
      amount: toDecimal(r.amount, r.currency),
      currency: r.currency,
    })),
    date_from: days[0] ?? null,
    date_to: days[days.length - 1] ?? null,
    currencies,
    assumed_currency: ledger.assumedCurrency,
    members: members.map(({ from: _from, ...m }) => m),
    problems: plan.problems,
    balances: balancesOf(ledger, imported),
    recurring: plan.recurring.map(({ row, pausedByImport }) => ({
      line: row.line,
      description: row.expense.description,
      status: pausedByImport ? 'paused' : row.status,
      paused_by_import: pausedByImport,
    })),
  };
}

/** Per member and currency (members in file order, then currency): the file's balance beside the import's. */
function balancesOf(ledger: ImportedLedger, imported: ImportedBalance[]): ImportResult['balances'] {
  const source = new Map((ledger.sourceBalances ?? []).map((b) => [`${b.currency}\u0000${b.member}`, b]));
  const made = new Map(imported.map((b) => [`${b.currency}\u0000${b.member}`, b]));
  const currencies = [
    ...new Set([...(ledger.sourceBalances ?? []), ...imported].map((b) => b.currency)),
  ].sort();
  const out: ImportResult['balances'] = [];
  for (const { name } of ledger.members) {
    for (const currency of currencies) {
      const key = `${currency}\u0000${name}`;
      const s = source.get(key);
      const m = made.get(key);
      if (!s && !m) continue;
      out.push({
        member: name,
        currency,
        source: s ? toDecimal(s.amount, currency) : null,
        imported: toDecimal(m?.amount ?? 0, currency),
      });
    }
  }
  return out;
}
