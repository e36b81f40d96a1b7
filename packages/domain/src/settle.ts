// Settle-up plans: the fewest transfers that clear every balance of one currency.
import { isSettledAmount } from './balances';
import { byCodeUnit } from './order';

export interface Transfer {
  from: string;
  to: string;
  amount: number;
}

export class SettleError extends Error {
  override name = 'SettleError';
}

/** Up to this many nonzero balances the plan is a proven minimum; beyond, a greedy plan. */
export const EXACT_SETTLE_LIMIT = 20;

/**
 * Transfers that bring every balance to zero (positive = is owed, negative = owes; minor units).
 *
 * With at most EXACT_SETTLE_LIMIT nonzero balances (of any safe size) the count is the true minimum, n - g, where g is the
 * largest number of disjoint zero-sum groups (bitmask DP over subsets). The groups are chosen canonically
 * (people sorted by id; repeatedly, the group of the first remaining person is the smallest set in
 * lexicographic id order that still allows g groups) and each group is settled in "north-west corner"
 * order: its debtors and creditors in id order, each debtor paying the next creditors in turn. Paying any
 * suggested transfer then leaves a state whose plan has exactly one transfer fewer; the rest of the plan is
 * unchanged whenever the new balances allow only one best cut into groups (README: "Settle-up plans").
 * Beyond the limit: largest debtor pays largest creditor, ties by id.
 * The result does not depend on the key order of `balances`.
 */
export function minimalTransfers(balances: Record<string, number>): Transfer[] {
  const people = Object.keys(balances).sort(byCodeUnit);
  let total = 0n;
  let magnitude = 0n;
  const entries: { id: string; value: number }[] = [];
  for (const id of people) {
    const value = balances[id]!;
    if (!Number.isSafeInteger(value))
      throw new SettleError(`The balance of ${id} is not a whole number of minor units`);
    total += BigInt(value);
    magnitude += BigInt(Math.abs(value));
    if (!isSettledAmount(value)) entries.push({ id, value });
  }
  if (total !== 0n) throw new SettleError('Balances must sum to zero');
  if (entries.length === 0) return [];
  if (entries.length <= EXACT_SETTLE_LIMIT) {
    // Every partial sum is an exact double while the sum of magnitudes is a safe integer; beyond, the
    // subset sums are taken in two exact halves (zeroSubsets).
    const values = entries.map((e) => e.value);
    const exact = magnitude <= BigInt(Number.MAX_SAFE_INTEGER);
    // Usually only a few sets of balances cancel out: the groups are then chosen among those sets alone
    // (well under a millisecond at 20 people), else by the search over all 2^n subsets (about 20 ms).
    const sets = exact ? zeroSumSets(values) : null;
    const groups = sets
      ? zeroSumGroupsAmong(sets, values.length)
      : zeroSumGroups(values, exact ? null : zeroSubsets(values));
    return groups.flatMap((group) => northWestCorner(group.map((i) => entries[i]!)));
  }
  return greedy(entries);
}

/** Past this many zero-sum sets, choosing among them costs more than the search over all subsets. */
const MOST_ZERO_SUM_SETS = 1024;

/**
 * Every nonempty set of `values` that sums to zero, as bit masks (the whole set among them), or null when
 * there are more than MOST_ZERO_SUM_SETS. Every subset sum must be an exact double. Meet in the middle:
 * the subset sums of each half, 2^(n/2) each; a set A + B of the two halves sums to zero when
 * sum(A) = -sum(B).
 */
function zeroSumSets(values: readonly number[]): number[] | null {
  const half = values.length >> 1;
  const left = subsetSums(values.slice(0, half));
  const right = subsetSums(values.slice(half));
  const leftBySum = new Map<number, number[]>();
  for (let a = 0; a < left.length; a++) {
    const masks = leftBySum.get(left[a]!);
    if (masks) masks.push(a);
    else leftBySum.set(left[a]!, [a]);
  }
  const sets: number[] = [];
  for (let b = 0; b < right.length; b++) {
    // -0 and 0 are one Map key.
    for (const a of leftBySum.get(-right[b]!) ?? []) {
      const mask = a | (b << half);
      if (mask === 0) continue;
      if (sets.length === MOST_ZERO_SUM_SETS) return null;
      sets.push(mask);
    }
  }
  return sets;
}

/** The sum of every subset of `values`, indexed by its bit mask. */
function subsetSums(values: readonly number[]): number[] {
  const sums = [0];
  for (const value of values) {
    for (let i = 0, n = sums.length; i < n; i++) sums.push(sums[i]! + value);
  }
  return sums;
}

/**
 * The same canonical maximum partition as zeroSumGroups, chosen among the zero-sum `sets` of n values:
 * the most groups a zero-sum set of people can be cut into is one (the group of its first person) plus
 * the most its remaining people can be cut into.
 */
function zeroSumGroupsAmong(sets: readonly number[], n: number): number[][] {
  const most = new Map<number, number>([[0, 0]]);
  const cuts = (mask: number): number => {
    const known = most.get(mask);
    if (known !== undefined) return known;
    const low = mask & -mask;
    let best = 0;
    for (const set of sets) {
      if (set & low && (set & mask) === set) best = Math.max(best, 1 + cuts(mask ^ set));
    }
    most.set(mask, best);
    return best;
  };
  const groups: number[][] = [];
  let remaining = (1 << n) - 1;
  while (remaining !== 0) {
    const low = remaining & -remaining;
    const target = cuts(remaining) - 1;
    let chosen = 0;
    for (const set of sets) {
      if (
        set & low &&
        (set & remaining) === set &&
        cuts(remaining ^ set) === target &&
        (chosen === 0 || precedes(set, chosen))
      ) {
        chosen = set;
      }
    }
    groups.push(indices(chosen));
    remaining ^= chosen;
  }
  return groups;
}

const HALF = 2 ** 26;

/**
 * zero[mask] = 1 when the values in mask sum to exactly zero, for balances whose sums a double cannot
 * hold exactly. Each value is split as hi x 2^26 + lo (0 <= lo < 2^26): with at most 20 safe integers
 * both running sums stay below 2^32, and the sum is zero exactly when lo's sum is a multiple of 2^26
 * and hi's sum is minus that multiple.
 */
function zeroSubsets(values: readonly number[]): Uint8Array {
  const hi = values.map((v) => Math.floor(v / HALF));
  const lo = values.map((v, i) => v - hi[i]! * HALF);
  const prefixHi = [0];
  const prefixLo = [0];
  for (let i = 0; i < values.length; i++) {
    prefixHi.push(prefixHi[i]! + hi[i]!);
    prefixLo.push(prefixLo[i]! + lo[i]!);
  }
  const size = 1 << values.length;
  const zero = new Uint8Array(size);
  let sumHi = 0;
  let sumLo = 0;
  for (let mask = 1; mask < size; mask++) {
    const k = 31 - Math.clz32(mask & -mask);
    sumHi += hi[k]! - prefixHi[k]!;
    sumLo += lo[k]! - prefixLo[k]!;
    if (sumLo % HALF === 0 && sumHi === -sumLo / HALF) zero[mask] = 1;
  }
  return zero;
}

/**
 * The canonical maximum partition into zero-sum groups, as lists of indices (ascending). `zero` gives
 * which subsets sum to zero when their sums are not exact doubles (null: the running sum is exact).
 */
function zeroSumGroups(values: readonly number[], zero: Uint8Array | null): number[][] {
  const n = values.length;
  const size = 1 << n;
  // Low 7 bits of best[mask]: the most disjoint zero-sum subsets inside mask = max over i of best[mask - i],
  // plus one when mask itself sums to zero (flagged in bit 7). Dropping one element loses at most one subset
  // and best grows with the set, so that max is best[mask - lowest] or one more: stop at the first element
  // that gives one more.
  const best = new Uint8Array(size);
  // Masks are visited in counting order: going from mask - 1 to mask clears bits 0..k-1 and sets bit k.
  const prefix = [0];
  for (const v of values) prefix.push(prefix[prefix.length - 1]! + v);
  let sum = 0;
  for (let mask = 1; mask < size; mask++) {
    const low = mask & -mask;
    const k = 31 - Math.clz32(low);
    sum += values[k]! - prefix[k]!;
    const base = best[mask ^ low]! & 127;
    let most = base;
    for (let rest = mask ^ low; rest !== 0; rest &= rest - 1) {
      if ((best[mask ^ (rest & -rest)]! & 127) > base) {
        most = base + 1;
        break;
      }
    }
    best[mask] = (zero === null ? sum === 0 : zero[mask] === 1) ? (most + 1) | 128 : most;
  }

  const groups: number[][] = [];
  let remaining = size - 1;
  while (remaining !== 0) {
    const low = remaining & -remaining;
    const others = remaining ^ low;
    const target = (best[remaining]! & 127) - 1;
    let chosen = 0;
    for (let sub = others; ; sub = (sub - 1) & others) {
      const group = sub | low;
      if (
        best[group]! & 128 &&
        (best[remaining ^ group]! & 127) === target &&
        (chosen === 0 || precedes(group, chosen))
      ) {
        chosen = group;
      }
      if (sub === 0) break;
    }
    groups.push(indices(chosen));
    remaining ^= chosen;
  }
  return groups;
}

/** Lexicographic order of id lists; neither set contains the other (both are minimal zero-sum groups). */
function precedes(a: number, b: number): boolean {
  const diff = a ^ b;
  return (a & diff & -diff) !== 0;
}

function indices(mask: number): number[] {
  const out: number[] = [];
  for (let i = 0; mask >> i !== 0; i++) if ((mask >> i) & 1) out.push(i);
  return out;
}

/** Debtors and creditors in id order; each debtor pays the current creditor as much as both allow. */
function northWestCorner(group: readonly { id: string; value: number }[]): Transfer[] {
  const debtors = group.filter((e) => e.value < 0).map((e) => ({ id: e.id, left: -e.value }));
  const creditors = group.filter((e) => e.value > 0).map((e) => ({ id: e.id, left: e.value }));
  const transfers: Transfer[] = [];
  let i = 0;
  let j = 0;
  while (i < debtors.length && j < creditors.length) {
    const d = debtors[i]!;
    const c = creditors[j]!;
    const amount = Math.min(d.left, c.left);
    transfers.push({ from: d.id, to: c.id, amount });
    d.left -= amount;
    c.left -= amount;
    if (d.left === 0) i++;
    if (c.left === 0) j++;
  }
  return transfers;
}

/** Largest debtor pays largest creditor (ties: smaller id) until everyone is clear. */
function greedy(entries: readonly { id: string; value: number }[]): Transfer[] {
  // Each balance only shrinks towards zero, so plain safe integers suffice.
  const left = entries.map((e) => ({ ...e }));
  const transfers: Transfer[] = [];
  for (;;) {
    let debtor: (typeof left)[number] | undefined;
    let creditor: (typeof left)[number] | undefined;
    for (const e of left) {
      if (e.value < 0 && (!debtor || e.value < debtor.value)) debtor = e;
      if (e.value > 0 && (!creditor || e.value > creditor.value)) creditor = e;
    }
    if (!debtor || !creditor) return transfers;
    const amount = Math.min(-debtor.value, creditor.value);
    transfers.push({ from: debtor.id, to: creditor.id, amount });
    debtor.value += amount;
    creditor.value -= amount;
  }
}
