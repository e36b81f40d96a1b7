// Display rules of the Dashboard, Your Groups and All Expenses screens (section 2): which balance text
// applies, who is named as payer, which groups count as settled. Pixels, timings and button labels of those
// screens live in the web (packages/web), beside the components that use them.
import { type CurrencyMinor, isSettledAmount, isSettledInEveryCurrency, openBalances } from './balances';
import { formatMoneyWithSymbol } from './money';

export const PERSONAL_EXPENSE_LABEL = 'Personal';

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
