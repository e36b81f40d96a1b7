import type { CurrencyAmount, GroupSummary } from '@kitty/api';
import { decimalToMinor, groupCurrencyFirst, openBalances } from '@kitty/domain';

/** One nonzero balance of the caller, in integer minor units of its currency. */
export interface CurrencyBalance {
  currency: string;
  minor: number;
}

/** Spec section 3 "Dashboard group", with every nonzero balance (never converted between currencies). */
export interface GroupListItem {
  id: string;
  name: string;
  memberCount: number;
  currency: string;
  /** The group currency's balance first when it is nonzero, then the other currencies; empty when settled. */
  balances: CurrencyBalance[];
}

/** The domain's minor units of a JSON amount; a malformed amount fails the load rather than showing a wrong figure. */
export function minorOrFail(amount: number, currency: string, what: string): number {
  const minor = decimalToMinor(amount, currency);
  if (minor === null) throw new Error(`Unreadable ${what}: not an amount of ${currency}`);
  return minor;
}

/** The caller's open balances (the domain's groupCurrencyFirst, then openBalances); unreadable fails the load. */
export function nonzeroBalances(
  main: { currency: string; amount: number },
  others: readonly CurrencyAmount[],
  what: string,
): CurrencyBalance[] {
  const balances = groupCurrencyFirst(main, others);
  const unreadable = balances.find((b) => Number.isNaN(b.minor));
  if (unreadable) throw new Error(`Unreadable ${what}: not an amount of ${unreadable.currency}`);
  return openBalances(balances);
}

export function toGroupListItem(group: GroupSummary): GroupListItem {
  return {
    id: group.id,
    name: group.name,
    memberCount: group.memberCount,
    currency: group.currency,
    balances: nonzeroBalances(
      { currency: group.currency, amount: group.balance },
      group.balances,
      // i18n-ignore: names the amount in a developer's error for a malformed answer
      `balance of ${group.name}`,
    ),
  };
}

/** 0 for a settled group, else the sign of its first balance: what partitionGroupsByBalance needs. */
export function groupBalanceSign(group: GroupListItem): number {
  return Math.sign(group.balances[0]?.minor ?? 0);
}
