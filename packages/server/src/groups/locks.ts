import type { Db } from '../db';

/**
 * Locks everything that could change the balances of `userIds` (or of everyone) in a group, so the member rules can read
 * them and act before anyone else moves them. Call it holding the group row FOR NO KEY UPDATE (which
 * serializes group changes without blocking expense and settlement inserts, whose foreign key takes KEY
 * SHARE). Order, the same as expense writes use (expense row, then member rows, then the group through the
 * foreign key), so the two never deadlock:
 * 1. their live expenses and settlements in the group (an edit or delete of one waits, or has finished);
 * 2. their member rows (an expense being created for them holds these FOR SHARE: we wait for it; one that
 *    comes later waits for us and then finds they are no longer members);
 * 3. the group row FOR UPDATE (any insert still referencing the group finishes first).
 * Balances read after this are final until the transaction ends.
 */
export async function lockMoneyOf(
  tx: Db,
  groupId: string,
  userIds: readonly string[] | 'everyone',
): Promise<void> {
  const all = userIds === 'everyone';
  if (!all && userIds.length === 0) return;
  const params = all ? [groupId] : [groupId, userIds];
  await tx.query(
    `SELECT e.id FROM expenses e
      WHERE e.group_id = $1 AND e.deleted_at IS NULL
        ${
          all
            ? ''
            : `AND (EXISTS
                 (SELECT 1 FROM expense_payers p WHERE p.expense_id = e.id AND p.user_id = ANY($2::uuid[]))
               OR EXISTS
                 (SELECT 1 FROM expense_splits s WHERE s.expense_id = e.id AND s.user_id = ANY($2::uuid[])))`
        }
      ORDER BY e.id FOR UPDATE OF e`,
    params,
  );
  await tx.query(
    `SELECT id FROM settlements
      WHERE group_id = $1 AND deleted_at IS NULL
        ${all ? '' : 'AND (from_user_id = ANY($2::uuid[]) OR to_user_id = ANY($2::uuid[]))'}
      ORDER BY id FOR UPDATE`,
    params,
  );
  await tx.query(
    `SELECT user_id FROM group_members
      WHERE group_id = $1 ${all ? '' : 'AND user_id = ANY($2::uuid[])'} ORDER BY user_id FOR UPDATE`,
    params,
  );
  await tx.query('SELECT id FROM groups WHERE id = $1 FOR UPDATE', [groupId]);
}
