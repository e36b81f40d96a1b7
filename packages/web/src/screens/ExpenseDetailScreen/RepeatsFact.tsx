import { call } from '@kitty/api';
import { FREQUENCY_LABELS } from '@kitty/domain';
import { api } from '../../api';
import { Link } from '../../components/Link';
import { useResource } from '../../flows/resource';

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
      <dt>Repeats</dt>
      <dd>
        {frequency ? FREQUENCY_LABELS[frequency] : 'Yes'} ·{' '}
        <Link href={`/groups/${groupId}?show=recurring`} aria-label="Manage the recurring expenses">
          Manage
        </Link>
      </dd>
    </div>
  );
}
