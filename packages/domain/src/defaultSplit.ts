// A group's default split applied to the people it is used for (the group's members, an expense's people).
import {
  defaultSplitDetails,
  percentageTotal,
  SPLIT_DETAILS_FIELD,
  type SplitDetails,
  type SplitType,
} from './splits';

/**
 * The details of `type` for exactly `memberIds`, from a stored default split. It may name only some of them:
 * anyone it leaves out counts as 0 (the contract's rule), and people it names who are not in `memberIds` are
 * dropped. When it names none of them, or the percentages no longer add up to 100, the domain's defaults for
 * the type are used instead. An equal split has no details.
 */
export function splitDetailsForMembers(
  type: SplitType,
  details: SplitDetails | null,
  memberIds: readonly string[],
): SplitDetails {
  if (type === 'equal') return {};
  const field = SPLIT_DETAILS_FIELD[type];
  const record = details?.[field] ?? {};
  const kept = memberIds.filter((id) => Object.hasOwn(record, id));
  if (kept.length === 0) return defaultSplitDetails(type, memberIds);
  const values = Object.fromEntries(memberIds.map((id) => [id, Object.hasOwn(record, id) ? record[id]! : 0]));
  if (type === 'percentage' && percentageTotal(values) !== 100) return defaultSplitDetails(type, memberIds);
  return { [field]: values };
}
