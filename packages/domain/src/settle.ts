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

/** Up to this many nonzero balances the plan is always a proven minimum (REFERENCE.md: "Settle-up plans"). */
export const EXACT_SETTLE_LIMIT = 20;

/**
 * Beyond EXACT_SETTLE_LIMIT, the plan is still a proven minimum when, once the pairs of balances that cancel
 * exactly are set aside, at most EXACT_SETTLE_LIMIT balances remain, or at most this many remain and at most
 * MOST_ZERO_SUM_SETS_BEYOND of their subsets sum to zero. Bit masks of 32-bit integers hold at most 30 people.
 */
export const EXACT_SEARCH_LIMIT = 30;

interface Entry {
  id: string;
  value: number;
}

/**
 * Transfers that bring every balance to zero (positive = is owed, negative = owes; minor units).
 *
 * With at most EXACT_SETTLE_LIMIT nonzero balances (of any safe size) the count is the true minimum, n - g, where g is the
 * largest number of disjoint zero-sum groups (bitmask DP over subsets). The groups are chosen canonically
 * (people sorted by id; repeatedly, the group of the first remaining person is the smallest set in
 * lexicographic id order that still allows g groups) and each group is settled in "north-west corner"
 * order: its debtors and creditors in id order, each debtor paying the next creditors in turn. Paying any
 * suggested transfer then leaves a state whose plan has exactly one transfer fewer; the rest of the plan is
 * unchanged whenever the new balances allow only one best cut (REFERENCE.md: "Settle-up plans").
 * Beyond the limit see largeGroupPlan: still the minimum in the cases EXACT_SEARCH_LIMIT names, otherwise
 * never more transfers than any of the usual greedy plans of the same balances.
 * The result does not depend on the key order of `balances`.
 */
export function minimalTransfers(balances: Record<string, number>): Transfer[] {
  const people = Object.keys(balances).sort(byCodeUnit);
  let total = 0n;
  const entries: Entry[] = [];
  for (const id of people) {
    const value = balances[id]!;
    if (!Number.isSafeInteger(value))
      throw new SettleError(`The balance of ${id} is not a whole number of minor units`);
    total += BigInt(value);
    if (!isSettledAmount(value)) entries.push({ id, value });
  }
  if (total !== 0n) throw new SettleError('Balances must sum to zero');
  if (entries.length <= EXACT_SETTLE_LIMIT) return exactPlan(entries);
  return largeGroupPlan(entries);
}

/** Every partial sum of `values` is an exact double: the sum of their magnitudes is a safe integer. */
function sumsExactly(values: readonly number[]): boolean {
  let magnitude = 0n;
  for (const v of values) magnitude += BigInt(Math.abs(v));
  return magnitude <= BigInt(Number.MAX_SAFE_INTEGER);
}

/** The minimum plan of at most EXACT_SETTLE_LIMIT zero-sum entries (sorted by id). */
function exactPlan(entries: readonly Entry[]): Transfer[] {
  if (entries.length === 0) return [];
  // Every partial sum is an exact double while the sum of magnitudes is a safe integer; beyond, the
  // subset sums are taken in two exact halves (zeroSubsets).
  const values = entries.map((e) => e.value);
  const exact = sumsExactly(values);
  // Usually only a few sets of balances cancel out: the groups are then chosen among those sets alone
  // (well under a millisecond at 20 people), else by the search over all 2^n subsets (about 30 ms).
  const sets = exact ? zeroSumSets(values, MOST_ZERO_SUM_SETS) : null;
  const groups = sets
    ? zeroSumGroupsAmong(sets, values.length)
    : zeroSumGroups(values, exact ? null : zeroSubsets(values));
  return groups.flatMap((group) => northWestCorner(group.map((i) => entries[i]!)));
}

/**
 * The plan for more than EXACT_SETTLE_LIMIT nonzero balances (entries sorted by id).
 *
 * First every pair of balances that cancel exactly (x and -x) is settled by one transfer: some minimum plan
 * always does so (in a best cut into zero-sum groups, the groups of x and -x can be recut into {x, -x} and
 * the rest, which also sums to zero, without losing a group). The rest then gets the exact minimum when at
 * most EXACT_SETTLE_LIMIT remain, or at most EXACT_SEARCH_LIMIT remain and at most MOST_ZERO_SUM_SETS_BEYOND
 * of their subsets sum to zero. Otherwise zero-sum triples are also set aside, and the plan is the shortest of these candidates, in this
 * order of preference on a tie: the groups set aside (pairs and triples; pairs only; none) times the orders
 * of greedyPlans (largest first, smallest first, id order, Spliit's order) for what is left. The last four
 * candidates are the greedy plans of the balances themselves, so no such plan is ever shorter.
 */
function largeGroupPlan(entries: readonly Entry[]): Transfer[] {
  const pairs = cancellingPairs(entries);
  const afterPairs = remaining(entries, pairs);
  const paid = pairs.flatMap((pair) => northWestCorner(pair));
  if (afterPairs.length <= EXACT_SETTLE_LIMIT) return [...paid, ...exactPlan(afterPairs)];
  if (afterPairs.length <= EXACT_SEARCH_LIMIT) {
    const sets = zeroSumSets(
      afterPairs.map((e) => e.value),
      MOST_ZERO_SUM_SETS_BEYOND,
    );
    if (sets) {
      const groups = zeroSumGroupsAmong(sets, afterPairs.length);
      return [...paid, ...groups.flatMap((group) => northWestCorner(group.map((i) => afterPairs[i]!)))];
    }
  }
  const triples = zeroSumTriples(afterPairs);
  const afterTriples = remaining(afterPairs, triples);
  const choices: [Transfer[], readonly Entry[]][] = [
    [[...paid, ...triples.flatMap((triple) => northWestCorner(triple))], afterTriples],
    [paid, afterPairs],
    [[], entries],
  ];
  let best: Transfer[] | undefined;
  for (const [settled, rest] of choices) {
    for (const plan of greedyPlans(rest)) {
      if (!best || settled.length + plan.length < best.length) best = [...settled, ...plan];
    }
  }
  return best!;
}

/** The entries of `all` (sorted by id) in none of `groups`, still sorted by id. */
function remaining(all: readonly Entry[], groups: readonly (readonly Entry[])[]): Entry[] {
  const taken = new Set(groups.flat());
  return all.filter((e) => !taken.has(e));
}

/**
 * Pairs of balances that cancel exactly, each as [debtor, creditor]: for each amount, its debtors and its
 * creditors in id order are paired one to one.
 */
function cancellingPairs(entries: readonly Entry[]): Entry[][] {
  const debtors = new Map<number, Entry[]>();
  for (const e of entries) {
    if (e.value >= 0) continue;
    const list = debtors.get(-e.value);
    if (list) list.push(e);
    else debtors.set(-e.value, [e]);
  }
  const pairs: Entry[][] = [];
  for (const e of entries) {
    if (e.value <= 0) continue;
    const debtor = debtors.get(e.value)?.shift();
    if (debtor) pairs.push([debtor, e]);
  }
  return pairs;
}

/**
 * Disjoint triples of balances that sum to zero, found greedily in O(n^2) lookups: for each person in id
 * order, the first partner after them in id order with a balance of the same sign (every such triple has
 * two) for whom some third remaining person completes a zero sum (that third person: the first such in id
 * order). The triples need not be the best ones.
 */
function zeroSumTriples(entries: readonly Entry[]): Entry[][] {
  const byValue = new Map<number, Entry[]>();
  for (const e of entries) {
    const list = byValue.get(e.value);
    if (list) list.push(e);
    else byValue.set(e.value, [e]);
  }
  const used = new Set<Entry>();
  const triples: Entry[][] = [];
  for (let i = 0; i < entries.length; i++) {
    const a = entries[i]!;
    if (used.has(a)) continue;
    for (let j = i + 1; j < entries.length; j++) {
      const b = entries[j]!;
      if (a.value > 0 !== b.value > 0 || used.has(b)) continue;
      // A sum past the safe integers cannot be minus a safe balance, and a safe sum is exact.
      const sum = a.value + b.value;
      if (!Number.isSafeInteger(sum)) continue;
      const c = byValue.get(-sum)?.find((e) => e !== a && e !== b);
      if (!c) continue;
      const triple = [a, b, c].sort((x, y) => byCodeUnit(x.id, y.id));
      for (const e of triple) {
        used.add(e);
        // So that a lookup passes over a and b at most.
        const list = byValue.get(e.value)!;
        list.splice(list.indexOf(e), 1);
      }
      triples.push(triple);
      break;
    }
  }
  return triples;
}

/**
 * The usual greedy plans, in this order: largest debtor pays largest creditor; smallest debtor pays
 * smallest creditor (ties of either: smaller id); id order (north-west corner: debtors and creditors in id
 * order); Spliit's order (creditors in id order, debtors in reverse id order).
 */
function greedyPlans(entries: readonly Entry[]): Transfer[][] {
  const creditors = entries.filter((e) => e.value > 0);
  const debtors = entries.filter((e) => e.value < 0);
  return [
    greedy(entries, true),
    greedy(entries, false),
    northWestCorner(entries),
    northWestCorner([...creditors, ...debtors.reverse()]),
  ];
}

/**
 * Up to 20 balances: past this many zero-sum sets, choosing among them costs more than the search over all
 * subsets.
 */
const MOST_ZERO_SUM_SETS = 1024;

/**
 * Beyond 20 balances (no search over all subsets then): past this many zero-sum sets, the plan is not
 * searched for. Choosing among them takes at most about MOST_ZERO_SUM_SETS_BEYOND^2 / 2 steps (REFERENCE.md:
 * measured times).
 */
const MOST_ZERO_SUM_SETS_BEYOND = 4096;

/**
 * Every nonempty set of `values` that sums to zero, as bit masks (the whole set among them), or null when
 * there are more than `most`. Meet in the middle: the subset sums of each half, 2^(n/2) each; a set A + B
 * of the two halves sums to zero when sum(A) = -sum(B). The sums are doubles while every one is exact
 * (the sum of magnitudes is a safe integer), else BigInts.
 */
function zeroSumSets(values: readonly number[], most: number): number[] | null {
  const half = values.length >> 1;
  const exact = sumsExactly(values);
  const sums = (part: readonly number[]) => (exact ? subsetSums(part, 0) : subsetSums(part.map(BigInt), 0n));
  const left = sums(values.slice(0, half));
  const right = sums(values.slice(half));
  const leftBySum = new Map<number | bigint, number[]>();
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
      if (sets.length === most) return null;
      sets.push(mask);
    }
  }
  return sets;
}

/** The sum of every subset of `values`, indexed by its bit mask (numbers or BigInts, from `zero`). */
function subsetSums<T extends number | bigint>(values: readonly T[], zero: T): T[] {
  const sums = [zero];
  for (const value of values) {
    // Both operands are numbers or both BigInts.
    for (let i = 0, n = sums.length; i < n; i++) sums.push(((sums[i] as number) + (value as number)) as T);
  }
  return sums;
}

/**
 * The same canonical maximum partition as zeroSumGroups, chosen among the zero-sum `sets` of n values:
 * the most groups a zero-sum set of people can be cut into is one (the group of its first person) plus
 * the most its remaining people can be cut into.
 */
function zeroSumGroupsAmong(sets: readonly number[], n: number): number[][] {
  // The sets that can hold the first remaining person: those whose first person that is.
  const byFirst: number[][] = Array.from({ length: n }, () => []);
  for (const set of sets) byFirst[31 - Math.clz32(set & -set)]!.push(set);
  const candidates = (mask: number) => byFirst[31 - Math.clz32(mask & -mask)]!;
  const most = new Map<number, number>([[0, 0]]);
  const cuts = (mask: number): number => {
    const known = most.get(mask);
    if (known !== undefined) return known;
    let best = 0;
    for (const set of candidates(mask)) {
      if ((set & mask) === set) best = Math.max(best, 1 + cuts(mask ^ set));
    }
    most.set(mask, best);
    return best;
  };
  const groups: number[][] = [];
  let remaining = n === 0 ? 0 : 2 ** n - 1;
  while (remaining !== 0) {
    const target = cuts(remaining) - 1;
    let chosen = 0;
    for (const set of candidates(remaining)) {
      if (
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

/**
 * Debtors and creditors in the order given (id order, but for Spliit's order); each debtor pays the current
 * creditor as much as both allow.
 */
function northWestCorner(group: readonly Entry[]): Transfer[] {
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

/**
 * Repeatedly the debtor and the creditor with the largest balances (or the smallest: `largest` false),
 * the smaller id on a tie, settle as much as both allow, until everyone is clear.
 */
function greedy(entries: readonly Entry[], largest: boolean): Transfer[] {
  // Each side sorted so that the next to settle is last; each balance only shrinks towards zero, so plain
  // safe integers suffice.
  const settlesLater = (a: Entry, b: Entry): boolean => {
    const x = Math.abs(a.value);
    const y = Math.abs(b.value);
    return x === y ? a.id > b.id : largest ? x < y : x > y;
  };
  const byTurn = (a: Entry, b: Entry) => (settlesLater(a, b) ? -1 : 1);
  const debtors = entries
    .filter((e) => e.value < 0)
    .map((e) => ({ ...e }))
    .sort(byTurn);
  const creditors = entries
    .filter((e) => e.value > 0)
    .map((e) => ({ ...e }))
    .sort(byTurn);
  const putBack = (side: Entry[], e: Entry) => {
    let low = 0;
    let high = side.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (settlesLater(side[mid]!, e)) low = mid + 1;
      else high = mid;
    }
    side.splice(low, 0, e);
  };
  const transfers: Transfer[] = [];
  for (;;) {
    const debtor = debtors.pop();
    const creditor = creditors.pop();
    if (!debtor || !creditor) return transfers;
    const amount = Math.min(-debtor.value, creditor.value);
    transfers.push({ from: debtor.id, to: creditor.id, amount });
    debtor.value += amount;
    creditor.value -= amount;
    if (debtor.value !== 0) putBack(debtors, debtor);
    if (creditor.value !== 0) putBack(creditors, creditor);
  }
}
