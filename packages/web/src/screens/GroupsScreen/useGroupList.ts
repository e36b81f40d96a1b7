import { fetchAllGroups } from '../../flows/allGroups';
import { useResource } from '../../flows/resource';
import { type GroupListItem, toGroupListItem } from './groupBalance';

/** Every page of GET /groups as list items (balances in minor units); reloads when groups or balances change. */
export function useGroupList() {
  return useResource<GroupListItem[]>(
    ['groups'],
    async (signal) => {
      const { groups } = await fetchAllGroups(signal);
      return groups.map(toGroupListItem);
    },
    { tags: ['groups', 'balances'] },
  );
}
