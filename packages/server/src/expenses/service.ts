import type { components } from '@kitty/api/schema';
import { loadCategories } from '../appconfig/categories';
import type { Db } from '../db';
import { isMember } from '../groups/membership';
import { notFound } from '../http/errors';
import { type LedgerExpense, postExpense } from '../ledger/ledger';
import type { CurrentUser } from '../users/repo';
import { newExpenseId } from './ids';
import {
  type ExpenseInput,
  leftoversOf,
  type ParsedExpense,
  parseExpenseInput,
  withLeftoverStart,
} from './input';
import { listUserExpensesPage, type ExpensePage, type PageRequest } from './pages';
import { checkPayerDeletes, checkPeople, checkSameGroup, checkVersion } from './policy';
import { type ExpenseJson, presentExpenses } from './present';
import * as repo from './repo';

export { listGroupExpensesPage, listUserExpensesPage } from './pages';

type ExpenseUpdate = components['schemas']['ExpenseUpdate'];

export const EXPENSE_DELETED = 'Expense deleted';

/** The categories an expense may use (an administrator may change them: GET/PUT /config). */
async function categoriesInForce(db: Db): Promise<Set<string>> {
  return new Set((await loadCategories(db)).values);
}

function ledgerOf(groupId: string | null, e: ParsedExpense): LedgerExpense {
  return {
    group_id: groupId,
    paid_by: e.paid_by,
    currency: e.currency,
    amount_minor: e.amount_minor,
    splits: e.splits.map((s) => ({ user_id: s.user_id, amount_minor: s.amount_minor })),
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
  let parsed = parseExpenseInput(body, await categoriesInForce(db));
  const groupId = body.group_id ?? null;
  const id = newExpenseId();
  await db.transaction(async (tx) => {
    if (groupId !== null && !(await isMember(tx, groupId, caller.id))) throw notFound();
    await checkPeople(tx, {
      callerId: caller.id,
      groupId,
      paidBy: parsed.paid_by,
      participants: parsed.splits.map((s) => s.user_id),
    });
    // Leftover units go round the group: this expense's start from the group's count, in this transaction.
    if (groupId !== null) {
      parsed = withLeftoverStart(parsed, await repo.reserveLeftovers(tx, groupId, leftoversOf(parsed)));
    }
    await repo.insertExpense(tx, id, caller.id, { ...parsed, group_id: groupId });
    await postExpense(tx, ledgerOf(groupId, parsed), 1);
  });
  return getExpense(db, id, caller.id);
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
  const input = parseExpenseInput(body, categories);
  await db.transaction(async (tx) => {
    const current = await repo.lockExpense(tx, id);
    if (!current || !(await repo.isVisible(tx, id, caller.id))) throw notFound();
    checkVersion(current.version, body.version);
    checkSameGroup(current.group_id, body.group_id);
    // The expense keeps where its leftovers start: an edit that leaves the figures alone splits the same.
    const parsed = withLeftoverStart(input, current.leftover_start);
    await checkPeople(tx, {
      callerId: caller.id,
      groupId: current.group_id,
      paidBy: parsed.paid_by,
      participants: parsed.splits.map((s) => s.user_id),
    });
    await takeBack(tx, current);
    await repo.updateExpense(tx, id, { ...parsed, group_id: current.group_id });
    await postExpense(tx, ledgerOf(current.group_id, parsed), 1);
  });
  return getExpense(db, id, caller.id);
}

/**
 * Soft-deletes an expense (payer only) and takes back its posting in one transaction. A deleted expense
 * is gone: a second delete answers 404 and changes nothing.
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
    checkPayerDeletes(current.paid_by, caller.id);
    checkVersion(current.version, version);
    await takeBack(tx, current);
    await repo.softDeleteExpense(tx, id);
  });
}

async function takeBack(tx: Db, current: repo.LockedExpense): Promise<void> {
  await postExpense(
    tx,
    {
      group_id: current.group_id,
      paid_by: current.paid_by,
      currency: current.currency,
      amount_minor: current.amount_minor,
      splits: await repo.splitAmounts(tx, current.id),
    },
    -1,
  );
}

export async function listMyExpenses(db: Db, caller: CurrentUser, page: PageRequest): Promise<ExpensePage> {
  return listUserExpensesPage(db, caller.id, page);
}
