import { call } from '@kitty/api';
import { api } from '../../api';
import { Link } from '../../components/Link';
import { frequencyLabel } from '../../flows/recurringWords';
import { useResource } from '../../flows/resource';
import catalog from '../../i18n/catalog/en/expenseDetail.json';
import { messages } from '../../i18n/messages';

const t = messages(catalog);

/**
 * An occurrence of a recurring expense says so: "Repeats every month", with Manage opening the group's
 * recurring expenses (where it is paused, stopped or changed). "Repeats" alone until the schedule loads.
 */
export function RepeatsFact({ recurringId, groupId }: { recurringId: string; groupId: string }) {
  const recurring = useResource(['recurring-expense', recurringId], (signal) =>
    call(api.GET('/recurring-expenses/{id}', { params: { path: { id: recurringId } }, signal }), ''),
  );
  const frequency = recurring.data?.schedule.frequency;
  return (
    <div>
      <dt>{t('repeats')}</dt>
      <dd>
        {frequency ? frequencyLabel(frequency) : t('yes')} ·{' '}
        <Link href={`/groups/${groupId}?show=recurring`} aria-label={t('manageRecurring')}>
          {t('manage')}
        </Link>
      </dd>
    </div>
  );
}
