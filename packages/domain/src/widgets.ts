// Display rules of the Dashboard, Your Groups and All Expenses screens (section 2) and the timings of section 9.
import { type CurrencyMinor, isSettledAmount, isSettledInEveryCurrency, openBalances } from './balances';
import { formatMoneyWithSymbol } from './money';

export const RECENT_INITIAL_COUNT = 10;
export const RECENT_MAX_COUNT = 20;

export const SUCCESS_NOTICE_MS = 3000;
export const TOAST_MS = 3000;
export const DELETING_TOAST_MS = 1000;
export const REDIRECT_AFTER_DELETE_MS = 500;
export const EDIT_NAVIGATION_DELAY_MS = 100;
export const USER_SEARCH_DEBOUNCE_MS = 300;
export const DROPDOWN_MAX_HEIGHT_PX = 200;

export const NO_RECENT_EXPENSES = 'No recent expenses.';
export const PERSONAL_EXPENSE_LABEL = 'Personal';

export interface RecentExpensesView {
  /** How many rows to render: min(total, visibleCount). */
  shown: number;
  /** "Load More": fewer than 20 visible and more than 10 in total. It raises the count to RECENT_MAX_COUNT. */
  showLoadMore: boolean;
  /** "See all expenses": 20 or more visible and more than 20 in total. */
  showSeeAll: boolean;
}

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

export type LoadStatus = 'idle' | 'loading' | 'succeeded' | 'failed';

export interface BalanceSummaryInput {
  status: LoadStatus;
  error?: string | null;
  /** The overall balance in minor units with its currency; null/undefined when the answer had none. */
  overall?: { totalMinor: number; currency: string } | null;
}

export type BalanceSummaryKind = 'loading' | 'error' | 'settled' | 'owed' | 'owe' | 'unavailable';

/** Which of section 2's Balance Summary texts to show. Zero minor units counts as settled. */
export function balanceSummary(input: BalanceSummaryInput): { kind: BalanceSummaryKind; text: string } {
  if (input.status === 'idle' || input.status === 'loading')
    return { kind: 'loading', text: 'Loading balances...' };
  if (input.status === 'failed') {
    const message = input.error?.trim();
    return { kind: 'error', text: message ? `Error: ${message}` : 'Failed to load balances' };
  }
  const overall = input.overall;
  if (!overall || !Number.isSafeInteger(overall.totalMinor)) {
    return { kind: 'unavailable', text: 'Unable to load balance information' };
  }
  if (isSettledAmount(overall.totalMinor)) return { kind: 'settled', text: 'All settled!' };
  const amount = formatMoneyWithSymbol(Math.abs(overall.totalMinor), overall.currency);
  return overall.totalMinor > 0
    ? { kind: 'owed', text: `Overall, you are owed ${amount}` }
    : { kind: 'owe', text: `Overall, you owe ${amount}` };
}

/** The caption under a group's balance in the group lists. */
export function groupBalanceCaption(balanceMinor: number): 'you are owed' | 'you owe' | 'settled' {
  if (isSettledAmount(balanceMinor)) return 'settled';
  return balanceMinor > 0 ? 'you are owed' : 'you owe';
}

/** The group header line: "You are owed €12.50" / "You owe €12.50"; null when settled. */
export function groupBalanceHeadline(balanceMinor: number, currency: string): string | null {
  if (isSettledAmount(balanceMinor)) return null;
  const amount = formatMoneyWithSymbol(Math.abs(balanceMinor), currency);
  return balanceMinor > 0 ? `You are owed ${amount}` : `You owe ${amount}`;
}

/** One line of the group header: what it says (kind) of which amount (its absolute value), in which currency. */
export interface GroupBalancePart {
  kind: 'settled' | 'owed' | 'owe';
  /** Never negative: the kind says who owes. */
  minor: number;
  currency: string;
}

/**
 * The group header for balances in several currencies: one line per open currency, in the order given
 * ("You are owed €12.50", "You owe $6.00"); the spec's "{symbol}0.00 settled" in the group currency only
 * when settled in every currency. Never "€0.00 settled" beside a debt in dollars. (groupBalanceLines writes
 * them in English; a UI in another language writes the same parts its own way.)
 */
export function groupBalanceParts(
  balances: readonly CurrencyMinor[],
  groupCurrency: string,
): GroupBalancePart[] {
  if (isSettledInEveryCurrency(balances.map((b) => b.minor))) {
    return [{ kind: 'settled', minor: 0, currency: groupCurrency }];
  }
  return openBalances(balances).map((b) => ({
    kind: b.minor > 0 ? 'owed' : 'owe',
    minor: Math.abs(b.minor),
    currency: b.currency,
  }));
}

/** The group header's lines in English. */
export function groupBalanceLines(
  balances: readonly CurrencyMinor[],
  groupCurrency: string,
): { kind: GroupBalancePart['kind']; text: string }[] {
  return groupBalanceParts(balances, groupCurrency).map(({ kind, minor, currency }) => {
    const amount = formatMoneyWithSymbol(minor, currency);
    const text =
      kind === 'settled'
        ? `${amount} settled`
        : kind === 'owed'
          ? `You are owed ${amount}`
          : `You owe ${amount}`;
    return { kind, text };
  });
}

/** "{n} members" (a group of one reads "1 member"). */
export function memberCountText(count: number): string {
  return count === 1 ? '1 member' : `${count} members`;
}

export const SHOW_SETTLED_GROUPS = 'Show Settled Groups';
export const HIDE_SETTLED_GROUPS = 'Hide Settled Groups';

export function settledGroupsToggleLabel(showing: boolean): string {
  return showing ? HIDE_SETTLED_GROUPS : SHOW_SETTLED_GROUPS;
}

/** Groups with a nonzero balance (listed) and with a zero balance (behind the toggle), order kept. */
export function partitionGroupsByBalance<G>(
  groups: readonly G[],
  balanceMinor: (group: G) => number,
): { active: G[]; settled: G[] } {
  const active: G[] = [];
  const settled: G[] = [];
  for (const g of groups) (isSettledAmount(balanceMinor(g)) ? settled : active).push(g);
  return { active, settled };
}

/** "3 expenses", "1 expense found for "taxi"". */
export function expenseCountText(count: number, term?: string | null): string {
  const noun = count === 1 ? 'expense' : 'expenses';
  const trimmed = term?.trim() ?? '';
  return trimmed ? `${count} ${noun} found for "${trimmed}"` : `${count} ${noun}`;
}

export interface PayerLike {
  display_name?: string | null;
  email?: string | null;
}

/** Paid by: display name, else e-mail, else "Unknown". */
export function paidByName(payer: PayerLike | null | undefined): string {
  const name = payer?.display_name?.trim();
  if (name) return name;
  const email = payer?.email?.trim();
  return email || 'Unknown';
}

export interface SearchableExpense {
  description?: string | null;
  groupName?: string | null;
  Group?: { name?: string | null } | null;
}

/** The group name an expense row shows; "Personal" without a group. */
export function expenseGroupName(expense: SearchableExpense): string {
  return expense.groupName?.trim() || expense.Group?.name?.trim() || PERSONAL_EXPENSE_LABEL;
}
