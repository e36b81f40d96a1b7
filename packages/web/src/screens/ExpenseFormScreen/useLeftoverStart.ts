import { api } from '../../api';
import { callGroup } from '../../flows/groupCall';
import { useResource } from '../../flows/resource';
import catalog from '../../i18n/catalog/en/expenseForm.json';
import { messages } from '../../i18n/messages';

const t = messages(catalog);

/**
 * Where the saved expense's leftover units will start (the domain's `rotation`), so that the split
 * preview gives each extra cent to the person the server will: an edit keeps its expense's own
 * `leftover_start`; a new group expense takes the group's `next_leftover_start`; a personal one starts at
 * 0, as the server does. Another member creating an expense in the group between this read and Save
 * moves the group's count, and the saved split then starts further on: accepted, since with nobody else
 * writing the preview is exactly what is saved (and the expense detail shows the saved figures).
 * `known` is a group detail the screen has already loaded (the route's group): it is not asked for again.
 */
export function useLeftoverStart(
  keptStart: number | undefined,
  groupId: string | null,
  known?: { id: string; next_leftover_start: number },
): number {
  const loaded = known && known.id === groupId ? known : undefined;
  const ask = keptStart === undefined && groupId !== null && !loaded;
  const group = useResource(ask ? ['group', groupId] : null, (signal) =>
    callGroup(
      api.GET('/groups/{id}', { params: { path: { id: groupId ?? '' } }, signal }),
      t('loadGroupFailed'),
    ),
  );
  if (keptStart !== undefined) return keptStart;
  if (loaded) return loaded.next_leftover_start;
  // Until the chosen group's answer is in, its count is unknown: 0, as before any leftover.
  return groupId && group.data?.id === groupId ? group.data.next_leftover_start : 0;
}
