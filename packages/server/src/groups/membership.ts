import type { Db } from '../db';
import { isUuid } from '../db/ids';

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

/** Of `userIds`, those that are not members of the group (empty when all are). */
export async function nonMembers(db: Db, groupId: string, userIds: readonly string[]): Promise<string[]> {
  const members = new Set(await memberIds(db, groupId));
  return userIds.filter((id) => !members.has(id));
}
