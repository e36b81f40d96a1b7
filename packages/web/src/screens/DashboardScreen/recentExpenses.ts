import type { Expense, ExpensePage } from '@kitty/api';
import { type ExpenseDirection, expenseDirection } from '@kitty/domain';
import { declinedText, groupNameText } from '../shared/expenseWords';
import { minorOrFail } from '../GroupsScreen/groupBalance';

/** Home asks for one more than it can show (20), so a next page means "more than 20". */
export const RECENT_PAGE_LIMIT = 21;

export interface RecentExpenseRow {
  id: string;
  description: string;
  /** The group's name, or "Personal". */
  groupName: string;
  date: string;
  currency: string;
  /** The domain's sign, colour and amount (minor units) for the current person. */
  direction: ExpenseDirection;
  /** "Declined by {name}" when someone declined it (it then counts for nobody); else null. */
  declined: string | null;
}

export interface RecentExpenses {
  rows: RecentExpenseRow[];
  /** What the widget knows of the total: exact up to 21, and anything above 21 counts as 22. */
  total: number;
}

/** Who paid what, in minor units (the domain's Payments). */
function payments(payers: NonNullable<Expense['payers']>, currency: string, what: string) {
  return Object.fromEntries(payers.map((p) => [p.user_id, minorOrFail(p.amount, currency, what)]));
}

export function toRecentExpenseRow(expense: Expense, userId: string): RecentExpenseRow {
  const what = `amount of "${expense.description}"`;
  const shares = Object.fromEntries(
    expense.ExpenseSplits.map((split) => [split.user_id, minorOrFail(split.amount, expense.currency, what)]),
  );
  return {
    id: expense.id,
    description: expense.description,
    groupName: groupNameText(expense),
    date: expense.date,
    currency: expense.currency,
    direction: expenseDirection(
      {
        paid_by: expense.paid_by,
        amount: minorOrFail(expense.amount, expense.currency, what),
        shares,
        payers: expense.payers && payments(expense.payers, expense.currency, what),
      },
      userId,
    ),
    declined: declinedText(expense.declined),
  };
}

export function toRecentExpenses(
  page: Pick<ExpensePage, 'expenses' | 'nextCursor'>,
  userId: string,
): RecentExpenses {
  return {
    rows: page.expenses.map((expense) => toRecentExpenseRow(expense, userId)),
    total: page.expenses.length + (page.nextCursor ? 1 : 0),
  };
}
