// What the Group detail screen derives from the server's answers. Amounts arrive as JSON decimals and are
// turned into minor units by the domain before anything compares them.
import type { CurrencyAmount, GroupBalances, GroupDetail } from '@kitty/api';
import { parseMoney } from '@kitty/domain';

/** Minor units of a JSON amount, or null when it is not a valid amount of the currency. */
export function minorOf(amount: number | string, currency: string): number | null {
  const parsed = parseMoney(amount, currency);
  return parsed.ok ? parsed.value : null;
}

/**
 * Each member's nets in minor units, one per currency they have a balance in. From the group balances
 * when loaded (every currency), else the group detail's `memberBalances` (the group currency only).
 * A value that cannot be read counts as unsettled (NaN), never as zero.
 */
export function memberNets(
  group: Pick<GroupDetail, 'currency' | 'memberBalances'>,
  balances: GroupBalances | undefined,
): Record<string, number[]> {
  const nets: Record<string, number[]> = {};
  if (balances) {
    for (const row of balances.balances) {
      nets[row.user.id] = row.currency_breakdown.map((c) => minorOf(c.net, c.currency) ?? Number.NaN);
    }
    return nets;
  }
  for (const [id, amount] of Object.entries(group.memberBalances)) {
    nets[id] = [minorOf(amount, group.currency) ?? Number.NaN];
  }
  return nets;
}

/**
 * Settled (the spec's "absolute balance below 0.01", i.e. zero minor units): every member's balance is zero
 * in every currency. The banner says "All balances are zero", so one person's own zero is not enough.
 */
export function isGroupSettled(
  group: Pick<GroupDetail, 'currency' | 'memberBalances' | 'balances'>,
  balances: GroupBalances | undefined,
): boolean {
  const everyoneZero = Object.values(memberNets(group, balances)).every((list) => list.every((n) => n === 0));
  const ownOtherCurrencies = group.balances.every((b) => minorOf(b.amount, b.currency) === 0);
  return everyoneZero && ownOtherCurrencies;
}

/** The caller's nonzero balances in currencies other than the group's, in minor units. */
export function otherCurrencyBalances(
  list: readonly CurrencyAmount[],
): { currency: string; minor: number }[] {
  const out: { currency: string; minor: number }[] = [];
  for (const b of list) {
    const minor = minorOf(b.amount, b.currency);
    if (minor !== null && minor !== 0) out.push({ currency: b.currency, minor });
  }
  return out;
}
