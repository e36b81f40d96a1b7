import type { Expense, ExpensePage } from '@kitty/api';
import { type ExpenseDirection, expenseDirection } from '@kitty/domain';
import { declinedText, groupNameText } from '../shared/expenseWords';
import { minorOrFail } from '../GroupsScreen/groupBalance';

/** Home asks for one more than it can show (20), so a next page means "more than 20". */
export const RECENT_PAGE_LIMIT = 21;

/** Rows Recent Expenses shows first, and after Load More (spec section 2). */
export const RECENT_INITIAL_COUNT = 10;
export const RECENT_MAX_COUNT = 20;

export interface RecentExpensesView {
  /** How many rows to render: min(total, visibleCount). */
  shown: number;
  /** "Load More": fewer than 20 visible and more than 10 in total. It raises the count to RECENT_MAX_COUNT. */
  showLoadMore: boolean;
  /** "See all expenses": 20 or more visible and more than 20 in total. */
  showSeeAll: boolean;
}

/** What the Recent Expenses card shows of `total` expenses with `visibleCount` rows allowed. */
export function recentExpensesView(
  total: number,
  visibleCount: number = RECENT_INITIAL_COUNT,
): RecentExpensesView {
  return {
    shown: Math.max(0, Math.min(total, visibleCount)),
    showLoadMore: visibleCount < RECENT_MAX_COUNT && total > RECENT_INITIAL_COUNT,
    showSeeAll: visibleCount >= RECENT_MAX_COUNT && total > RECENT_MAX_COUNT,
  };
}

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
