import type { Comment, Expense } from '@kitty/api';
import { COMMENT_MAX_LENGTH, commentTimeParts, mayDeleteComment, memberName } from '@kitty/domain';
import { type FormEvent, useRef } from 'react';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { LoadingText } from '../../components/Spinner';
import { TextAreaField } from '../../components/TextAreaField';
import { expenseProblem } from '../../components/split/words';
import { useAuth } from '../../flows/AuthProvider';
import catalog from '../../i18n/catalog/en/expenseDetail.json';
import { activeLanguage, activeLocale } from '../../i18n/language';
import { messages } from '../../i18n/messages';
import { ConfirmDialog } from './ConfirmDialog';
import * as styles from './ExpenseDetailScreen.css';
import { SectionAlert } from './SectionAlert';
import { WaitingToSync } from '../../offline/WaitingToSync';
import { useComments } from './useComments';
import { useLiveNewComment } from '../../live/useLive';

const t = messages(catalog);

/** "Today at 5:07 PM", Czech "Dnes v 17:07" (the domain's commentTimeLabel, in the active language). */
function commentTime(value: string, now: Date): string {
  const czech = activeLanguage() === 'cs';
  const parts = commentTimeParts(value, { now, locale: activeLocale(), weekStartsOn: czech ? 1 : 0 });
  if (!parts) return '';
  // A Czech weekday or date starts lower case ("úterý"): at the start of the label it is capitalised.
  const day = czech ? parts.day.charAt(0).toLocaleUpperCase('cs') + parts.day.slice(1) : parts.day;
  return t('commentTime', { day, time: parts.time });
}

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
  const when = commentTime(comment.created_at, now);
  const live = useLiveNewComment(comment.expense_id, comment.created_at);
  return (
    <li className={styles.comment} {...live}>
      <div className={styles.commentHeader}>
        <span className={styles.commentAuthor}>{own ? t('you') : memberName(comment.author)}</span>
        <time dateTime={comment.created_at} className={styles.commentTime}>
          {when}
        </time>
        {own && (
          <Button
            variant="ghost"
            size="sm"
            className={styles.commentDelete}
            aria-label={t('deleteCommentFrom', { when })}
            onPress={onDelete}
          >
            {t('delete')}
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
        {t('comments')}
        {list && list.length > 0 && <span className={styles.commentsCount}> ({list.length})</span>}
      </h2>
      {c.comments.status === 'failed' && !list ? (
        <SectionAlert onRetry={c.comments.reload}>{c.comments.error?.message}</SectionAlert>
      ) : !list ? (
        <LoadingText>{t('loadingSection.comments')}</LoadingText>
      ) : list.length === 0 ? (
        <p className={styles.commentsEmpty}>{t('noComments')}</p>
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
      {c.failure && <SectionAlert onDismiss={c.dismissFailure}>{expenseProblem(c.failure)}</SectionAlert>}
      <form className={styles.commentForm} onSubmit={(event) => void submit(event)} noValidate>
        <TextAreaField
          label={t('addCommentLabel')}
          description={t('commentHint', { max: COMMENT_MAX_LENGTH })}
          value={c.text}
          onChange={c.setText}
          errorMessage={expenseProblem(c.fieldError)}
          textAreaRef={textArea}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) void submit();
            else event.continuePropagation();
          }}
        />
        <div>
          <Button type="submit" isPending={c.adding}>
            {c.adding ? t('adding') : t('addComment')}
          </Button>
        </div>
      </form>
      <ConfirmDialog
        title={t('deleteCommentTitle')}
        confirmLabel={t('delete')}
        isOpen={c.confirming !== null}
        isPending={c.deleting}
        onCancel={c.cancelDelete}
        onConfirm={() => {
          void c.remove().then(() => setTimeout(() => heading.current?.focus(), 0));
        }}
      >
        <p>{t('deleteCommentConfirm')}</p>
      </ConfirmDialog>
    </Card>
  );
}
