import type { Db } from '../db';
import { decodeCursor, encodeCursor } from '../expenses/cursor';
import { nextLeftoverStart } from '../expenses/repo';
import { notFound } from '../http/errors';
import { PERSONAL_SCOPE, scopeBalances, userBalances, type BalanceRow } from '../ledger/ledger';
import type { CurrentUser } from '../users/repo';
import { callerBalance, memberBalances } from './balances';
import { firstExpensesPage } from './expenses';
import { type GroupDetailJson, type GroupSummaryJson, toGroupDetail, toGroupSummary } from './present';
import { findGroupForMember, type GroupRow, groupsOfUser, membersOfGroups, searchGroupsOfUser } from './repo';

export const SEARCH_LIMIT = 20;

/**
 * Summaries of several groups for one caller in a constant number of queries (members of all groups at
 * once, the caller's ledger rows at once), whatever the number of groups.
 */
export async function summarize(
  db: Db,
  groups: readonly GroupRow[],
  callerId: string,
): Promise<GroupSummaryJson[]> {
  if (groups.length === 0) return [];
  const members = await membersOfGroups(
    db,
    groups.map((g) => g.id),
  );
  const balances = (await userBalances(db, callerId)).filter((row) => row.scope_id !== PERSONAL_SCOPE);
  const membersBy = groupBy(members, (m) => m.group_id);
  const balancesBy = groupBy(balances, (b) => b.scope_id);
  return groups.map((group) =>
    toGroupSummary(
      group,
      membersBy.get(group.id) ?? [],
      callerBalance(balancesBy.get(group.id) ?? [], group.currency),
    ),
  );
}

/** A page of the caller's groups holds at most this many (the contract's `limit`, default and most). */
export const GROUPS_PAGE_SIZE = 100;

/** One page of the caller's groups, newest first; `nextCursor` continues it (null at the end). */
export async function listGroups(
  db: Db,
  caller: CurrentUser,
  page: { limit?: number; cursor?: string } = {},
): Promise<{ groups: GroupSummaryJson[]; nextCursor: string | null }> {
  const after = decodeCursor(page.cursor);
  const limit = Math.min(Math.max(Math.trunc(page.limit ?? GROUPS_PAGE_SIZE), 1), GROUPS_PAGE_SIZE);
  const rows = await groupsOfUser(db, caller.id, after, limit + 1);
  const shown = rows.slice(0, limit);
  const last = shown.at(-1);
  return {
    groups: await summarize(db, shown, caller.id),
    nextCursor: rows.length > limit && last ? encodeCursor({ micros: last.micros, id: last.id }) : null,
  };
}

/** A blank term finds nothing (rather than every group). */
export async function searchGroups(db: Db, caller: CurrentUser, term: string): Promise<GroupSummaryJson[]> {
  const trimmed = term.trim();
  if (trimmed === '') return [];
  return summarize(db, await searchGroupsOfUser(db, caller.id, trimmed, SEARCH_LIMIT), caller.id);
}

/** The group page of a member; 404 for anyone else, exactly as for an unknown id. */
export async function getGroupDetail(db: Db, groupId: string, callerId: string): Promise<GroupDetailJson> {
  const group = await findGroupForMember(db, groupId, callerId);
  if (!group) throw notFound();
  return detailOf(db, group, callerId);
}

export async function detailOf(db: Db, group: GroupRow, callerId: string): Promise<GroupDetailJson> {
  const members = await membersOfGroups(db, [group.id]);
  const scope: BalanceRow[] = await scopeBalances(db, group.id);
  const summary = toGroupSummary(
    group,
    members,
    callerBalance(
      scope.filter((row) => row.user_id === callerId),
      group.currency,
    ),
  );
  return toGroupDetail(
    summary,
    memberBalances(
      scope,
      members.map((m) => m.id),
      group.currency,
    ),
    await firstExpensesPage(db, group.id),
    await nextLeftoverStart(db, group.id),
  );
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = map.get(k);
    if (list) list.push(item);
    else map.set(k, [item]);
  }
  return map;
}
