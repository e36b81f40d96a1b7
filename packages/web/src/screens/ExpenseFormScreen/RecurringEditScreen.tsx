import { call } from '@kitty/api';
import { api } from '../../api';
import { LoadingText } from '../../components/Spinner';
import { useAuth } from '../../flows/AuthProvider';
import { callGroup } from '../../flows/groupCall';
import { recurringExpenseTag, useResource } from '../../flows/resource';
import { toParticipant } from './editDraft';
import { ExpenseForm } from './ExpenseForm';
import { LoadFailed } from './ExpenseFormScreen';
import { draftFromTemplate } from './templateDraft';
import catalog from '../../i18n/catalog/en/expenseForm.json';
import { messages } from '../../i18n/messages';

const t = messages(catalog);

/**
 * /recurring/{recurringId}/edit: the recurring expense (tagged, so a save refused as stale loads it again)
 * and its group (the members' names), then the form with its template, its first day as the Date and its
 * schedule in the Repeat fields.
 */
export function RecurringEditScreen({ recurringId }: { recurringId: string }) {
  const { user } = useAuth();
  const recurring = useResource(
    ['recurring-expense', recurringId],
    (signal) =>
      call(
        api.GET('/recurring-expenses/{id}', { params: { path: { id: recurringId } }, signal }),
        t('loadRecurringFailed'),
      ),
    { tags: [recurringExpenseTag(recurringId)] },
  );
  const groupId = recurring.data?.group_id;
  const group = useResource(groupId ? ['group', groupId] : null, (signal) =>
    callGroup(
      api.GET('/groups/{id}', { params: { path: { id: groupId ?? '' } }, signal }),
      t('loadGroupFailed'),
    ),
  );

  if (!user) return null;
  if (recurring.data && group.data) {
    const { schedule } = recurring.data;
    return (
      <ExpenseForm
        key={recurring.data.id}
        input={{
          currentUser: toParticipant(user),
          mode: 'edit',
          group: { id: group.data.id, name: group.data.name },
        }}
        initial={draftFromTemplate(recurring.data.expense, group.data, schedule.start_date)}
        recurring={{
          id: recurring.data.id,
          groupId: group.data.id,
          version: recurring.data.version,
          schedule,
        }}
        routeGroup={group.data}
      />
    );
  }
  const failed = recurring.status === 'failed' ? recurring : group.status === 'failed' ? group : null;
  if (failed)
    return <LoadFailed title={t('titleRecurring')} message={failed.error?.message} onRetry={failed.reload} />;
  return <LoadingText centered>{t('loadingRecurring')}</LoadingText>;
}
