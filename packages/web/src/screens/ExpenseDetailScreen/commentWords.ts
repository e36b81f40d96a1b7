import { type ApiError, isApiError } from '@kitty/api';
import { COMMENT_EXPENSE_GONE, COMMENT_GONE, COMMENT_MEMBERS_ONLY } from '@kitty/domain';
import { expenseProblem } from '../../components/split/words';
import { errorWords } from '../../flows/errorWords';
import catalog from '../../i18n/catalog/en/expenseDetail.json';
import { messages } from '../../i18n/messages';

const t = messages(catalog);

/** "Failed to add comment", "Failed to delete comment", "Failed to load comments", in the active language. */
export const commentFailed = (action: 'add' | 'delete' | 'load'): string =>
  action === 'add'
    ? t('commentAddFailed')
    : action === 'delete'
      ? t('commentDeleteFailed')
      : t('commentsLoadFailed');

/**
 * What the Comments section says when a comment could not be added or deleted, picked by the answer's code:
 * a 404 while deleting is a comment already gone, any other 404 the expense gone (deleted, or no longer
 * visible); 403 FORBIDDEN_NOT_MEMBER someone who has left the group; FORBIDDEN_NOT_AUTHOR (errorWords)
 * someone else's comment. Anything else: the app's words for the code, else the server's message.
 */
export function commentFailureWords(failure: unknown, action: 'add' | 'delete'): string {
  if (!isApiError(failure)) return commentFailed(action);
  const error: ApiError = failure;
  if (error.code === 'NOT_FOUND')
    return expenseProblem(action === 'delete' ? COMMENT_GONE : COMMENT_EXPENSE_GONE);
  if (error.code === 'FORBIDDEN_NOT_MEMBER') return expenseProblem(COMMENT_MEMBERS_ONLY);
  return expenseProblem(errorWords(error));
}
