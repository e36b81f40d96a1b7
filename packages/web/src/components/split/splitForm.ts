// The Configure Split dialog's form state: one text per participant, read into the domain's SplitDetails.
// Every rule (defaults, sums, what is valid) is the domain's; this file only moves between text and numbers.
import {
  defaultSplitDetails,
  formatMoney,
  parseDecimalText,
  parseMoney,
  SPLIT_DETAILS_FIELD,
  type SplitDetails,
  type SplitType,
  splitConfigError,
  trySplitExpense,
  type ValueKind,
  valueMessageWords,
} from '@kitty/domain';

/** The split types the dialog configures (equal needs nothing). */
export type ConfigurableSplitType = Exclude<SplitType, 'equal'>;

/** The text of each participant's input, by participant id. */
export type SplitTexts = Record<string, string>;

/**
 * The starting texts: the given details where they have a value for the person, else the domain's default
 * for the type. Exact amounts of 0 are blank (spec: "exact: 0 (blank in the dialog)").
 */
export function textsFromDetails(
  type: ConfigurableSplitType,
  details: SplitDetails | null | undefined,
  ids: readonly string[],
  currency: string,
): SplitTexts {
  const field = SPLIT_DETAILS_FIELD[type];
  const defaults = defaultSplitDetails(type, ids)[field] ?? {};
  const given = details?.[field] ?? {};
  const allGiven = ids.every((id) => Object.hasOwn(given, id));
  // Percentages only make sense as a whole set: a partial set is spread again.
  const source = type === 'percentage' && !allGiven ? defaults : { ...defaults, ...given };
  return Object.fromEntries(
    ids.map((id) => {
      const value = source[id] ?? 0;
      if (type === 'exact') return [id, value === 0 ? '' : formatMoney(value, currency)];
      if (type === 'adjustment') return [id, value === 0 ? '0' : formatMoney(value, currency)];
      return [id, String(value)];
    }),
  );
}

export type ReadResult = { ok: true; details: SplitDetails } | { ok: false; error: string };

/** What one value of each type is, as the domain's messages name it. */
const VALUE_KIND: Record<ConfigurableSplitType, ValueKind> = {
  percentage: 'percentage',
  shares: 'share',
  exact: 'amount',
  adjustment: 'adjustment',
};

/** The texts as domain details (amounts and adjustments in minor units). A blank input counts as 0. */
export function detailsFromTexts(
  type: ConfigurableSplitType,
  texts: SplitTexts,
  ids: readonly string[],
  currency: string,
): ReadResult {
  const values: Record<string, number> = {};
  for (const id of ids) {
    const text = (texts[id] ?? '').trim();
    if (text === '') {
      values[id] = 0;
    } else if (type === 'exact' || type === 'adjustment') {
      const parsed = parseMoney(text, currency);
      if (!parsed.ok) return { ok: false, error: parsed.error };
      values[id] = parsed.value;
    } else {
      if (parseDecimalText(text) === null)
        return {
          ok: false,
          error: valueMessageWords({ id: 'valueNotNumber', values: { what: VALUE_KIND[type] } }),
        };
      values[id] = Number(text);
    }
  }
  return { ok: true, details: { [SPLIT_DETAILS_FIELD[type]]: values } };
}

/**
 * The domain's message when the configuration cannot be saved, else null. Without a total (a group's
 * default split) the domain's rules that need no amount (splitConfigError).
 */
export function splitProblem(
  type: ConfigurableSplitType,
  details: SplitDetails,
  ids: readonly string[],
  totalMinor: number | null | undefined,
): string | null {
  if (typeof totalMinor !== 'number' || totalMinor <= 0) {
    return splitConfigError(type, details, ids)?.message ?? null;
  }
  const result = trySplitExpense({ amount: totalMinor, participants: [...ids], split_type: type, details });
  return result.ok ? null : result.error.message;
}

/**
 * Each person's resulting share in minor units, when a total is known and the configuration is valid.
 * `rotation` is where the leftover units start, the one the server will split with (see leftoverStart).
 */
export function previewShares(
  type: ConfigurableSplitType,
  details: SplitDetails,
  ids: readonly string[],
  totalMinor: number | null | undefined,
  rotation = 0,
): Record<string, number> | null {
  if (typeof totalMinor !== 'number' || totalMinor <= 0 || ids.length === 0) return null;
  const result = trySplitExpense({
    amount: totalMinor,
    participants: [...ids],
    split_type: type,
    details,
    rotation,
  });
  return result.ok ? result.shares : null;
}
