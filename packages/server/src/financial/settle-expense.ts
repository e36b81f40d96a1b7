import type { components } from '@kitty/api/schema';
import { DECLINED_CANNOT_SETTLE, expenseDebts, isPayer } from '@kitty/domain';
import { checkNotBlocked } from '../blocks/service';
import type { Db } from '../db';
import { checkGroupWrite } from '../groups/membership';
import { conflict, forbidden, notFound } from '../http/errors';
import type { CurrentUser } from '../users/repo';
import { recordSettlement } from './record';
import { lockExpense, markExpenseSettled } from './repo';
import { fieldErrors, presentSettlements } from './settlements';

export const ALREADY_SETTLED = 'This expense is already settled.';
export const ONLY_PARTIES = 'Only the person who paid or a participant can settle this expense';
export const EXPENSE_SETTLED = 'Expense settled';
const ID_MISMATCH = 'expense_id must be the id of the expense in the address';

/**
 * Settles one expense: one settlement for each of its debts (the domain's expenseDebts: with one payer,
 * each participant other than the payer pays the payer their share; with several, whoever paid less than
 * their share pays those who paid more, in proportion), each through the same path as every settlement,
 * and the expense is marked settled, all in one transaction. Visible to its payers, its participants and
 * its group's members (404 for anyone else); only a payer or a participant may settle it (403).
 */
export async function settleExpense(
  db: Db,
  expenseId: string,
  body: { expense_id: string },
  caller: CurrentUser,
): Promise<components['schemas']['SettleExpenseResult']> {
  if (body.expense_id !== expenseId) throw fieldErrors([{ field: 'expense_id', message: ID_MISMATCH }]);
  return db.transaction(async (tx) => {
    const expense = await lockExpense(tx, expenseId);
    if (!expense) throw notFound();
    const party = isPayer(expense, caller.id) || expense.splits.some((s) => s.user_id === caller.id);
    if (expense.group_id !== null) {
      await checkGroupWrite(tx, {
        groupId: expense.group_id,
        callerId: caller.id,
        callerSees: party,
        moves: [...Object.keys(expense.payers), ...expense.splits.map((s) => s.user_id)],
      });
    }
    // A member who is not a party sees the expense (403); outside a group only the parties do.
    if (!party) throw expense.group_id !== null ? forbidden('FORBIDDEN_NOT_PARTY', ONLY_PARTIES) : notFound();
    if (expense.is_settled) throw conflict('ALREADY_SETTLED', ALREADY_SETTLED);
    if (expense.declined_at !== null) throw conflict('EXPENSE_DECLINED', DECLINED_CANNOT_SETTLE);
    const shares = Object.fromEntries(expense.splits.map((s) => [s.user_id, s.amount_minor]));
    const debts = expenseDebts({
      paid_by: expense.paid_by,
      payers: expense.payers,
      amount: expense.amount_minor,
      shares,
    });
    // Each debt becomes a settlement the caller records: none may name someone who blocked them.
    await checkNotBlocked(
      tx,
      expense.group_id,
      debts.flatMap((d) => [d.from, d.to]),
      caller.id,
    );
    const rows = [];
    for (const debt of debts) {
      rows.push(
        await recordSettlement(
          tx,
          {
            group_id: expense.group_id,
            from_user_id: debt.from,
            to_user_id: debt.to,
            amount_minor: debt.amount,
            currency: expense.currency,
            description: expense.description,
            created_by: caller.id,
            settlement_date: null,
          },
          caller.id,
        ),
      );
    }
    await markExpenseSettled(tx, expense.id);
    return { message: EXPENSE_SETTLED, settlements: await presentSettlements(tx, rows) };
  });
}
