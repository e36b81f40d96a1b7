import type { Db } from '../db';
import { isUuid } from '../db/ids';
import { conflict, forbidden, notFound } from '../http/errors';

export const CURRENT_MEMBERS_ONLY =
  'Only current members of the group can change its expenses and settlements.';
export const SOMEONE_LEFT = 'Someone in this expense has left the group, so it can no longer change.';

/**
 * Who belongs to a group: the one place every area asks. A malformed id is simply "not a member", so
 * callers answer 404 for it exactly as for a group the caller cannot see.
 */
export async function isMember(db: Db, groupId: string, userId: string): Promise<boolean> {
  if (!isUuid(groupId)) return false;
  const { rows } = await db.query('SELECT 1 FROM group_members WHERE group_id = $1 AND user_id = $2', [
    groupId,
    userId,
  ]);
  return rows.length > 0;
}

/** The ids of a group's members, in joining order. */
export async function memberIds(db: Db, groupId: string): Promise<string[]> {
  if (!isUuid(groupId)) return [];
  const { rows } = await db.query<{ user_id: string }>(
    'SELECT user_id FROM group_members WHERE group_id = $1 ORDER BY joined_at, user_id',
    [groupId],
  );
  return rows.map((r) => r.user_id);
}

/**
 * Of `userIds`, those that are not members of the group. The member rows found are locked (FOR SHARE)
 * until the transaction ends, so nobody leaves or is removed while a write that names them commits.
 */
export async function lockedNonMembers(
  tx: Db,
  groupId: string,
  userIds: readonly string[],
): Promise<string[]> {
  const valid = userIds.filter(isUuid);
  const { rows } =
    valid.length && isUuid(groupId)
      ? await tx.query<{ user_id: string }>(
          `SELECT user_id FROM group_members WHERE group_id = $1 AND user_id = ANY($2::uuid[])
            ORDER BY user_id FOR SHARE`,
          [groupId, valid],
        )
      : { rows: [] };
  const members = new Set(rows.map((r) => r.user_id));
  return userIds.filter((id) => !members.has(id));
}

/**
 * Of `userIds`, those that exist and those that are members of the group, in one statement. The member
 * rows found are locked (FOR SHARE) until the transaction ends, as in lockedNonMembers.
 */
export async function lockedGroupPeople(
  tx: Db,
  groupId: string,
  userIds: readonly string[],
): Promise<{ known: Set<string>; members: Set<string> }> {
  const valid = [...new Set(userIds.filter(isUuid))];
  if (valid.length === 0 || !isUuid(groupId)) return { known: new Set(), members: new Set() };
  const { rows } = await tx.query<{ id: string; member: boolean }>(
    `WITH locked AS MATERIALIZED (
       SELECT user_id FROM group_members WHERE group_id = $1 AND user_id = ANY($2::uuid[])
        ORDER BY user_id FOR SHARE)
     SELECT u.id, l.user_id IS NOT NULL AS member
       FROM users u LEFT JOIN locked l ON l.user_id = u.id
      WHERE u.id = ANY($2::uuid[])`,
    [groupId, valid],
  );
  return {
    known: new Set(rows.map((r) => r.id)),
    members: new Set(rows.filter((r) => r.member).map((r) => r.id)),
  };
}

export interface GroupWrite {
  groupId: string;
  callerId: string;
  /**
   * Whether the caller can see what they write to without being a member (they paid or share in the
   * expense): a former member then hears 403; anyone else 404, exactly as for an unknown group.
   */
  callerSees: boolean;
  /** Everyone whose money the change moves as things stand (the new figures are checked as input). */
  moves: readonly string[];
}

/**
 * The one rule of every write to a group's money (expenses created, edited, deleted or settled,
 * settlements, settled debts): the caller is a current member, and nobody whose money it moves has left
 * the group (leaving needs a zero balance, and it must stay zero while they are gone). Call it inside the
 * write's transaction, after locking the expense row if there is one: the member rows stay locked until
 * commit, so a concurrent leave waits for the write or the write sees the leave.
 */
export async function checkGroupWrite(tx: Db, w: GroupWrite): Promise<void> {
  const outside = new Set(await lockedNonMembers(tx, w.groupId, [...new Set([w.callerId, ...w.moves])]));
  if (outside.has(w.callerId))
    throw w.callerSees ? forbidden('FORBIDDEN_NOT_MEMBER', CURRENT_MEMBERS_ONLY) : notFound();
  if (w.moves.some((id) => outside.has(id))) throw conflict('MEMBER_LEFT_GROUP', SOMEONE_LEFT);
}
