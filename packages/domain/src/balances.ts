// Who paid, who owes, per currency. Expenses and settlements in; integer minor units out.
// Currencies are never converted: each currency's balances sum to zero on their own.
import { asMinor, decimalToMinor } from './money';
import { byCodeUnit } from './order';
import { expenseDebts, type PaidExpense, type Payments, paidAmounts, paidBy } from './payers';
import type { Transfer } from './settle';

export interface BalanceExpense {
  id: string;
  paid_by: string;
  currency: string;
  amount: number;
  /** Each participant's share in minor units (from splitExpense); sums to amount. */
  shares: Record<string, number>;
  /** Who paid what in minor units, summing to amount; absent: paid_by paid all of it. */
  payers?: Payments | undefined;
}

export interface BalanceSettlement {
  from: string;
  to: string;
  currency: string;
  amount: number;
}

/** paid: expenses paid + settlements sent; owed: expense shares + settlements received; net = paid - owed. */
export interface MemberBalance {
  paid: number;
  owed: number;
  net: number;
}

/** member id -> balance, in one currency. */
export type CurrencyBalances = Record<string, MemberBalance>;
/** currency -> member id -> balance. */
export type BalancesByCurrency = Record<string, CurrencyBalances>;

/** The spec's "settled": absolute balance below 0.01, i.e. below one minor unit: exactly zero. */
export const SETTLED_THRESHOLD_MINOR = 1;

export class BalanceError extends Error {
  override name = 'BalanceError';
}

type Acc = Map<string, Map<string, { paid: bigint; owed: bigint }>>;

function entry(acc: Acc, currency: string, member: string) {
  const byMember = acc.get(currency) ?? new Map<string, { paid: bigint; owed: bigint }>();
  acc.set(currency, byMember);
  const e = byMember.get(member) ?? { paid: 0n, owed: 0n };
  byMember.set(member, e);
  return e;
}

function positive(amount: number, what: string): bigint {
  if (!Number.isSafeInteger(amount) || amount <= 0) {
    throw new BalanceError(`${what} must be a positive whole number of minor units`);
  }
  return BigInt(amount);
}

/**
 * Balances per currency and member. `members` (optional) get a zero entry in every currency that appears,
 * so that people with nothing paid or owed are still listed.
 */
export function computeBalances(
  expenses: readonly BalanceExpense[],
  settlements: readonly BalanceSettlement[] = [],
  members: readonly string[] = [],
): BalancesByCurrency {
  const acc: Acc = new Map();
  for (const e of expenses) {
    const amount = positive(e.amount, `Expense ${e.id} amount`);
    let shared = 0n;
    for (const [member, share] of Object.entries(e.shares)) {
      if (!Number.isSafeInteger(share) || share < 0)
        throw new BalanceError(`Expense ${e.id} has an invalid share`);
      shared += BigInt(share);
      entry(acc, e.currency, member).owed += BigInt(share);
    }
    if (shared !== amount) throw new BalanceError(`Expense ${e.id}: the shares do not add up to the amount`);
    let paid = 0n;
    for (const [member, payment] of Object.entries(paidAmounts(e))) {
      const value = positive(payment, `Expense ${e.id} payment`);
      paid += value;
      entry(acc, e.currency, member).paid += value;
    }
    if (paid !== amount) throw new BalanceError(`Expense ${e.id}: the payments do not add up to the amount`);
  }
  for (const s of settlements) {
    const amount = positive(s.amount, 'Settlement amount');
    if (s.from === s.to) throw new BalanceError('A settlement needs two different people');
    entry(acc, s.currency, s.from).paid += amount;
    entry(acc, s.currency, s.to).owed += amount;
  }
  for (const currency of acc.keys()) for (const m of members) entry(acc, currency, m);

  const result: BalancesByCurrency = {};
  for (const currency of [...acc.keys()].sort(byCodeUnit)) {
    const byMember: CurrencyBalances = {};
    for (const [member, { paid, owed }] of [...acc.get(currency)!].sort(([a], [b]) => byCodeUnit(a, b))) {
      byMember[member] = { paid: toSafe(paid), owed: toSafe(owed), net: toSafe(paid - owed) };
    }
    result[currency] = byMember;
  }
  return result;
}

function toSafe(value: bigint): number {
  return asMinor(Number(value), 'Balance') + 0;
}

/** member id -> net, the input of minimalTransfers. */
export function netBalances(balances: CurrencyBalances | undefined): Record<string, number> {
  return Object.fromEntries(Object.entries(balances ?? {}).map(([id, b]) => [id, b.net]));
}

/**
 * What is owed between each pair of people before any simplification, netted per pair and currency:
 * each expense's debts (expenseDebts: with one payer, each participant owes the payer their share); a
 * settlement from A to B reduces what A owes B.
 * Sorted by debtor then creditor.
 */
export function pairwiseDebts(
  expenses: readonly BalanceExpense[],
  settlements: readonly BalanceSettlement[] = [],
): Record<string, Transfer[]> {
  // currency -> "a\u0000b" (a < b) -> what a owes b (negative: b owes a)
  const acc = new Map<string, Map<string, bigint>>();
  const add = (currency: string, debtor: string, creditor: string, amount: bigint) => {
    if (debtor === creditor || amount === 0n) return;
    const pairs = acc.get(currency) ?? new Map<string, bigint>();
    acc.set(currency, pairs);
    const [key, signed] =
      debtor < creditor ? [`${debtor}\u0000${creditor}`, amount] : [`${creditor}\u0000${debtor}`, -amount];
    pairs.set(key, (pairs.get(key) ?? 0n) + signed);
  };
  for (const e of expenses) {
    for (const debt of expenseDebts(e)) add(e.currency, debt.from, debt.to, BigInt(debt.amount));
  }
  for (const s of settlements) add(s.currency, s.to, s.from, BigInt(positive(s.amount, 'Settlement amount')));

  const result: Record<string, Transfer[]> = {};
  for (const currency of [...acc.keys()].sort(byCodeUnit)) {
    const debts: Transfer[] = [];
    for (const [key, owed] of acc.get(currency)!) {
      if (owed === 0n) continue;
      const [a = '', b = ''] = key.split('\u0000');
      debts.push(
        owed > 0n ? { from: a, to: b, amount: toSafe(owed) } : { from: b, to: a, amount: toSafe(-owed) },
      );
    }
    result[currency] = debts.sort((x, y) => byCodeUnit(x.from, y.from) || byCodeUnit(x.to, y.to));
  }
  return result;
}

/**
 * The spec's "absolute balance below 0.01" in minor units. A value that is not a whole number of minor units
 * (NaN from an unreadable amount, a fraction) is never settled: unknown must not read as "all settled".
 */
export function isSettledAmount(minor: number): boolean {
  return Number.isSafeInteger(minor) && Math.abs(minor) < SETTLED_THRESHOLD_MINOR;
}

/**
 * The one rule for "settled" when balances are in several currencies: settled in every one of them. Kitty
 * never converts, so a zero in the group currency says nothing about a debt in another; every screen and the
 * server's member rules decide "settled" (and so "All settled", "settled", "whole debt") by this.
 */
export function isSettledInEveryCurrency(minors: number | Iterable<number>): boolean {
  for (const minor of typeof minors === 'number' ? [minors] : minors)
    if (!isSettledAmount(minor)) return false;
  return true;
}

/** An amount in minor units of a currency (one line of a balance that is never converted). */
export interface CurrencyMinor {
  currency: string;
  minor: number;
}

/**
 * A person's balance in a group as the answers carry it (the group currency's JSON amount, then the other
 * currencies' list) in minor units: the group currency first, then the others in the order given, each
 * currency once. An amount that cannot be read is NaN, so it never counts as settled.
 */
export function groupCurrencyFirst(
  main: { currency: string; amount: number | string },
  others: readonly { currency: string; amount: number | string }[],
): CurrencyMinor[] {
  const list: CurrencyMinor[] = [];
  const seen = new Set<string>();
  for (const { currency, amount } of [main, ...others]) {
    if (seen.has(currency)) continue;
    seen.add(currency);
    list.push({ currency, minor: decimalToMinor(amount, currency) ?? Number.NaN });
  }
  return list;
}

/** The balances still open (not settled), order kept: what a place that is not "settled" lists, every one. */
export function openBalances<T extends { minor: number }>(balances: readonly T[]): T[] {
  return balances.filter((b) => !isSettledAmount(b.minor));
}

/** True when every member's net is settled in every currency. */
export function isSettled(balances: BalancesByCurrency): boolean {
  return Object.values(balances).every((byMember) =>
    isSettledInEveryCurrency(Object.values(byMember).map((b) => b.net)),
  );
}

/** Highest net first (the Group Balances dialog); ties by name, then id, in code unit order. */
export function sortMembersByNet<T extends { id: string; net: number; name?: string | null }>(
  members: readonly T[],
): T[] {
  return [...members].sort(
    (a, b) => b.net - a.net || byCodeUnit(a.name ?? '', b.name ?? '') || byCodeUnit(a.id, b.id),
  );
}

export interface OwedExpense extends PaidExpense {
  shares: Record<string, number>;
}

/**
 * Section 9: if the user paid, the total minus their own share; otherwise their share (0 if none). With
 * several payers, a payer's amount is what they paid minus their share, taken as it is (see
 * expenseDirection for its sign).
 */
export function amountOwedForUser(expense: OwedExpense, userId: string): number {
  const own = Object.hasOwn(expense.shares, userId) ? (expense.shares[userId] ?? 0) : 0;
  const paid = paidBy(expense, userId);
  return paid > 0 ? Math.abs(paid - own) : own;
}

export interface ExpenseDirection {
  direction: 'owe' | 'owed';
  sign: '-' | '+';
  label: 'you owe' | 'you are owed';
  /** amountOwedForUser, always >= 0; show it with `sign`. */
  amount: number;
}

/**
 * A row is "you are owed" (green, +) unless someone else paid and the user has a split (red, -), or,
 * with several payers, the user paid less than their share.
 */
export function expenseDirection(expense: OwedExpense, userId: string): ExpenseDirection {
  const paid = paidBy(expense, userId);
  const own = Object.hasOwn(expense.shares, userId) ? (expense.shares[userId] ?? 0) : undefined;
  const owes = paid > 0 ? own !== undefined && paid < own : own !== undefined;
  return {
    direction: owes ? 'owe' : 'owed',
    sign: owes ? '-' : '+',
    label: owes ? 'you owe' : 'you are owed',
    amount: amountOwedForUser(expense, userId),
  };
}

export interface GroupCurrencyStats {
  currency: string;
  /** Sum of the expense amounts in this currency (settlements are not spending). */
  total_flow: number;
  expense_count: number;
}

/** group_stats of the balances response, one entry per currency, sorted by code. */
export function groupStats(
  expenses: readonly Pick<BalanceExpense, 'currency' | 'amount'>[],
): GroupCurrencyStats[] {
  const acc = new Map<string, { total: bigint; count: number }>();
  for (const e of expenses) {
    const s = acc.get(e.currency) ?? { total: 0n, count: 0 };
    s.total += positive(e.amount, 'Expense amount');
    s.count += 1;
    acc.set(e.currency, s);
  }
  return [...acc.keys()].sort(byCodeUnit).map((currency) => {
    const s = acc.get(currency)!;
    return { currency, total_flow: toSafe(s.total), expense_count: s.count };
  });
}
