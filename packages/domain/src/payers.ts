// Who paid an expense: one person, or several, each with what they paid (integer minor units). The split
// (who owes what) is independent of who paid; each person's net for the expense is paid minus share.
import { allocate } from './allocate';
import { byCodeUnit } from './order';
import type { Transfer } from './settle';

/** One person's payment towards an expense, in minor units. */
export interface Payment {
  user_id: string;
  amount: number;
}

/** user id -> what they paid, in minor units; the amounts sum to the expense amount. */
export type Payments = Readonly<Record<string, number>>;

/** What the payer rules read: `payers` absent means `paid_by` paid all of `amount`. */
export interface PaidExpense {
  paid_by: string;
  amount: number;
  payers?: Payments | undefined;
}

export const PAYERS_REQUIRED = 'At least one payer required';
export const PAYER_TWICE = 'Each payer can appear only once';
export const PAYMENTS_TOTAL = 'The payments must add up to the total';
export const PAYER_AMOUNT_POSITIVE = 'Each payment must be greater than 0';
export const PAID_BY_NOT_PRINCIPAL = 'paid_by must be the payer who paid the most';

export class PaymentError extends Error {
  override name = 'PaymentError';
}

/** Most first, ties by user id in code unit order: how every answer and screen lists payers. */
export function sortPayments<T extends Payment>(payments: readonly T[]): T[] {
  return [...payments].sort((a, b) => b.amount - a.amount || byCodeUnit(a.user_id, b.user_id));
}

/** The list of a payments map, most first (sortPayments). */
export function paymentList(payments: Payments): Payment[] {
  return sortPayments(Object.entries(payments).map(([user_id, amount]) => ({ user_id, amount })));
}

/**
 * The person `paid_by` names when several paid: who paid the most, ties to the smallest id. With one
 * payer, that payer. Old clients that read only `paid_by` see this person.
 */
export function principalPayer(payments: readonly Payment[] | Payments): string {
  const list = Array.isArray(payments) ? sortPayments(payments) : paymentList(payments as Payments);
  const first = list[0];
  if (!first) throw new PaymentError(PAYERS_REQUIRED);
  return first.user_id;
}

/**
 * Why a list of payments (in minor units) cannot pay `total`, or null when it can: at least one payer,
 * each once, each paying a positive whole number of minor units, together exactly the total.
 */
export function paymentsError(payments: readonly Payment[], total: number): string | null {
  if (payments.length === 0) return PAYERS_REQUIRED;
  const seen = new Set<string>();
  let sum = 0n;
  for (const p of payments) {
    if (seen.has(p.user_id)) return PAYER_TWICE;
    seen.add(p.user_id);
    if (!Number.isSafeInteger(p.amount) || p.amount <= 0) return PAYER_AMOUNT_POSITIVE;
    sum += BigInt(p.amount);
  }
  return sum === BigInt(total) ? null : PAYMENTS_TOTAL;
}

/** Who paid what: `payers`, or `paid_by` for all of `amount`. */
export function paidAmounts(expense: PaidExpense): Payments {
  return expense.payers ?? { [expense.paid_by]: expense.amount };
}

/** Everyone who paid any of it. */
export function payerIds(expense: PaidExpense): string[] {
  return paymentList(paidAmounts(expense)).map((p) => p.user_id);
}

/** Whether the person paid any of it (reads `payers`, or `paid_by` when there is no list). */
export function isPayer(expense: Pick<PaidExpense, 'paid_by' | 'payers'>, userId: string): boolean {
  return expense.payers ? Object.hasOwn(expense.payers, userId) : expense.paid_by === userId;
}

/** The spec's "only the person who paid may delete", for several payers: any of them. */
export function mayDeleteExpense(expense: Pick<PaidExpense, 'paid_by' | 'payers'>, userId: string): boolean {
  return isPayer(expense, userId);
}

/** What one person paid of the expense (0 if nothing). */
export function paidBy(expense: PaidExpense, userId: string): number {
  const payments = paidAmounts(expense);
  return Object.hasOwn(payments, userId) ? (payments[userId] ?? 0) : 0;
}

/**
 * Each person's net for one expense: what they paid minus their share, for everyone who paid or shares,
 * keyed in id order. The nets sum to zero whenever the payments and the shares both sum to the amount.
 */
export function expenseNets(
  expense: PaidExpense & { shares: Readonly<Record<string, number>> },
): Record<string, number> {
  const nets = new Map<string, bigint>();
  for (const [id, paid] of Object.entries(paidAmounts(expense))) nets.set(id, BigInt(paid));
  for (const [id, share] of Object.entries(expense.shares))
    nets.set(id, (nets.get(id) ?? 0n) - BigInt(share));
  return Object.fromEntries(
    [...nets].sort(([a], [b]) => byCodeUnit(a, b)).map(([id, net]) => [id, Number(net) + 0]),
  );
}

/**
 * Who owes whom because of one expense, before anything is netted across expenses. With one payer, each
 * participant owes the payer their share (the spec's rule). With several, each person whose share is more
 * than they paid owes the people who paid more than their share, in proportion to what each of those is
 * still owed (largest remainder, exact): debtors in id order, each one's debt apportioned over the
 * creditors' remaining claims, so every debtor pays exactly their shortfall and every creditor receives
 * exactly their excess. Sorted by debtor, then creditor.
 */
export function expenseDebts(
  expense: PaidExpense & { shares: Readonly<Record<string, number>> },
): Transfer[] {
  const nets = Object.entries(expenseNets(expense));
  const creditors = nets.filter(([, net]) => net > 0);
  const debtors = nets.filter(([, net]) => net < 0);
  const claims = creditors.map(([, net]) => net);
  let open = claims.reduce((a, b) => a + b, 0);
  const debts: Transfer[] = [];
  for (const [debtor, net] of debtors) {
    const owed = -net;
    // The last debtor owes exactly what is still claimed; before that, owed < open, so no part exceeds
    // its claim (floor(owed * claim / open) < claim, and one leftover unit at most is added).
    const parts =
      owed === open
        ? [...claims]
        : allocate(
            owed,
            claims,
            creditors.map(([id]) => id),
          );
    parts.forEach((part, i) => {
      if (part === 0) return;
      claims[i] = claims[i]! - part;
      debts.push({ from: debtor, to: creditors[i]![0], amount: part });
    });
    open -= owed;
  }
  return debts;
}

/** "Split the payment equally": the total over the chosen payers, leftover units by id order. */
export function equalPayments(total: number, payerIds: readonly string[]): Payment[] {
  if (payerIds.length === 0) return [];
  const parts = allocate(
    total,
    payerIds.map(() => 1),
    payerIds,
  );
  return payerIds.map((user_id, i) => ({ user_id, amount: parts[i]! }));
}
