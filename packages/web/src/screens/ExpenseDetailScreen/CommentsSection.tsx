import type { Comment, Expense } from '@kitty/api';
import { COMMENT_MAX_LENGTH, commentTimeLabel, mayDeleteComment, memberName } from '@kitty/domain';
import { type FormEvent, useRef } from 'react';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { LoadingText } from '../../components/Spinner';
import { TextAreaField } from '../../components/TextAreaField';
import { useAuth } from '../../flows/AuthProvider';
import { ConfirmDialog } from './ConfirmDialog';
import * as styles from './ExpenseDetailScreen.css';
import { SectionAlert } from './SectionAlert';
import { WaitingToSync } from '../../offline/WaitingToSync';
import { useComments } from './useComments';

function CommentItem({
  comment,
  now,
  own,
  onDelete,
}: {
  comment: Comment;
  now: Date;
  own: boolean;
  onDelete: () => void;
}) {
  const when = commentTimeLabel(comment.created_at, { now });
  return (
    <li className={styles.comment}>
      <div className={styles.commentHeader}>
        <span className={styles.commentAuthor}>{own ? 'You' : memberName(comment.author)}</span>
        <time dateTime={comment.created_at} className={styles.commentTime}>
          {when}
        </time>
        {own && (
          <Button
            variant="ghost"
            size="sm"
            className={styles.commentDelete}
            aria-label={`Delete your comment from ${when}`}
            onPress={onDelete}
          >
            Delete
          </Button>
        )}
      </div>
      <p className={styles.commentText}>{comment.text}</p>
    </li>
  );
}

/**
 * Comments on the expense detail: who wrote each and when (oldest first), Delete for one's own after a
 * confirmation, and a labelled text area with "Add comment" (Ctrl+Enter or Cmd+Enter sends too). After a
 * deletion the focus goes to the section's heading; after a comment it stays in the text area.
 */
export function CommentsSection({ expense }: { expense: Expense }) {
  const { user } = useAuth();
  const userId = user?.id ?? '';
  const c = useComments(expense);
  const heading = useRef<HTMLHeadingElement>(null);
  const textArea = useRef<HTMLTextAreaElement>(null);
  const list = c.comments.data;
  const now = new Date();

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    await c.add();
    textArea.current?.focus();
  };

  return (
    <Card as="section" aria-labelledby="comments-title" className={styles.comments}>
      <h2 id="comments-title" ref={heading} tabIndex={-1} className={styles.cardTitle}>
        Comments
        {list && list.length > 0 && <span className={styles.commentsCount}> ({list.length})</span>}
      </h2>
      {c.comments.status === 'failed' && !list ? (
        <SectionAlert action="Retry" onAction={c.comments.reload}>
          {c.comments.error?.message}
        </SectionAlert>
      ) : !list ? (
        <LoadingText>Loading comments...</LoadingText>
      ) : list.length === 0 ? (
        <p className={styles.commentsEmpty}>No comments yet.</p>
      ) : (
        <ol className={styles.commentList} aria-labelledby="comments-title">
          {list.map((comment) => (
            <CommentItem
              key={comment.id}
              comment={comment}
              now={now}
              own={mayDeleteComment(comment, userId)}
              onDelete={() => c.requestDelete(comment)}
            />
          ))}
        </ol>
      )}
      <WaitingToSync kinds={['comment']} expenseId={expense.id} />
      {c.failure && (
        <SectionAlert action="Dismiss" onAction={c.dismissFailure}>
          {c.failure}
        </SectionAlert>
      )}
      <form className={styles.commentForm} onSubmit={(event) => void submit(event)} noValidate>
        <TextAreaField
          label="Add a comment"
          description={`Up to ${COMMENT_MAX_LENGTH} characters. Ctrl+Enter sends it.`}
          value={c.text}
          onChange={c.setText}
          errorMessage={c.fieldError}
          textAreaRef={textArea}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) void submit();
            else event.continuePropagation();
          }}
        />
        <div>
          <Button type="submit" isPending={c.adding}>
            {c.adding ? 'Adding...' : 'Add comment'}
          </Button>
        </div>
      </form>
      <ConfirmDialog
        title="Delete Comment"
        confirmLabel="Delete"
        isOpen={c.confirming !== null}
        isPending={c.deleting}
        onCancel={c.cancelDelete}
        onConfirm={() => {
          void c.remove().then(() => setTimeout(() => heading.current?.focus(), 0));
        }}
      >
        <p>
          Delete your comment? Everyone who sees this expense will no longer see it. This cannot be undone.
        </p>
      </ConfirmDialog>
    </Card>
  );
}
