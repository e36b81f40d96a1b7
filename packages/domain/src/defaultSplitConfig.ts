// A group's default split travels as lists of { user_id, value } (the contract's DefaultSplitConfig); a split
// is worked on as the domain's SplitDetails maps (the web's Configure Split dialog, the CLI's add). Every client
// applies a group's default the same way: groupDefaultDetails.
import { splitDetailsForMembers } from './defaultSplit';
import { toDecimal } from './money';
import { parseSplitConfig } from './members';
import {
  SPLIT_DETAILS_FIELD,
  type SplitDetails,
  type SplitType,
  splitDetailsFromWire,
  type WireSplitDetails,
} from './splits';

/** The contract's DefaultSplitConfig: a group's default split as lists of user id and value (decimals). */
export interface DefaultSplitConfig {
  percentages?: { user_id: string; percentage: number }[];
  shares?: { user_id: string; shares: number }[];
  amounts?: { user_id: string; amount: number }[];
  adjustments?: { user_id: string; amount: number }[];
}

function toRecord<E extends { user_id: string }>(
  list: readonly E[] | undefined,
  pick: (entry: E) => number,
): Record<string, number> | undefined {
  return list ? Object.fromEntries(list.map((e) => [e.user_id, pick(e)])) : undefined;
}

/** The stored config as SplitDetails (null when there is none or it cannot be read). */
export function configToDetails(config: unknown, currency: string): SplitDetails | null {
  const parsed = parseSplitConfig(config) as DefaultSplitConfig | null;
  if (!parsed) return null;
  const wire: WireSplitDetails = {};
  const percentages = toRecord(parsed.percentages, (e) => e.percentage);
  const shares = toRecord(parsed.shares, (e) => e.shares);
  const amounts = toRecord(parsed.amounts, (e) => e.amount);
  const adjustments = toRecord(parsed.adjustments, (e) => e.amount);
  if (percentages) wire.percentages = percentages;
  if (shares) wire.shares = shares;
  if (amounts) wire.amounts = amounts;
  if (adjustments) wire.adjustments = adjustments;
  return splitDetailsFromWire(wire, currency);
}

/**
 * A group's default split for an expense among `ids`: its stored details, kept for the people named and
 * the domain's default for newcomers; null when the draft's own defaults for the type will do (equal, an
 * exact split, which depends on the amount, or no stored config).
 */
export function groupDefaultDetails(
  group: { default_split_type: SplitType; default_split_config?: unknown; currency: string },
  ids: readonly string[],
): SplitDetails | null {
  const type = group.default_split_type;
  const stored = configToDetails(group.default_split_config, group.currency);
  if (!stored || type === 'equal' || type === 'exact') return null;
  return splitDetailsForMembers(type, stored, ids);
}

/**
 * SplitDetails of `type` as the config lists the server stores: one entry per id of `ids`, in that order
 * (anyone without a value counts 0), amounts and adjustments as decimals of `currency`; null for an equal split.
 */
export function detailsToConfig(
  type: SplitType,
  details: SplitDetails,
  currency: string,
  ids: readonly string[],
): DefaultSplitConfig | null {
  if (type === 'equal') return null;
  const record = details[SPLIT_DETAILS_FIELD[type]];
  const value = (id: string) => record?.[id] ?? 0;
  const decimal = (id: string) => toDecimal(value(id), currency);
  switch (type) {
    case 'percentage':
      return { percentages: ids.map((user_id) => ({ user_id, percentage: value(user_id) })) };
    case 'shares':
      return { shares: ids.map((user_id) => ({ user_id, shares: value(user_id) })) };
    case 'exact':
      return { amounts: ids.map((user_id) => ({ user_id, amount: decimal(user_id) })) };
    case 'adjustment':
      return { adjustments: ids.map((user_id) => ({ user_id, amount: decimal(user_id) })) };
  }
}
