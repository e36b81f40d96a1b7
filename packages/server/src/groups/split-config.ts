import type { components } from '@kitty/api/schema';
import { parseMoney, splitConfigError } from '@kitty/domain';
import type { FieldError } from '../http/errors';

export type DefaultSplitConfig = components['schemas']['DefaultSplitConfig'];

export const NOT_A_MEMBER = 'Everyone in the default split must be a member of the group';
export const LISTED_TWICE = 'Each member can appear only once in the default split';

/**
 * What is wrong with a group's default split (empty when nothing): every person listed must be a member and
 * appear once per list; percentages must add up to exactly 100 and shares be whole with at least one
 * nonzero, by the domain's split rules; amounts and adjustments must be amounts of the group currency.
 */
export function splitConfigProblems(
  config: DefaultSplitConfig | null | undefined,
  memberIds: readonly string[],
  currency: string,
): FieldError[] {
  if (!config) return [];
  const members = new Set(memberIds);
  const problems: FieldError[] = [];
  const field = (list: string) => `default_split_config.${list}`;

  const lists: [string, readonly { user_id: string }[] | undefined][] = [
    ['percentages', config.percentages],
    ['shares', config.shares],
    ['amounts', config.amounts],
    ['adjustments', config.adjustments],
  ];
  for (const [list, entries] of lists) {
    if (!entries) continue;
    const ids = entries.map((e) => e.user_id);
    if (ids.some((id) => !members.has(id))) problems.push({ field: field(list), message: NOT_A_MEMBER });
    else if (new Set(ids).size !== ids.length) problems.push({ field: field(list), message: LISTED_TWICE });
  }
  if (problems.length > 0) return problems;

  const check = (
    type: 'percentage' | 'shares',
    list: 'percentages' | 'shares',
    values: [string, number][],
  ) => {
    if (values.length === 0) return;
    const error = splitConfigError(
      type,
      { [list]: Object.fromEntries(values) },
      values.map(([id]) => id),
    );
    if (error) problems.push({ field: field(list), message: error.message });
  };
  check(
    'percentage',
    'percentages',
    (config.percentages ?? []).map((e) => [e.user_id, e.percentage]),
  );
  check(
    'shares',
    'shares',
    (config.shares ?? []).map((e) => [e.user_id, e.shares]),
  );
  for (const list of ['amounts', 'adjustments'] as const) {
    for (const entry of config[list] ?? []) {
      const parsed = parseMoney(entry.amount, currency);
      if (!parsed.ok) {
        problems.push({ field: field(list), message: parsed.error });
        break;
      }
    }
  }
  return problems;
}

/** Whether the split config only names people in `memberIds` and still holds (kept across a settings save). */
export function stillFits(
  config: DefaultSplitConfig | null | undefined,
  memberIds: readonly string[],
  currency: string,
): boolean {
  return splitConfigProblems(config, memberIds, currency).length === 0;
}
