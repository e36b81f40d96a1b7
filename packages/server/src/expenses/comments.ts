import type { components } from '@kitty/api/schema';
import { COMMENT_AUTHOR_ONLY, COMMENT_MEMBERS_ONLY, trimText, validateComment } from '@kitty/domain';
import type { Db } from '../db';
import { isUuid } from '../db/ids';
import { lockedNonMembers } from '../groups/membership';
import { forbidden, invalid, notFound } from '../http/errors';
import type { CurrentUser } from '../users/repo';
import { toUserName } from '../users/present';
import { insertExpenseLiveChange } from '../live/repo';
import * as repo from './comments-repo';
import { INVALID_CURSOR } from './cursor';
import { newExpenseId } from './ids';
import { isVisible } from './repo';

export type CommentJson = components['schemas']['Comment'];
type CommentPage = components['schemas']['CommentPage'];

export const COMMENT_DELETED = 'Comment deleted';
export const COMMENTS_PAGE = 100;

function toCommentJson(row: repo.CommentRow): CommentJson {
  return {
    id: row.id,
    expense_id: row.expense_id,
    author: toUserName(row.author_id, row),
    text: row.text,
    created_at: row.created_at.toISOString(),
  };
}

/**
 * A page of an expense's comments, oldest first, for whoever can see the expense (404 otherwise, and for a
 * deleted expense). The cursor is the last comment's id: ids are time-ordered (UUIDv7).
 */
export async function listComments(
  db: Db,
  expenseId: string,
  callerId: string,
  page: { limit?: number; cursor?: string },
): Promise<CommentPage> {
  const limit = Math.min(Math.max(Math.trunc(page.limit ?? COMMENTS_PAGE), 1), COMMENTS_PAGE);
  const after = page.cursor ?? null;
  if (after !== null && !isUuid(after)) throw invalid({ field: 'cursor', message: INVALID_CURSOR });
  // A read: no transaction and no lock, two statements (each probing an index).
  if (!(await isVisible(db, expenseId, callerId))) throw notFound();
  const rows = await repo.findComments(db, expenseId, after, limit + 1);
  const shown = rows.slice(0, limit);
  return {
    comments: shown.map(toCommentJson),
    nextCursor: rows.length > limit ? (shown.at(-1)?.id ?? null) : null,
  };
}

/**
 * The live expense the caller may write a comment on: visible to them (404 otherwise), and in a group only
 * while they are a current member (403 for someone who left and still sees an expense they are in).
 */
async function writableExpense(tx: Db, expenseId: string, callerId: string): Promise<string | null> {
  const expense = await repo.lockVisibleExpense(tx, expenseId, callerId);
  if (!expense) throw notFound();
  // The member row stays locked (FOR SHARE) until commit: a concurrent leave waits for the comment.
  if (expense.group_id !== null && (await lockedNonMembers(tx, expense.group_id, [callerId])).length > 0)
    throw forbidden('FORBIDDEN_NOT_MEMBER', COMMENT_MEMBERS_ONLY);
  return expense.group_id;
}

/** Writes a comment (its text trimmed) on an expense the caller can see; a comment leaves the expense as it is. */
export async function createComment(
  db: Db,
  caller: CurrentUser,
  expenseId: string,
  body: { text: string },
): Promise<CommentJson> {
  const text = trimText(body.text);
  const refused = validateComment(text).text;
  if (refused) throw invalid({ field: 'text', message: refused });
  const id = newExpenseId();
  return db.transaction(async (tx) => {
    const groupId = await writableExpense(tx, expenseId, caller.id);
    await repo.insertComment(tx, { id, expense_id: expenseId, author_id: caller.id, text });
    await insertExpenseLiveChange(tx, groupId, 'comment_added', expenseId, caller.id);
    const row = await repo.findComment(tx, expenseId, id);
    if (!row) throw notFound();
    return toCommentJson(row);
  });
}

/** Deletes a comment: only its author may (403), on an expense they can still see and write to. */
export async function deleteComment(
  db: Db,
  caller: CurrentUser,
  expenseId: string,
  commentId: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await repo.lockVisibleExpense(tx, expenseId, caller.id))) throw notFound();
    const comment = await repo.findComment(tx, expenseId, commentId);
    if (!comment) throw notFound();
    if (comment.author_id !== caller.id) throw forbidden('FORBIDDEN_NOT_AUTHOR', COMMENT_AUTHOR_ONLY);
    const groupId = await writableExpense(tx, expenseId, caller.id);
    await repo.deleteComment(tx, comment.id);
    await insertExpenseLiveChange(tx, groupId, 'comment_deleted', expenseId, caller.id);
  });
}
