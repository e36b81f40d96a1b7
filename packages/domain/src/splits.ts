// How an expense's amount is shared among its participants. Shares always sum exactly to the amount.
import { allocate, leftoverCount } from './allocate';
import { decimalOfNumber, formatScaled, parseAmount, sumMinor, toDecimal } from './money';
import { type ValueKind, valueMessageWords } from './valueMessages';

export const SPLIT_TYPES = ['equal', 'percentage', 'shares', 'exact', 'adjustment'] as const;
export type SplitType = (typeof SPLIT_TYPES)[number];

export const SPLIT_TYPE_LABELS: Readonly<Record<SplitType, string>> = {
  equal: 'Split Equally',
  percentage: 'Split by Percentage',
  shares: 'Split by Shares',
  exact: 'Exact Amounts',
  adjustment: 'Equal with Adjustments',
};

export const DEFAULT_SPLIT_TYPE: SplitType = 'equal';

export function isSplitType(value: unknown): value is SplitType {
  return typeof value === 'string' && (SPLIT_TYPES as readonly string[]).includes(value);
}

/** Keyed by participant id. amounts and adjustments are minor units; percentages and shares plain numbers. */
export interface SplitDetails {
  percentages?: Record<string, number>;
  shares?: Record<string, number>;
  amounts?: Record<string, number>;
  adjustments?: Record<string, number>;
}

/** The SplitDetails map that holds each split type's values (an equal split needs none). */
export const SPLIT_DETAILS_FIELD = {
  percentage: 'percentages',
  shares: 'shares',
  exact: 'amounts',
  adjustment: 'adjustments',
} as const satisfies Record<Exclude<SplitType, 'equal'>, keyof SplitDetails>;

export interface SplitInput {
  amount: number;
  participants: string[];
  split_type: SplitType | (string & {});
  details?: SplitDetails;
  /**
   * Where the leftover units (those a split cannot divide evenly) start: they go one each in participant
   * id order from the (rotation mod n)-th id, wrapping round. A group keeps a counter of the leftover
   * units it has handed out and gives each new expense the counter as its rotation (then moves the
   * counter on by `leftoverUnits`), so leftovers go round the members instead of always to the same one.
   * 0 (the default) starts at the smallest id.
   */
  rotation?: number;
}

export class SplitError extends Error {
  override name = 'SplitError';
  readonly field: string | undefined;
  constructor(message: string, field?: string) {
    super(message);
    this.field = field;
  }
}

export type SplitResult = { ok: true; shares: Record<string, number> } | { ok: false; error: SplitError };

export function trySplitExpense(input: SplitInput): SplitResult {
  try {
    return { ok: true, shares: splitExpense(input) };
  } catch (error) {
    if (error instanceof SplitError) return { ok: false, error };
    throw error;
  }
}

/** Each participant's share in minor units; throws a SplitError for any invalid input. */
export function splitExpense(input: SplitInput): Record<string, number> {
  const { amount, participants, split_type, details = {}, rotation = 0 } = input;
  if (!Number.isSafeInteger(rotation))
    throw new SplitError('The rotation must be a whole number', 'rotation');
  if (!isSplitType(split_type)) throw new SplitError('Invalid split type', 'split_type');
  if (!Number.isSafeInteger(amount))
    throw new SplitError('Amount must be a whole number of minor units', 'amount');
  if (amount <= 0) throw new SplitError('Amount must be greater than 0', 'amount');
  checkParticipants(participants);

  switch (split_type) {
    case 'equal':
      return byWeights(
        amount,
        participants,
        participants.map(() => 1),
        rotation,
      );
    case 'percentage':
      return byWeights(amount, participants, percentageWeights(details, participants), rotation);
    case 'shares':
      return byWeights(amount, participants, shareWeights(details, participants), rotation);
    case 'exact': {
      const amounts = values(details.amounts, participants, 'amounts', 'amount');
      minorValues(amounts, 'amounts');
      if (checkedSum(amounts, 'amounts') !== BigInt(amount))
        throw new SplitError('The amounts must add up to the total', 'amounts');
      return Object.fromEntries(participants.map((p, i) => [p, amounts[i]!]));
    }
    case 'adjustment': {
      const adjustments = values(details.adjustments, participants, 'adjustments', 'adjustment', true);
      minorValues(adjustments, 'adjustments');
      const rest = BigInt(amount) - checkedSum(adjustments, 'adjustments');
      if (rest < -MAX_SAFE || rest > MAX_SAFE)
        throw new SplitError('Adjustments are too large', 'adjustments');
      // The leftover units of the equal part start at `rotation`; where a unit taken from someone (a rest
      // below zero) would make their share negative, they start at the next place that makes none negative,
      // so a split valid at one rotation is valid at every rotation a group's counter may reach.
      for (let step = 0; step < participants.length; step++) {
        const base = allocate(
          Number(rest),
          participants.map(() => 1),
          participants,
          rotation + step,
        );
        const shares = base.map((b, i) => b + adjustments[i]!);
        if (shares.every((s) => s >= 0))
          return Object.fromEntries(participants.map((p, i) => [p, shares[i]!]));
      }
      throw new SplitError('Adjustments cannot make a share negative', 'adjustments');
    }
  }
}

/**
 * What is wrong with a split configuration kept without an amount (a group's default split), or null: the
 * rules of splitExpense that hold whatever the amount. The participants must be distinct ids, percentages
 * add up to exactly 100 and shares be whole with at least one above zero, with splitExpense's messages.
 * Exact amounts and adjustments can only be judged against a total, so they pass here.
 */
export function splitConfigError(
  split_type: SplitType,
  details: SplitDetails,
  participants: readonly string[],
): SplitError | null {
  try {
    if (split_type !== 'percentage' && split_type !== 'shares') return null;
    checkParticipants(participants);
    if (split_type === 'percentage') percentageWeights(details, participants);
    else shareWeights(details, participants);
    return null;
  } catch (error) {
    if (error instanceof SplitError) return error;
    throw error;
  }
}

function percentageWeights(details: SplitDetails, participants: readonly string[]): number[] {
  const pct = values(details.percentages, participants, 'percentages', 'percentage');
  if (!isExactly100(pct)) throw new SplitError('Percentages must add up to 100%', 'percentages');
  return pct;
}

function shareWeights(details: SplitDetails, participants: readonly string[]): number[] {
  const shares = values(details.shares, participants, 'shares', 'share');
  if (shares.some((s) => !Number.isInteger(s)))
    throw new SplitError('Shares must be whole numbers', 'shares');
  if (shares.some((s) => !Number.isSafeInteger(s))) throw new SplitError('Shares are too large', 'shares');
  if (!shares.some((s) => s > 0)) throw new SplitError('At least one participant must have shares', 'shares');
  return shares;
}

function checkParticipants(participants: readonly string[]): void {
  if (!Array.isArray(participants) || participants.length === 0) {
    throw new SplitError('At least one participant required', 'participants');
  }
  if (participants.some((p) => typeof p !== 'string' || p.trim() === '')) {
    throw new SplitError('Every participant needs an id', 'participants');
  }
  if (new Set(participants).size !== participants.length) {
    throw new SplitError('Each participant can appear only once', 'participants');
  }
}

/** The participants' values in participant order (missing = 0); rejects keys of non-participants. */
function values(
  record: Record<string, number> | undefined,
  participants: readonly string[],
  field: string,
  what: ValueKind,
  allowNegative = false,
): number[] {
  const map = record ?? {};
  const members = new Set(participants);
  for (const key of Object.keys(map)) {
    if (!members.has(key))
      throw new SplitError(valueMessageWords({ id: 'valueNotParticipating', values: { what } }), field);
  }
  return participants.map((p) => {
    const v = Object.hasOwn(map, p) ? map[p] : 0;
    if (typeof v !== 'number' || !Number.isFinite(v))
      throw new SplitError(valueMessageWords({ id: 'valueNotNumber', values: { what } }), field);
    if (!allowNegative && v < 0)
      throw new SplitError(valueMessageWords({ id: 'valueNegative', values: { what } }), field);
    return v;
  });
}

function minorValues(values: readonly number[], field: string): void {
  if (values.some((v) => !Number.isSafeInteger(v))) {
    throw new SplitError('Amounts must be whole numbers of minor units', field);
  }
}

const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

function checkedSum(values: readonly number[], field: string): bigint {
  const total = values.reduce((sum, v) => sum + BigInt(v), 0n);
  if (total < -MAX_SAFE || total > MAX_SAFE) throw new SplitError('Amounts are too large', field);
  return total;
}

function byWeights(
  amount: number,
  participants: string[],
  weights: number[],
  rotation: number,
): Record<string, number> {
  const parts = allocate(amount, weights, participants, rotation);
  return Object.fromEntries(participants.map((p, i) => [p, parts[i]!]));
}

/**
 * How many leftover units a valid split hands out (what a group's leftover counter moves on by): the
 * units an equal, percentage or shares split, or the equal part of an adjustment split, cannot divide in
 * proportion; 0 for exact amounts. The same whatever the rotation. Throws a SplitError for invalid input.
 */
export function leftoverUnits(input: SplitInput): number {
  splitExpense(input);
  const { amount, participants, details = {} } = input;
  const ones = participants.map(() => 1);
  const valuesOf = (record: Record<string, number> | undefined) =>
    participants.map((p) => (record && Object.hasOwn(record, p) ? (record[p] as number) : 0));
  switch (input.split_type as SplitType) {
    case 'equal':
      return leftoverCount(amount, ones);
    case 'percentage':
      return leftoverCount(amount, valuesOf(details.percentages));
    case 'shares':
      return leftoverCount(amount, valuesOf(details.shares));
    case 'adjustment': {
      const rest = valuesOf(details.adjustments).reduce((sum, a) => sum - BigInt(a), BigInt(amount));
      return leftoverCount(Number(rest), ones);
    }
    case 'exact':
      return 0;
  }
}

/**
 * The rotation (where the leftover units start) with which the split makes exactly `shares`, trying
 * `preferred` first, then 0 to n - 1 (every place the leftovers can start); null when none does. How an
 * import makes the very same shares as the file although the participants' ids (and so their order) are
 * new; when the leftovers fell on people who are no longer neighbours in the new order, none does.
 */
export function rotationFor(
  input: Omit<SplitInput, 'rotation'>,
  shares: Readonly<Record<string, number>>,
  preferred = 0,
): number | null {
  const n = input.participants.length;
  for (const rotation of [preferred, ...Array.from({ length: n }, (_, i) => i)]) {
    // An adjustment split may be valid with some rotations only (a leftover unit on a share of 0 - 1).
    const made = trySplitExpense({ ...input, rotation });
    if (made.ok && input.participants.every((p) => made.shares[p] === shares[p])) return rotation;
  }
  return null;
}

/** The exact sum of decimal numbers as units of 10^-scale. */
function exactSum(values: readonly number[]): { units: bigint; scale: number } {
  const decimals = values.map(decimalOfNumber);
  const scale = Math.max(0, ...decimals.map((d) => d.scale));
  let units = 0n;
  for (const d of decimals) units += (d.negative ? -1n : 1n) * d.coefficient * 10n ** BigInt(scale - d.scale);
  return { units, scale };
}

function isExactly100(values: readonly number[]): boolean {
  const { units, scale } = exactSum(values);
  return units === 100n * 10n ** BigInt(scale);
}

/**
 * The running total the Configure Split dialog shows, summed exactly from the decimal text of each
 * percentage (33.33 + 33.33 + 33.34 is exactly 100). Entries that are not finite numbers count as 0.
 */
export function percentageTotal(percentages: Record<string, number | null | undefined>): number {
  const list = Object.values(percentages).filter(
    (v): v is number => typeof v === 'number' && Number.isFinite(v),
  );
  const { units, scale } = exactSum(list);
  return Number(formatScaled(units, scale));
}

/** Total minus the entered exact amounts (minor units): the "remaining" line of the dialog. */
export function exactRemaining(
  totalMinor: number,
  amounts: Record<string, number | null | undefined>,
): number {
  const entered = Object.values(amounts).filter((v): v is number => typeof v === 'number');
  return sumMinor([totalMinor, -sumMinor(entered)]);
}

/**
 * Section 4's defaults when a split type is chosen. Percentages: 100 for one participant, else 100 / count
 * with at most two decimals, apportioned in basis points so they sum to exactly 100 (3 people: the first id
 * in code unit order gets 33.34, the others 33.33). Shares 1 each; exact and adjustment 0; equal none.
 */
export function defaultSplitDetails(type: SplitType, participants: readonly string[]): SplitDetails {
  const each = (value: (i: number) => number) =>
    Object.fromEntries(participants.map((p, i) => [p, value(i)]));
  switch (type) {
    case 'equal':
      return {};
    case 'percentage': {
      if (participants.length === 0) return { percentages: {} };
      const bp = allocate(
        10000,
        participants.map(() => 1),
        participants,
      );
      return { percentages: each((i) => Number(formatScaled(BigInt(bp[i]!), 2))) };
    }
    case 'shares':
      return { shares: each(() => 1) };
    case 'exact':
      return { amounts: each(() => 0) };
    case 'adjustment':
      return { adjustments: each(() => 0) };
  }
}

/** split_details as JSON carries it: amounts and adjustments as decimals of the currency. */
export interface WireSplitDetails {
  percentages?: Record<string, number>;
  shares?: Record<string, number>;
  amounts?: Record<string, number>;
  adjustments?: Record<string, number>;
}

export function splitDetailsToWire(details: SplitDetails, currency: string): WireSplitDetails {
  const decimals = (record: Record<string, number>) =>
    Object.fromEntries(Object.entries(record).map(([id, minor]) => [id, toDecimal(minor, currency)]));
  const wire: WireSplitDetails = {};
  if (details.percentages) wire.percentages = { ...details.percentages };
  if (details.shares) wire.shares = { ...details.shares };
  if (details.amounts) wire.amounts = decimals(details.amounts);
  if (details.adjustments) wire.adjustments = decimals(details.adjustments);
  return wire;
}

export type WireDetailsResult = { ok: true; details: SplitDetails } | { ok: false; error: SplitError };

/**
 * JSON split_details into domain units (amounts and adjustments parsed exactly with parseAmount). Fails with
 * parseAmount's message and the field ('amounts' or 'adjustments') when a value is not a valid decimal.
 */
export function trySplitDetailsFromWire(
  wire: WireSplitDetails | null | undefined,
  currency: string,
): WireDetailsResult {
  const details: SplitDetails = {};
  if (!wire) return { ok: true, details };
  if (wire.percentages) details.percentages = { ...wire.percentages };
  if (wire.shares) details.shares = { ...wire.shares };
  for (const field of ['amounts', 'adjustments'] as const) {
    const record = wire[field];
    if (!record) continue;
    const out: Record<string, number> = {};
    for (const [id, value] of Object.entries(record)) {
      // The sign is splitExpense's to check (with its own message); the decimals and the maximum are here.
      const parsed = parseAmount(value, currency, 'signed');
      if (!parsed.ok) return { ok: false, error: new SplitError(parsed.error, field) };
      out[id] = parsed.value;
    }
    details[field] = out;
  }
  return { ok: true, details };
}

/** JSON split_details into domain units; null when an amount is not a valid decimal of the currency. */
export function splitDetailsFromWire(
  wire: WireSplitDetails | null | undefined,
  currency: string,
): SplitDetails | null {
  const result = trySplitDetailsFromWire(wire, currency);
  return result.ok ? result.details : null;
}
