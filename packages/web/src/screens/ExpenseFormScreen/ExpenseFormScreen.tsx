import { call } from '@kitty/api';
import { lazy, Suspense } from 'react';
import { Navigate, useLocation, useParams } from 'react-router';
import { api } from '../../api';
import { useGoBack } from '../../components/BackButton';
import { Button } from '../../components/Button';
import { Alert } from '../../components/Alert';
import { LoadingText } from '../../components/Spinner';
import { useAuth } from '../../flows/AuthProvider';
import { callGroup } from '../../flows/groupCall';
import { newIdempotencyKey } from '../../flows/idempotency';
import { useResource } from '../../flows/resource';
import { carriedDraft } from './carriedDraft';
import { draftFromExpense, toParticipant } from './editDraft';
import { ExpenseForm } from './ExpenseForm';
import * as styles from './ExpenseFormScreen.css';
import catalog from '../../i18n/catalog/en/expenseForm.json';
import { messages } from '../../i18n/messages';
import { expenseEditTag } from './useExpenseDraft';

const t = messages(catalog);

// Editing a recurring expense: its loading and template only on that route.
const RecurringEditScreen = lazy(() =>
  import('./RecurringEditScreen').then((m) => ({ default: m.RecurringEditScreen })),
);

/**
 * /expenses/create, /groups/{groupId}/expenses/create, /expenses/{expenseId}/edit and
 * /recurring/{recurringId}/edit: loads what the draft starts from (the user's default
 * currency and split, the route's group, the expense, or the recurring expense), then the form.
 */
export function ExpenseFormScreen() {
  const { expenseId, groupId, recurringId } = useParams();
  const { user } = useAuth();
  const location = useLocation();
  const edit = Boolean(expenseId);

  const settings = useResource(edit || recurringId ? null : ['account-settings'], (signal) =>
    call(api.GET('/account-settings', { signal }), t('loadSettingsFailed')).catch((error: unknown) => {
      // Spec section 8: failing to fetch the default currency is only logged.
      console.error('Failed to fetch the default currency', error);
      return null;
    }),
  );
  const group = useResource(groupId ? ['group', groupId] : null, (signal) =>
    callGroup(
      api.GET('/groups/{id}', { params: { path: { id: groupId ?? '' } }, signal }),
      t('loadGroupFailed'),
    ),
  );
  // Tagged so that a save refused as stale (409) loads the current expense into the form, and nothing else
  // does (expenseEditTag).
  const expense = useResource(
    expenseId ? ['expense', expenseId] : null,
    (signal) =>
      call(
        api.GET('/expenses/{id}', { params: { path: { id: expenseId ?? '' } }, signal }),
        t('loadExpenseFailed'),
      ),
    { tags: expenseId ? [expenseEditTag(expenseId)] : [] },
  );

  if (recurringId) {
    return (
      <Suspense fallback={<LoadingText centered>{t('loadingRecurring')}</LoadingText>}>
        <RecurringEditScreen recurringId={recurringId} />
      </Suspense>
    );
  }
  if (!user) return null;
  const currentUser = toParticipant(user);

  if (edit) {
    if (expense.data) {
      return (
        <ExpenseForm
          key={expense.data.id}
          input={{ currentUser, mode: 'edit', expenseId: expense.data.id, newIdempotencyKey }}
          initial={draftFromExpense(expense.data)}
          version={expense.data.version}
          leftoverStart={expense.data.leftover_start}
        />
      );
    }
    // A missing expense: the detail route says "Expense Not Found" inside the app's frame, with Go Back;
    // retrying could not bring it back.
    if (expense.status === 'failed' && expense.error?.code === 'NOT_FOUND')
      return <Navigate to={`/expenses/${expenseId}`} replace />;
    if (expense.status === 'failed')
      return <LoadFailed message={expense.error?.message} onRetry={expense.reload} />;
    return <LoadingText centered>{t('loadingExpense')}</LoadingText>;
  }

  const settingsReady = settings.data !== undefined || settings.status === 'failed';
  const groupReady = !groupId || group.data !== undefined || group.status === 'failed';
  if (!settingsReady || !groupReady) return <LoadingText centered>{t('loading')}</LoadingText>;

  // "More options" in Add New Expense hands over its draft: every field as typed, nothing reset.
  const carried = carriedDraft(location.state, group.data?.id);
  return (
    <>
      {group.status === 'failed' && group.error && <Alert>{group.error.message}</Alert>}
      <ExpenseForm
        input={{
          currentUser,
          mode: 'create',
          // A group's expense starts in the group's currency and default split, the person's own otherwise.
          defaultCurrency: group.data?.currency ?? settings.data?.currency ?? null,
          defaultSplitType: group.data?.default_split_type ?? settings.data?.default_split ?? null,
          group: group.data ? { id: group.data.id, name: group.data.name } : null,
          newIdempotencyKey,
        }}
        initial={carried ?? undefined}
        groupMembers={carried ? undefined : group.data?.Members}
        groupSplit={carried ? undefined : group.data}
        routeGroup={group.data}
      />
    </>
  );
}

export function LoadFailed({
  title = t('titleEdit'),
  message,
  onRetry,
}: {
  title?: string;
  message?: string | undefined;
  onRetry: () => void;
}) {
  const goBack = useGoBack();
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{title}</h1>
      <Alert>{message ?? t('loadExpenseFailed')}</Alert>
      <div className={styles.dialogActions}>
        <Button variant="secondary" onPress={goBack}>
          {t('goBack')}
        </Button>
        <Button onPress={onRetry}>{t('retry')}</Button>
      </div>
    </div>
  );
}
