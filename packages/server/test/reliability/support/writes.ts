import { toDecimal } from '@kitty/domain';
import type { Person } from './people';

/** A small deterministic random source, so a failing run can be repeated with its seed. */
export function random(seed: number) {
  let state = seed >>> 0 || 1;
  const next = () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const some = <T>(items: readonly T[], min: number): T[] => {
    const chosen = items.filter(() => next() < 0.6);
    for (const item of items) if (chosen.length < min && !chosen.includes(item)) chosen.push(item);
    return chosen;
  };
  return { next, int, pick, some };
}
export type Random = ReturnType<typeof random>;

const SPLITS = ['equal', 'percentage', 'shares', 'exact', 'adjustment'] as const;

/**
 * A valid expense body in a group with a random split type: `payer` pays (one time in three with another
 * member paying a smaller part), some members (at least two) take part, amounts between 10.00 and 500.00
 * in the given currency (two decimals).
 */
export function expenseBody(
  rnd: Random,
  groupId: string | null,
  payer: Person,
  members: Person[],
  currency: string,
  description: string,
) {
  const participants = rnd.some(members, 2).map((p) => p.id);
  const amountMinor = rnd.int(1_000, 50_000);
  const splitType = rnd.pick(SPLITS);
  const others = members.filter((m) => m.id !== payer.id);
  const helper = others.length > 0 && rnd.next() < 1 / 3 ? rnd.pick(others) : null;
  // The payer pays more than half, so stays the principal payer (paid_by).
  const helped = helper ? rnd.int(1, Math.floor((amountMinor - 1) / 2)) : 0;
  const payers = helper
    ? {
        payers: [
          { user_id: payer.id, amount: toDecimal(amountMinor - helped, currency) },
          { user_id: helper.id, amount: toDecimal(helped, currency) },
        ],
      }
    : {};
  return {
    ...payers,
    description,
    amount: toDecimal(amountMinor, currency),
    currency,
    category: 'groceries',
    group_id: groupId,
    split_type: splitType,
    paid_by: payer.id,
    participants,
    split_with: participants.filter((id) => id !== payer.id),
    split_details: splitDetails(rnd, splitType, participants, amountMinor, currency),
  };
}

function splitDetails(
  rnd: Random,
  splitType: (typeof SPLITS)[number],
  participants: string[],
  amountMinor: number,
  currency: string,
) {
  switch (splitType) {
    case 'equal':
      return {};
    case 'shares':
      return { shares: Object.fromEntries(participants.map((id) => [id, rnd.int(1, 3)])) };
    case 'percentage': {
      // Whole percents that add up to 100: the last one takes the rest.
      let left = 100;
      const entries = participants.map((id, i) => {
        const value = i === participants.length - 1 ? left : rnd.int(0, Math.floor(left / 2));
        left -= value;
        return [id, value];
      });
      return { percentages: Object.fromEntries(entries) };
    }
    case 'exact': {
      let left = amountMinor;
      const entries = participants.map((id, i) => {
        const value = i === participants.length - 1 ? left : rnd.int(0, Math.floor(left / 2));
        left -= value;
        return [id, toDecimal(value, currency)];
      });
      return { amounts: Object.fromEntries(entries) };
    }
    case 'adjustment': {
      const [first] = participants;
      return { adjustments: { [first as string]: toDecimal(rnd.int(1, 500), currency) } };
    }
  }
}

/** A settlement body between two members of a group. */
export function settlementBody(rnd: Random, groupId: string, from: Person, to: Person, currency: string) {
  return {
    from_user_id: from.id,
    to_user_id: to.id,
    amount: toDecimal(rnd.int(1, 20_000), currency),
    currency,
    group_id: groupId,
    description: 'Reliability settlement',
  };
}
