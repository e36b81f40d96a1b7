import type { Comment, Expense } from '@kitty/api';
import { call } from '@kitty/api';
import { hasErrors, trimText, validateComment } from '@kitty/domain';
import { useState } from 'react';
import { api } from '../../api';
import { toast } from '../../components/Toast';
import { createIdempotencyKeys } from '../../flows/idempotency';
import { queuedComment, sendOrQueue } from '../../offline/queue';
import { invalidate, useResource } from '../../flows/resource';
import { commentFailed, commentFailureWords } from './commentWords';
import catalog from '../../i18n/catalog/en/expenseDetail.json';
import { messages } from '../../i18n/messages';

const t = messages(catalog);

/** The server answers 100 comments a page; the section reads up to this many pages (10,000 comments). */
const MAX_PAGES = 100;

async function loadComments(expenseId: string, signal: AbortSignal): Promise<Comment[]> {
  const comments: Comment[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const data = await call(
      api.GET('/expenses/{id}/comments', {
        params: { path: { id: expenseId }, query: cursor ? { cursor } : {} },
        signal,
      }),
      commentFailed('load'),
    );
    comments.push(...data.comments);
    if (!data.nextCursor) break;
    cursor = data.nextCursor;
  }
  return comments;
}

/**
 * The comments of one expense (oldest first) and what the Comments section does: write one (validated by
 * the domain's rule, sent with an Idempotency-Key so a retry after a lost answer writes once) and delete
 * one's own after a confirmation. Failures are said by code (commentFailureWords).
 */
export function useComments(expense: Expense) {
  const tag = `comments:${expense.id}`;
  const comments = useResource(['comments', expense.id], (signal) => loadComments(expense.id, signal), {
    tags: [tag],
  });
  const [text, setText] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [keys, setKeys] = useState(() => createIdempotencyKeys());
  const [confirming, setConfirming] = useState<Comment | null>(null);
  const [deleting, setDeleting] = useState(false);

  // The lists show each expense's count: they load again when next shown.
  const changed = () =>
    invalidate(tag, 'expenses', ...(expense.group_id ? [`group:${expense.group_id}`] : []));

  const add = async (): Promise<boolean> => {
    const found = validateComment(text);
    setFieldError(found.text);
    if (hasErrors(found) || adding) return false;
    const body = { text: trimText(text) };
    setAdding(true);
    setFailure(null);
    try {
      // Offline: kept on the device and sent later (src/offline), shown as waiting under the comments.
      await sendOrQueue(queuedComment(expense, body, keys.keyFor(expense.id, body)), () =>
        call(
          api.POST('/expenses/{id}/comments', {
            params: {
              path: { id: expense.id },
              header: { 'Idempotency-Key': keys.keyFor(expense.id, body) },
            },
            body,
          }),
          commentFailed('add'),
        ),
      );
      setText('');
      setKeys(createIdempotencyKeys());
      changed();
      return true;
    } catch (error) {
      setFailure(commentFailureWords(error, 'add'));
      return false;
    } finally {
      setAdding(false);
    }
  };

  const remove = async (): Promise<boolean> => {
    const comment = confirming;
    if (!comment || deleting) return false;
    setDeleting(true);
    setFailure(null);
    try {
      await call(
        api.DELETE('/expenses/{id}/comments/{commentId}', {
          params: { path: { id: expense.id, commentId: comment.id } },
        }),
        commentFailed('delete'),
      );
      toast.success(t('commentDeleted'));
      return true;
    } catch (error) {
      setFailure(commentFailureWords(error, 'delete'));
      return false;
    } finally {
      setDeleting(false);
      setConfirming(null);
      changed();
    }
  };

  return {
    comments,
    text,
    setText: (value: string) => {
      setText(value);
      if (fieldError) setFieldError(undefined);
    },
    fieldError,
    failure,
    dismissFailure: () => setFailure(null),
    adding,
    add,
    confirming,
    deleting,
    requestDelete: (comment: Comment) => setConfirming(comment),
    cancelDelete: () => setConfirming(null),
    remove,
  };
}
