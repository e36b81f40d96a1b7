import { type ApiError, isApiError } from '@kitty/api';
import { COMMENT_EXPENSE_GONE, COMMENT_GONE, COMMENT_MEMBERS_ONLY } from '@kitty/domain';
import { errorWords } from '../../flows/errorWords';

export const COMMENT_ADD_FAILED = 'Failed to add comment';
export const COMMENT_DELETE_FAILED = 'Failed to delete comment';
export const COMMENTS_LOAD_FAILED = 'Failed to load comments';

/**
 * What the Comments section says when a comment could not be added or deleted, picked by the answer's code:
 * a 404 while deleting is a comment already gone, any other 404 the expense gone (deleted, or no longer
 * visible); 403 FORBIDDEN_NOT_MEMBER someone who has left the group; FORBIDDEN_NOT_AUTHOR (errorWords)
 * someone else's comment. Anything else: the app's words for the code, else the server's message.
 */
export function commentFailureWords(failure: unknown, action: 'add' | 'delete'): string {
  if (!isApiError(failure)) return action === 'add' ? COMMENT_ADD_FAILED : COMMENT_DELETE_FAILED;
  const error: ApiError = failure;
  if (error.code === 'NOT_FOUND') return action === 'delete' ? COMMENT_GONE : COMMENT_EXPENSE_GONE;
  if (error.code === 'FORBIDDEN_NOT_MEMBER') return COMMENT_MEMBERS_ONLY;
  return errorWords(error);
}
