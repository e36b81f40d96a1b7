// Largest-remainder apportionment of an integer total, in BigInt arithmetic only.
import { decimalOfNumber } from './money';
import { byCodeUnit } from './order';

export class AllocationError extends Error {
  override name = 'AllocationError';
}

/**
 * Splits `total` minor units in proportion to `weights`; the parts always sum exactly to `total`.
 *
 * Weights may be decimals (percentages like 33.33): each is read exactly from its shortest decimal text
 * (33.33 is 3333/100, never the float) and all are scaled to integers by the same power of ten.
 * Each part is floor(|total| * w / W); the units left over go one each to the largest remainders.
 * Ties go to the smallest key (by code unit order) when `keys` are given, so the same (key, weight) pairs
 * in any order get the same parts; with a `rotation` r they go in key order starting at the (r mod n)-th
 * smallest key and wrapping round, which is how a group spreads its leftover units (see `leftoverUnits`). Without keys, ties go to the larger weight, and only between exactly
 * equal weights to the earlier position: the same weights in any order get the same (weight, part) pairs
 * (allocate(2, [1, 3]) is [0, 2] and allocate(2, [3, 1]) is [2, 0]); equal weights may swap their parts,
 * which differ by at most one unit.
 * A negative total is allocated as its absolute value and negated, so allocate(-t) = -allocate(t).
 * Equal weights get parts that differ by at most one unit; a zero weight always gets 0.
 */
export function allocate(
  total: number,
  weights: readonly number[],
  keys?: readonly string[],
  rotation = 0,
): number[] {
  if (!Number.isSafeInteger(total))
    throw new AllocationError('The total must be a whole number of minor units');
  if (weights.length === 0) throw new AllocationError('At least one weight is required');
  if (keys) {
    if (keys.length !== weights.length) throw new AllocationError('There must be one key per weight');
    if (new Set(keys).size !== keys.length) throw new AllocationError('Keys must be unique');
  }
  if (!Number.isSafeInteger(rotation)) throw new AllocationError('The rotation must be a whole number');
  const scaled = scaleWeights(weights);
  const sum = scaled.reduce((a, b) => a + b, 0n);
  if (sum === 0n) throw new AllocationError('At least one weight must be greater than zero');

  const magnitude = BigInt(Math.abs(total));
  const parts = scaled.map((w) => (magnitude * w) / sum);
  const remainders = scaled.map((w) => (magnitude * w) % sum);
  let left = magnitude - parts.reduce((a, b) => a + b, 0n);

  const turn = keys ? rotatedRanks(keys, rotation) : [];
  const order = weights.map((_, i) => i);
  order.sort((a, b) => {
    const ra = remainders[a]!;
    const rb = remainders[b]!;
    if (ra !== rb) return ra > rb ? -1 : 1;
    if (keys) return turn[a]! - turn[b]!;
    const wa = scaled[a]!;
    const wb = scaled[b]!;
    if (wa !== wb) return wa > wb ? -1 : 1;
    return a - b;
  });
  for (const i of order) {
    if (left === 0n) break;
    parts[i]! += 1n;
    left -= 1n;
  }
  const sign = total < 0 ? -1 : 1;
  return parts.map((p) => (p === 0n ? 0 : sign * Number(p)));
}

/** Each key's place in the tie order: its rank by code unit order, counted from the (rotation mod n)-th. */
function rotatedRanks(keys: readonly string[], rotation: number): number[] {
  const n = keys.length;
  const byKey = keys.map((_, i) => i).sort((a, b) => byCodeUnit(keys[a]!, keys[b]!));
  const start = ((rotation % n) + n) % n;
  const ranks = new Array<number>(n);
  byKey.forEach((index, rank) => {
    ranks[index] = (rank - start + n) % n;
  });
  return ranks;
}

/**
 * How many units `allocate(total, weights)` hands out by remainder rather than by proportion: |total|
 * minus the sum of the floors. It does not depend on keys or rotation.
 */
export function leftoverCount(total: number, weights: readonly number[]): number {
  const scaled = scaleWeights(weights);
  const sum = scaled.reduce((a, b) => a + b, 0n);
  if (sum === 0n) return 0;
  const magnitude = BigInt(Math.abs(total));
  return Number(magnitude - scaled.reduce((acc, w) => acc + (magnitude * w) / sum, 0n));
}

function scaleWeights(weights: readonly number[]): bigint[] {
  const decimals = weights.map((w, i) => {
    if (typeof w !== 'number' || Number.isNaN(w))
      throw new AllocationError(`Weight ${i + 1} is not a number`);
    if (!Number.isFinite(w)) throw new AllocationError(`Weight ${i + 1} must be finite`);
    if (w < 0) throw new AllocationError(`Weight ${i + 1} must not be negative`);
    return decimalOfNumber(w);
  });
  const scale = Math.max(...decimals.map((d) => d.scale));
  return decimals.map((d) => d.coefficient * 10n ** BigInt(scale - d.scale));
}
