import type { components } from '@kitty/api/schema';
import { parseSplitConfig } from '@kitty/domain';
import { toUserJson } from '../users/present';
import type { CallerBalance } from './balances';
import type { GroupRow, MemberPerson } from './repo';

export type GroupSummaryJson = components['schemas']['GroupSummary'];
export type GroupDetailJson = components['schemas']['GroupDetail'];
type SplitType = components['schemas']['SplitType'];
type DefaultSplitConfig = components['schemas']['DefaultSplitConfig'];

/** A group as the lists show it: members, the caller's balance in the group currency and beside it. */
export function toGroupSummary(
  group: GroupRow,
  members: readonly MemberPerson[],
  caller: CallerBalance,
): GroupSummaryJson {
  return {
    id: group.id,
    name: group.name,
    description: group.description,
    currency: group.currency,
    created_by: group.created_by,
    default_split_type: group.default_split_type as SplitType,
    default_split_config: parseSplitConfig(group.default_split_config) as DefaultSplitConfig | null,
    Members: members.map(toUserJson),
    memberCount: members.length,
    balance: caller.balance,
    balances: caller.balances,
    version: group.version,
    created_at: group.created_at.toISOString(),
  };
}

/** One group's page: the summary plus every member's balance and the first page of expenses. */
export function toGroupDetail(
  summary: GroupSummaryJson,
  memberBalances: Record<string, number>,
  expenses: { expenses: GroupDetailJson['expenses']; nextCursor: string | null },
  nextLeftoverStart: number,
): GroupDetailJson {
  return {
    ...summary,
    memberBalances,
    expenses: expenses.expenses,
    expensesNextCursor: expenses.nextCursor,
    next_leftover_start: nextLeftoverStart,
  };
}
