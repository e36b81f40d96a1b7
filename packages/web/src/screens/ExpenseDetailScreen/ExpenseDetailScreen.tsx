import type { Expense } from '@kitty/api';
import { call } from '@kitty/api';
import { mayDeclineExpense } from '@kitty/domain';
import { canDeleteExpense } from '@kitty/domain/flows';
import { expenseProblem } from '../../components/split/words';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { useNavigate, useParams } from 'react-router';
import { api } from '../../api';
import { Alert } from '../../components/Alert';
import { BackButton } from '../../components/BackButton';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { CloseIcon, EditIcon } from '../../components/icons';
import { PageHeader } from '../../components/PageHeader';
import { LoadingText } from '../../components/Spinner';
import { toast } from '../../components/Toast';
import { useAuth } from '../../flows/AuthProvider';
import { useResource } from '../../flows/resource';
import catalog from '../../i18n/catalog/en/expenseDetail.json';
import { messages } from '../../i18n/messages';
import { expenseMoney } from '../ExpensesScreen/expenseMoney';
import { DeleteConfirmDialog } from './DeleteConfirmDialog';
import { BlockRecorderCard } from './BlockRecorder';
import { blockOffer } from './blockOffer';
import { DeclineExpense } from './DeclineExpense';
import { DeleteExpenseButton } from './DeleteExpenseButton';
import { DeletionView, DetailError, DetailNotFound } from './DetailStates';
import * as styles from './ExpenseDetailScreen.css';
import { ExpenseSummary } from './ExpenseSummary';
import { SplitDetailsCard } from './SplitDetailsCard';
import { useExpenseDelete } from './useExpenseDelete';

const t = messages(catalog);

/** How long Edit waits before it leaves for the form (spec section 9). */
const EDIT_NAVIGATION_DELAY_MS = 100;

// The comments (list, form, their flow) are a chunk of their own, outside the page's size budget: its download
// starts with this screen's, beside the expense's request, and the card says "Loading comments..." meanwhile.
const commentsModule = import('./CommentsSection');
const CommentsSection = lazy(() => commentsModule.then((m) => ({ default: m.CommentsSection })));
// The receipts likewise (thumbnails, viewer, file picker, upload): a chunk of their own, started at once.
const receiptsModule = import('./ReceiptsSection');
const ReceiptsSection = lazy(() => receiptsModule.then((m) => ({ default: m.ReceiptsSection })));

/** A lazy section's card while its chunk downloads: what the section itself shows while its data loads. */
function SectionLoading({ id, title }: { id: 'receipts' | 'comments'; title: string }) {
  return (
    <Card as="section" aria-labelledby={`${id}-title`} className={styles.comments}>
      <h2 id={`${id}-title`} className={styles.cardTitle}>
        {title}
      </h2>
      <LoadingText>{t(`loadingSection.${id}`)}</LoadingText>
    </Card>
  );
}

function DetailHeader({ actions }: { actions?: React.ReactNode }) {
  return (
    <div className={styles.top}>
      <BackButton />
      <div className={styles.header}>
        <PageHeader title={t('title')} actions={actions} />
      </div>
    </div>
  );
}

/**
 * Expense detail (/expenses/{id}): the expense, its splits, Edit and Delete (payers only), Decline and
 * "Block {name}" for a person someone else named in a personal expense, its receipts and its comments.
 */
export function ExpenseDetailScreen() {
  const { expenseId = '' } = useParams();
  const expense = useResource(
    ['expense', expenseId],
    (signal) =>
      call(api.GET('/expenses/{id}', { params: { path: { id: expenseId } }, signal }), t('loadFailed')),
    { tags: [`expense:${expenseId}`] },
  );

  if (expense.data) {
    // Another payer (or set of payers) is another delete rule: the view starts again with it.
    const payers = (expense.data.payers ?? []).map((p) => p.user_id).join(',');
    return (
      <ExpenseDetailView
        key={`${expense.data.id}:${expense.data.paid_by}:${payers}`}
        expense={expense.data}
      />
    );
  }
  if (expense.status === 'failed') {
    // An id that is not one (VALIDATION_FAILED) names no expense either.
    const code = expense.error?.code;
    if (code === 'NOT_FOUND' || code === 'VALIDATION_FAILED') return <DetailNotFound />;
    return (
      <>
        <DetailHeader />
        <DetailError message={expense.error?.message ?? t('loadFailed')} onRetry={expense.reload} />
      </>
    );
  }
  return (
    <>
      <DetailHeader />
      <LoadingText centered>{t('loading')}</LoadingText>
    </>
  );
}

function ExpenseDetailView({ expense }: { expense: Expense }) {
  const { user } = useAuth();
  const currentUserId = user?.id ?? '';
  const navigate = useNavigate();
  const del = useExpenseDelete(expense, currentUserId);
  const money = expenseMoney(expense);
  const declinable =
    expense.declined === null &&
    mayDeclineExpense(
      { ...expense, created_by: expense.created_by.id, payers: money?.payers },
      currentUserId,
    );
  const block = blockOffer(expense, currentUserId);
  const editTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      if (editTimer.current) clearTimeout(editTimer.current);
    },
    [],
  );

  const edit = () => {
    if (editTimer.current) return;
    editTimer.current = setTimeout(() => {
      editTimer.current = null;
      Promise.resolve()
        .then(() => navigate(`/expenses/${expense.id}/edit`))
        .catch(() => toast.error(t('editFailed')));
    }, EDIT_NAVIGATION_DELAY_MS);
  };

  if (del.hidden) {
    return (
      <>
        <DetailHeader />
        <DeletionView deleted={del.step === 'deleted' || del.step === 'done'} />
      </>
    );
  }

  return (
    <>
      <DetailHeader
        actions={
          <>
            {/* A declined expense can no longer be changed. */}
            {expense.declined === null && (
              <Button variant="ghost" size="sm" aria-label={t('edit')} onPress={edit}>
                <EditIcon width={20} height={20} />
              </Button>
            )}
            <DeleteExpenseButton
              canDelete={canDeleteExpense({ paidBy: expense.paid_by, payers: money?.payers, currentUserId })}
              onPress={del.request}
            />
          </>
        }
      />
      {del.error && (
        <Alert className={styles.banner}>
          <div className={styles.bannerRow}>
            <div>
              <strong>{t('operationFailed')}</strong>
              <p>{expenseProblem(del.error)}</p>
            </div>
            <Button variant="ghost" size="sm" aria-label={t('dismiss')} onPress={del.dismiss}>
              <CloseIcon width={18} height={18} />
            </Button>
          </div>
        </Alert>
      )}
      {del.warning && (
        <Alert className={styles.banner}>
          <div className={styles.bannerRow}>
            <p>{expenseProblem(del.warning)}</p>
            <Button variant="ghost" size="sm" aria-label={t('dismiss')} onPress={del.dismiss}>
              <CloseIcon width={18} height={18} />
            </Button>
          </div>
        </Alert>
      )}
      <div className={styles.content}>
        <ExpenseSummary expense={expense} amountMinor={money?.amount ?? null} paidMinor={money?.payers} />
        <SplitDetailsCard expense={expense} money={money} />
        {declinable && <DeclineExpense expense={expense} block={block} />}
        {!declinable && block && <BlockRecorderCard offer={block} />}
        <Suspense fallback={<SectionLoading id="receipts" title={t('receipts')} />}>
          <ReceiptsSection expense={expense} />
        </Suspense>
        <Suspense fallback={<SectionLoading id="comments" title={t('comments')} />}>
          <CommentsSection expense={expense} />
        </Suspense>
      </div>
      <DeleteConfirmDialog
        isOpen={del.step === 'confirming'}
        description={expense.description}
        onConfirm={del.confirm}
        onCancel={del.cancel}
      />
    </>
  );
}
