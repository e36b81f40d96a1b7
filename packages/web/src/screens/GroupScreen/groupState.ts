// What the Group detail screen derives from the server's answers. Amounts arrive as JSON decimals and are
// turned into minor units by the domain before anything compares them.
import type { GroupBalances, GroupDetail } from '@kitty/api';
import {
  type CurrencyMinor,
  decimalToMinor,
  groupCurrencyFirst,
  isSettledInEveryCurrency,
} from '@kitty/domain';

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
      nets[row.user.id] = row.currency_breakdown.map((c) => decimalToMinor(c.net, c.currency) ?? Number.NaN);
    }
    return nets;
  }
  for (const [id, amount] of Object.entries(group.memberBalances)) {
    nets[id] = [decimalToMinor(amount, group.currency) ?? Number.NaN];
  }
  return nets;
}

/**
 * Settled (the spec's "absolute balance below 0.01", by the domain's rule across currencies): every member
 * settled in every currency. The banner says "All balances are zero", so one person's own zero is not enough.
 */
export function isGroupSettled(
  group: Pick<GroupDetail, 'currency' | 'memberBalances' | 'balance' | 'balances'>,
  balances: GroupBalances | undefined,
): boolean {
  const everyone = Object.values(memberNets(group, balances)).flat();
  const own = ownBalances(group).map((b) => b.minor);
  return isSettledInEveryCurrency([...everyone, ...own]);
}

/** The caller's balances in the group: the domain's groupCurrencyFirst (unreadable is NaN, never settled). */
export function ownBalances(group: Pick<GroupDetail, 'balance' | 'balances' | 'currency'>): CurrencyMinor[] {
  return groupCurrencyFirst({ currency: group.currency, amount: group.balance }, group.balances);
}
