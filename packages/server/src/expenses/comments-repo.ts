import type { Db } from '../db';
import { isUuid } from '../db/ids';

/** A comment with its author's names, as the presenter needs it. */
export interface CommentRow {
  id: string;
  expense_id: string;
  author_id: string;
  text: string;
  created_at: Date;
  display_name: string;
  first_name: string;
  last_name: string;
  email: string;
}

// The author is a LIMIT 1 probe of the users primary key, so the generic plan never hashes the users table.
const COMMENT_COLUMNS = `k.id, k.expense_id, k.author_id, k.text, k.created_at,
  a.display_name, a.first_name, a.last_name, a.email`;
const AUTHOR = `CROSS JOIN LATERAL (SELECT u.display_name, u.first_name, u.last_name, u.email FROM users u
                                     WHERE u.id = k.author_id LIMIT 1) a`;

/**
 * The group of a live expense `userId` may see (its payer, a participant, or a member of its group), the
 * row held FOR SHARE until the transaction ends so it is not deleted meanwhile; null when not visible.
 */
export async function lockVisibleExpense(
  tx: Db,
  expenseId: string,
  userId: string,
): Promise<{ group_id: string | null } | null> {
  if (!isUuid(expenseId)) return null;
  const { rows } = await tx.query<{ group_id: string | null }>(
    `SELECT e.group_id FROM expenses e
      WHERE e.id = $1 AND e.deleted_at IS NULL
        AND (e.paid_by = $2
          OR EXISTS (SELECT 1 FROM expense_splits s WHERE s.expense_id = e.id AND s.user_id = $2)
          OR EXISTS (SELECT 1 FROM group_members m WHERE m.group_id = e.group_id AND m.user_id = $2))
      FOR SHARE OF e`,
    [expenseId, userId],
  );
  return rows[0] ?? null;
}

/** Up to `limit` comments of an expense after the comment `after` (null: from the first), oldest first. */
export async function findComments(
  db: Db,
  expenseId: string,
  after: string | null,
  limit: number,
): Promise<CommentRow[]> {
  const { rows } = await db.query<CommentRow>(
    `SELECT ${COMMENT_COLUMNS} FROM expense_comments k ${AUTHOR}
      WHERE k.expense_id = $1 AND ($2::uuid IS NULL OR k.id > $2::uuid)
      ORDER BY k.id LIMIT $3`,
    [expenseId, after, limit],
  );
  return rows;
}

/** One comment of an expense; null when it is not one of that expense's. */
export async function findComment(db: Db, expenseId: string, id: string): Promise<CommentRow | null> {
  if (!isUuid(id)) return null;
  const { rows } = await db.query<CommentRow>(
    `SELECT ${COMMENT_COLUMNS} FROM expense_comments k ${AUTHOR} WHERE k.id = $1 AND k.expense_id = $2`,
    [id, expenseId],
  );
  return rows[0] ?? null;
}

export async function insertComment(
  tx: Db,
  /** `created_at`: when it was written, kept by an import (default now). */
  comment: { id: string; expense_id: string; author_id: string; text: string; created_at?: Date },
): Promise<void> {
  await tx.query(
    `INSERT INTO expense_comments (id, expense_id, author_id, text, created_at)
     VALUES ($1, $2, $3, $4, COALESCE($5::timestamptz, now()))`,
    [comment.id, comment.expense_id, comment.author_id, comment.text, comment.created_at ?? null],
  );
}

export async function deleteComment(tx: Db, id: string): Promise<void> {
  await tx.query('DELETE FROM expense_comments WHERE id = $1', [id]);
}
