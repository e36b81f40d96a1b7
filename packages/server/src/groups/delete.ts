import { isSettledInEveryCurrency } from '@kitty/domain';
import type { Db } from '../db';
import { conflict, forbidden, notFound } from '../http/errors';
import { scopeBalances } from '../ledger/ledger';
import { insertLiveChange } from '../live/repo';
import type { CurrentUser } from '../users/repo';
import { lockMoneyOf } from './locks';
import { DELETE_CREATOR_ONLY, mayDeleteGroup } from './policy';
import { deleteGroupCascade, findGroupForMember } from './repo';

export const SETTLE_BEFORE_DELETE = 'Settle every balance before deleting this group.';
export const GROUP_DELETED = 'Group deleted.';

/**
 * The creator deletes a group whose balances are all zero, in every currency, with everything recorded in
 * it, in one transaction. Every expense, settlement, member row and the group row are locked first
 * (lockMoneyOf), so a write in flight finishes before the check and a later one finds no group.
 */
export async function deleteGroup(
  db: Db,
  caller: CurrentUser,
  groupId: string,
): Promise<{ message: string }> {
  await db.transaction(async (tx) => {
    const group = await findGroupForMember(tx, groupId, caller.id, 'FOR NO KEY UPDATE');
    if (!group) throw notFound();
    if (!mayDeleteGroup(group, caller.id)) throw forbidden('FORBIDDEN_NOT_CREATOR', DELETE_CREATOR_ONLY);
    await lockMoneyOf(tx, group.id, 'everyone');
    const balances = await scopeBalances(tx, group.id);
    if (!isSettledInEveryCurrency(balances.map((row) => row.net_minor)))
      throw conflict('GROUP_HAS_BALANCES', SETTLE_BEFORE_DELETE);
    // Its members hear that it is gone (they are no members once it is read).
    const { rows } = await tx.query<{ user_id: string }>(
      'SELECT user_id FROM group_members WHERE group_id = $1',
      [group.id],
    );
    await deleteGroupCascade(tx, group.id);
    await insertLiveChange(tx, {
      group_id: group.id,
      kind: 'group_changed',
      actor_id: caller.id,
      audience: rows.map((r) => r.user_id),
    });
  });
  return { message: GROUP_DELETED };
}
