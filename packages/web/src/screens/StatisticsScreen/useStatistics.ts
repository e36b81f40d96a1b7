import { call } from '@kitty/api';
import type { PeriodRange } from '@kitty/domain';
import { api } from '../../api';
import { type Resource, useResource } from '../../flows/resource';
import type { Statistics } from './statisticsView';
import catalog from '../../i18n/catalog/en/statistics.json';
import { messages } from '../../i18n/messages';

const t = messages(catalog);

/**
 * GET /groups/{id}/statistics (a group id) or GET /statistics (null: the caller's), for `range` counted in
 * `timeZone`; `range: null` waits (a custom period with an error is not asked for). Reloaded when an
 * expense changes.
 */
export function useStatistics(
  groupId: string | null,
  range: PeriodRange | null,
  timeZone: string,
): Resource<Statistics> {
  const query = range && { ...range, time_zone: timeZone };
  return useResource(
    query && ['statistics', groupId, query],
    (signal) =>
      groupId === null
        ? call(api.GET('/statistics', { params: { query: query ?? {} }, signal }), t('loadFailed'))
        : call(
            api.GET('/groups/{id}/statistics', {
              params: { path: { id: groupId }, query: query ?? {} },
              signal,
            }),
            t('loadFailed'),
          ),
    { tags: ['expenses', 'statistics'] },
  );
}
