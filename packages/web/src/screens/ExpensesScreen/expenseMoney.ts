import type { Expense } from '@kitty/api';
import { decimalToMinor, type ExpenseDirection, expenseDirection, sumMinor } from '@kitty/domain';

export interface ExpenseMoney {
  /** The expense amount in minor units. */
  amount: number;
  /** Each participant's share in minor units, by user id. */
  shares: Record<string, number>;
  /** What each payer paid in minor units, by user id (one entry when one person paid). */
  payers: Record<string, number>;
}

/** The expense amount and its splits in minor units; null if any amount is unreadable. */
export function expenseMoney(
  expense: Pick<Expense, 'amount' | 'currency' | 'ExpenseSplits' | 'paid_by'> & {
    payers?: Expense['payers'] | undefined;
  },
): ExpenseMoney | null {
  const amount = decimalToMinor(expense.amount, expense.currency);
  if (amount === null) return null;
  const shares: Record<string, number> = {};
  for (const split of expense.ExpenseSplits ?? []) {
    const share = decimalToMinor(split.amount, expense.currency);
    if (share === null) return null;
    shares[split.user_id] = share;
  }
  const payers: Record<string, number> = {};
  for (const payer of expense.payers ?? [{ user_id: expense.paid_by, amount: expense.amount }]) {
    const paid = decimalToMinor(payer.amount, expense.currency);
    if (paid === null) return null;
    payers[payer.user_id] = paid;
  }
  return { amount, shares, payers };
}

/** "you owe" (red, minus) or "you are owed" (green, plus) with the amount, by the domain's rule. */
export function directionFor(expense: Expense, userId: string): ExpenseDirection | null {
  const money = expenseMoney(expense);
  if (!money) return null;
  return expenseDirection({ paid_by: expense.paid_by, ...money }, userId);
}

/** The sum of the split amounts in minor units (the detail's Total line). */
export function splitTotal(money: ExpenseMoney): number {
  return sumMinor(Object.values(money.shares));
}
