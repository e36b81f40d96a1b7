import type { FetchResult, GroupSummary } from '@kitty/api';
import { api } from '../api';
import { callGroup } from './groupCall';

/** Enough for 10,000 groups at the server's 100 a page; a server that never ends a list cannot hang us. */
const MOST_PAGES = 100;

type GroupsPage = { groups: GroupSummary[]; nextCursor: string | null };
type GetPage = (query: { cursor?: string }) => Promise<FetchResult & { data?: GroupsPage }>;

/**
 * Every group of the signed-in person: GET /groups a page at a time (the server caps a page at 100),
 * following `nextCursor`. The screens that need them all (Your Groups, Home, the Group combobox) use it.
 */
export async function fetchAllGroups(
  signal?: AbortSignal,
  getPage: GetPage = (query) => api.GET('/groups', { signal, params: { query } }),
): Promise<{ groups: GroupSummary[] }> {
  const groups: GroupSummary[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MOST_PAGES; page++) {
    const next = (await callGroup(
      getPage(cursor === undefined ? {} : { cursor }),
      // i18n-ignore: the English fallback; shown through knownWords (catalog errors)
      'Failed to fetch groups',
    )) as GroupsPage;
    groups.push(...next.groups);
    if (!next.nextCursor) break;
    cursor = next.nextCursor;
  }
  return { groups };
}
