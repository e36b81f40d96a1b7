import type { components } from '@kitty/api/schema';
import { expenseDeclineRefusal, type Payments } from '@kitty/domain';
import { loadCategories } from '../appconfig/categories';
import type { Db } from '../db';
import { checkGroupWrite } from '../groups/membership';
import { forbidden, notFound } from '../http/errors';
import { countedPeople, without } from '../ledger/counts';
import { type LedgerExpense, postExpense, uncountExpense } from '../ledger/ledger';
import type { CurrentUser } from '../users/repo';
import { newExpenseId } from './ids';
import {
  type ExpenseInput,
  keepUnsent,
  leftoversOf,
  type ParsedExpense,
  parseExpenseInput,
  withLeftoverStart,
} from './input';
import { listUserExpensesPage, type UserExpensePage, type UserPageRequest } from './pages';
import {
  checkNotDeclined,
  checkPayerDeletes,
  checkPeople,
  checkSameGroup,
  checkVersion,
  type People,
} from './policy';
import { type ExpenseJson, presentExpenses } from './present';
import * as repo from './repo';
import { type ExpenseSnapshot, expenseChanges } from '@kitty/domain';
import { expenseSnapshot, insertGroupEvent } from '../history/repo';
import { deleteReceiptsOfExpense } from '../receipts/repo';

export { listGroupExpensesPage, listUserExpensesPage } from './pages';

type ExpenseUpdate = components['schemas']['ExpenseUpdate'];

export const EXPENSE_DELETED = 'Expense deleted';

/** The categories an expense may use (an administrator may change them: GET/PUT /config). */
async function categoriesInForce(db: Db): Promise<Set<string>> {
  return new Set((await loadCategories(db)).values);
}

/** What the ledger posts of an expense as written: who paid what, who owes what. */
function ledgerOf(groupId: string | null, e: ParsedExpense): LedgerExpense {
  return {
    group_id: groupId,
    paid_by: e.paid_by,
    payers: paymentsOf(e),
    currency: e.currency,
    amount_minor: e.amount_minor,
    splits: e.splits.map((s) => ({ user_id: s.user_id, amount_minor: s.amount_minor })),
  };
}

/** The parsed payers as the domain's record (user id -> minor units). */
function paymentsOf(e: Pick<ParsedExpense, 'payers'>): Payments {
  return Object.fromEntries(e.payers.map((p) => [p.user_id, p.amount]));
}

/** The people check's view of a body: who pays, who shares, and how the request named the payers. */
export function peopleOf(
  callerId: string,
  groupId: string | null,
  e: ParsedExpense,
  body: ExpenseInput,
): People {
  return {
    callerId,
    groupId,
    paidBy: e.paid_by,
    // As listed in the request, so a failing payer is named by its place in the list.
    payers: body.payers ? body.payers.map((p) => p.user_id) : [e.paid_by],
    payersSent: body.payers !== undefined,
    participants: e.splits.map((s) => s.user_id),
  };
}

/** The expense as its viewer sees it; 404 when it does not exist, was deleted or is not theirs to see. */
export async function getExpense(db: Db, id: string, callerId: string): Promise<ExpenseJson> {
  if (!(await repo.isVisible(db, id, callerId))) throw notFound();
  const [expense] = await presentExpenses(db, [id]);
  if (!expense) throw notFound();
  return expense;
}

/**
 * Records an expense: the row, its splits and its ledger posting in one transaction. A group the caller
 * is not a member of answers 404, exactly like an unknown one.
 */
export async function createExpense(db: Db, caller: CurrentUser, body: ExpenseInput): Promise<ExpenseJson> {
  const parsed = parseExpenseInput(body, await categoriesInForce(db));
  const groupId = body.group_id ?? null;
  const id = newExpenseId();
  await db.transaction(async (tx) => {
    // In a group, checkPeople also answers 404 to a caller who is not a member (as for an unknown group).
    await checkPeople(tx, peopleOf(caller.id, groupId, parsed, body));
    await recordExpense(tx, { id, actorId: caller.id, groupId, parsed });
  });
  // The caller may see it: checkPeople made them a member of its group, or its payer or a participant.
  const [expense] = await presentExpenses(db, [id]);
  if (!expense) throw notFound();
  return expense;
}

/** A new expense as recordExpense writes it, its people already checked (and their member rows locked). */
export interface NewExpense {
  id: string;
  /** Who records it: its `created_by` and the actor of its history event. */
  actorId: string;
  groupId: string | null;
  parsed: ParsedExpense;
  /** For an occurrence of a recurring expense: which one, and the calendar day it is for. */
  occurrence?: repo.OccurrenceKey;
  /** For an imported row: where it came from, unique in its group (a second insert writes nothing). */
  importKey?: string;
  /**
   * Where its leftover units start, fixed (Kitty's own export: the very same shares as in the group it came
   * from) instead of reserved from the group's rotation.
   */
  leftoverStart?: number;
}

/**
 * Writes a new expense: its leftover units reserved in its group, the row with its payers and splits, its
 * ledger posting and its history event, inside `tx`. Every creation goes through here: POST /expenses and
 * each occurrence of a recurring expense, each imported row (POST /imports). Answers false, having written
 * nothing, when the occurrence or the imported row already exists (its unique key): call it inside a
 * savepoint so the reservation is undone with it.
 */
export async function recordExpense(tx: Db, e: NewExpense): Promise<boolean> {
  let parsed = e.parsed;
  // Leftover units go round the group: this expense's start from the group's count, in this transaction.
  if (e.leftoverStart !== undefined) parsed = withLeftoverStart(parsed, e.leftoverStart);
  else if (e.groupId !== null) {
    parsed = withLeftoverStart(parsed, await repo.reserveLeftovers(tx, e.groupId, leftoversOf(parsed)));
  }
  const inserted = await repo.insertExpense(
    tx,
    e.id,
    e.actorId,
    { ...parsed, group_id: e.groupId },
    e.occurrence,
    e.importKey,
  );
  if (!inserted) return false;
  const posted = ledgerOf(e.groupId, parsed);
  await postExpense(tx, posted, 1, countedPeople(posted));
  if (e.groupId !== null) {
    const expense = await expenseSnapshot(tx, e.id);
    await insertGroupEvent(tx, {
      group_id: e.groupId,
      actor_id: e.actorId,
      kind: 'expense_created',
      expense_id: e.id,
      details: { expense, recurring_expense_id: e.occurrence?.recurring_expense_id ?? null },
    });
  }
  return true;
}

/**
 * Changes an expense in one transaction: locks the row, checks the version, takes back the old posting,
 * replaces the splits, posts the new figures and moves the version on. The group never changes.
 */
export async function updateExpense(
  db: Db,
  caller: CurrentUser,
  id: string,
  body: ExpenseUpdate,
): Promise<ExpenseJson> {
  // An expense keeps its category even after an administrator retired it from the list.
  const categories = await categoriesInForce(db);
  const current = await repo.currentCategory(db, id);
  if (current !== null) categories.add(current);
  const sent = parseExpenseInput(body, categories);
  await db.transaction(async (tx) => {
    const current = await repo.lockExpense(tx, id);
    if (!current || !(await repo.isVisible(tx, id, caller.id))) throw notFound();
    checkNotDeclined(current.declined_at);
    const splits = await repo.splitAmounts(tx, current.id);
    await checkCurrentMembers(tx, current, splits, caller.id);
    checkVersion(current.version, body.version);
    checkSameGroup(current.group_id, body.group_id);
    // The expense keeps where its leftovers start: an edit that leaves the figures alone splits the same.
    const parsed = withLeftoverStart(keepUnsent(sent, body, current), current.leftover_start);
    await checkPeople(tx, peopleOf(caller.id, current.group_id, parsed, body));
    // The group never changes, so only who pays and who shares move the expense between people's lists.
    const posted = ledgerOf(current.group_id, parsed);
    const before = countedPeople({ payers: current.payers, splits });
    const after = countedPeople(posted);
    const snapshotBefore = current.group_id === null ? null : await expenseSnapshot(tx, id);
    await takeBack(tx, current, splits, without(before, after));
    await repo.updateExpense(tx, id, { ...parsed, group_id: current.group_id });
    await postExpense(tx, posted, 1, without(after, before));
    if (current.group_id !== null && snapshotBefore)
      await recordEdit(tx, current.group_id, caller.id, id, snapshotBefore);
  });
  return getExpense(db, id, caller.id);
}

/**
 * Soft-deletes an expense (any of its payers) and takes back its posting in one transaction. A deleted
 * expense is gone: a second delete answers 404 and changes nothing. Its receipts and their files are
 * removed in the same transaction: nobody could open them again, so nothing is kept that nobody can see.
 */
export async function deleteExpense(
  db: Db,
  caller: CurrentUser,
  id: string,
  version?: number,
): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await repo.lockExpense(tx, id);
    if (!current || !(await repo.isVisible(tx, id, caller.id))) throw notFound();
    checkPayerDeletes(current, caller.id);
    const splits = await repo.splitAmounts(tx, current.id);
    await checkCurrentMembers(tx, current, splits, caller.id);
    checkVersion(current.version, version);
    // A declined expense's postings were taken back when it was declined; it still counted in the lists.
    const people = countedPeople({ payers: current.payers, splits });
    if (current.declined_at === null) await takeBack(tx, current, splits, people);
    else await uncountExpense(tx, current.group_id, people);
    if (current.group_id !== null) {
      // The expense as it was: a deleted expense stays readable in its group's history.
      const expense = await expenseSnapshot(tx, id);
      await insertGroupEvent(tx, {
        group_id: current.group_id,
        actor_id: caller.id,
        kind: 'expense_deleted',
        expense_id: id,
        details: { expense },
      });
    }
    await repo.softDeleteExpense(tx, id);
    await deleteReceiptsOfExpense(tx, id);
  });
}

/** An edit's event: what changed, field by field (an edit that changed nothing writes none). */
async function recordEdit(
  tx: Db,
  groupId: string,
  actorId: string,
  id: string,
  before: ExpenseSnapshot,
): Promise<void> {
  const after = await expenseSnapshot(tx, id);
  if (!after) return;
  const changes = expenseChanges(before, after);
  if (Object.keys(changes).length === 0) return;
  await insertGroupEvent(tx, {
    group_id: groupId,
    actor_id: actorId,
    kind: 'expense_edited',
    expense_id: id,
    details: { description: after.description, currency: after.currency, changes },
  });
}

type Splits = Awaited<ReturnType<typeof repo.splitAmounts>>;

/** A group's expense changes only by a current member, and only while everyone in it is still a member. */
async function checkCurrentMembers(
  tx: Db,
  current: repo.LockedExpense,
  splits: Splits,
  callerId: string,
): Promise<void> {
  if (current.group_id === null) return;
  await checkGroupWrite(tx, {
    groupId: current.group_id,
    callerId,
    // isVisible passed: someone outside the group sees it because they paid or share in it.
    callerSees: true,
    moves: countedPeople({ payers: current.payers, splits }),
  });
}

/**
 * Declines a personal expense for the person named in it (the domain's rule; 403 with its message
 * otherwise): takes back its postings and marks it, in one transaction, so it counts for nobody from then
 * on. Declining a declined expense changes nothing. Answers the expense as its caller now sees it.
 */
export async function declineExpense(db: Db, caller: CurrentUser, id: string): Promise<ExpenseJson> {
  await db.transaction(async (tx) => {
    const current = await repo.lockExpense(tx, id);
    if (!current || !(await repo.isVisible(tx, id, caller.id))) throw notFound();
    const splits = await repo.splitAmounts(tx, id);
    const refusal = expenseDeclineRefusal(
      { ...current, participants: splits.map((s) => s.user_id) },
      caller.id,
    );
    if (refusal !== null) throw forbidden('DECLINE_NOT_ALLOWED', refusal);
    if (current.declined_at !== null) return;
    await takeBack(tx, current, splits);
    await repo.markDeclined(tx, id, caller.id);
  });
  return getExpense(db, id, caller.id);
}

/** Takes back an expense's postings, and its count for `uncounted` (sorted by id; a decline: nobody). */
async function takeBack(
  tx: Db,
  current: repo.LockedExpense,
  splits: Splits,
  uncounted: readonly string[] = [],
): Promise<void> {
  await postExpense(
    tx,
    {
      group_id: current.group_id,
      paid_by: current.paid_by,
      payers: current.payers,
      currency: current.currency,
      amount_minor: current.amount_minor,
      splits,
    },
    -1,
    uncounted,
  );
}

export async function listMyExpenses(
  db: Db,
  caller: CurrentUser,
  page: UserPageRequest,
): Promise<UserExpensePage> {
  return listUserExpensesPage(db, caller.id, page);
}
