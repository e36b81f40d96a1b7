// Keeping a settle-up plan steady while people pay it.
import { isSettledAmount } from './balances';
import type { Transfer } from './settle';

/**
 * True when paying every transfer settles every balance (isSettledAmount; positive = is owed; minor
 * units). A plan settles exactly one set of balances, so a remembered plan that settles the balances
 * of now was made for these very balances.
 */
export function settlesExactly(transfers: readonly Transfer[], balances: Record<string, number>): boolean {
  const left = new Map<string, number>();
  for (const [id, value] of Object.entries(balances)) if (!isSettledAmount(value)) left.set(id, value);
  for (const t of transfers) {
    if (!Number.isSafeInteger(t.amount) || t.amount <= 0 || t.from === t.to) return false;
    left.set(t.from, (left.get(t.from) ?? 0) + t.amount);
    left.set(t.to, (left.get(t.to) ?? 0) - t.amount);
  }
  for (const value of left.values()) if (!isSettledAmount(value)) return false;
  return true;
}

/**
 * The plan that remains once `payment` was paid: `plan` without the transfer equal to it (same payer,
 * receiver and amount), or null when the plan has no such transfer.
 *
 * When `plan` was a minimal plan, what remains is a minimal plan of the new balances: it settles them,
 * and a shorter one plus the payment would have beaten the minimum. So a plan people are paying one
 * suggestion at a time never reshuffles; recomputing from the new balances alone may pick another,
 * equally short, cut into groups (REFERENCE.md: "Settle-up plans").
 */
export function planAfterPayment(plan: readonly Transfer[], payment: Transfer): Transfer[] | null {
  const index = plan.findIndex(
    (t) => t.from === payment.from && t.to === payment.to && t.amount === payment.amount,
  );
  if (index < 0) return null;
  return plan.filter((_, i) => i !== index).map((t) => ({ ...t }));
}

/**
 * The balances as they were before `payment` was made (positive = is owed): the payer owed `amount`
 * more, the receiver was owed `amount` more. Undoes exactly what a recorded settlement does.
 */
export function balancesBeforePayment(
  balances: Record<string, number>,
  payment: Transfer,
): Record<string, number> {
  return {
    ...balances,
    [payment.from]: (balances[payment.from] ?? 0) - payment.amount,
    [payment.to]: (balances[payment.to] ?? 0) + payment.amount,
  };
}
