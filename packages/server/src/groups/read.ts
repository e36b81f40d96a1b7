import type { Db } from '../db';
import { decodeCursor, encodeCursor } from '../expenses/cursor';
import { notFound } from '../http/errors';
import { PERSONAL_SCOPE, userBalances } from '../ledger/ledger';
import type { CurrentUser } from '../users/repo';
import { callerBalance, memberBalances } from './balances';
import { firstExpensesPage } from './expenses';
import { type GroupDetailJson, type GroupSummaryJson, toGroupDetail, toGroupSummary } from './present';
import {
  findGroupView,
  type GroupRow,
  type GroupView,
  groupsOfUser,
  membersOfGroups,
  searchGroupsOfUser,
} from './repo';

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

/** The group page of a member; 404 for anyone else, exactly as for an unknown id. Two statements. */
export async function getGroupDetail(db: Db, groupId: string, callerId: string): Promise<GroupDetailJson> {
  const view = await findGroupView(db, groupId, callerId);
  if (!view) throw notFound();
  return detailOfView(db, view, callerId);
}

/** The page of a group just written, as `callerId` sees it even if they are no longer a member. */
export async function detailOf(db: Db, group: GroupRow, callerId: string): Promise<GroupDetailJson> {
  const view = await findGroupView(db, group.id, null);
  if (!view) throw notFound();
  return detailOfView(db, view, callerId);
}

async function detailOfView(db: Db, view: GroupView, callerId: string): Promise<GroupDetailJson> {
  return toGroupDetail(
    summaryOf(view, callerId),
    memberBalances(
      view.balances,
      view.members.map((m) => m.id),
      view.group.currency,
    ),
    await firstExpensesPage(db, view.group.id),
    view.handedOut,
  );
}

/** The group as the lists show it to the caller, from its view. */
export function summaryOf(view: GroupView, callerId: string): GroupSummaryJson {
  return toGroupSummary(
    view.group,
    view.members,
    callerBalance(
      view.balances.filter((row) => row.user_id === callerId),
      view.group.currency,
    ),
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
