import {
  type ApiError,
  call,
  type Expense,
  type GroupBalances,
  type GroupDetail,
  type Settlement,
} from '@kitty/api';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { api } from '../../api';
import { callGroup } from '../../flows/groupCall';
import { invalidate, type Resource, useResource } from '../../flows/resource';
import catalog from '../../i18n/catalog/en/group.json';
import { messages } from '../../i18n/messages';

const t = messages(catalog);

/** The resource tags of one group: what a write in this group must refresh. */
export function groupTags(groupId: string) {
  return {
    group: `group:${groupId}`,
    balances: `balances:${groupId}`,
    settlements: `settlements:${groupId}`,
  };
}

/** After a change in the group (expense, settlement, settings): everything that shows it loads again. */
export function invalidateGroup(groupId: string): void {
  const tags = groupTags(groupId);
  invalidate(tags.group, tags.balances, tags.settlements, 'balances', 'groups', 'expenses');
}

interface MorePages {
  /** The first page these pages continue (a reload of the group starts over). */
  base: GroupDetail | undefined;
  expenses: Expense[];
  cursor: string | null;
  loading: boolean;
  error: ApiError | null;
}

export interface GroupData {
  group: Resource<GroupDetail>;
  settlements: Resource<{ settlements: Settlement[] }>;
  balances: Resource<GroupBalances>;
  /** Every expense loaded so far: the first page from the group, then the pages of "Load more". */
  expenses: Expense[];
  hasMore: boolean;
  loadingMore: boolean;
  moreError: ApiError | null;
  loadMore(): void;
  /** Loads the group, its settlements and balances again. */
  refresh(): void;
  /** A reload is running over data already shown. */
  refreshing: boolean;
}

/** The group (first page of expenses), its settlements and balances, and further pages of expenses. */
export function useGroupData(groupId: string): GroupData {
  const tags = groupTags(groupId);
  const group = useResource(
    ['group', groupId],
    (signal) =>
      callGroup(api.GET('/groups/{id}', { params: { path: { id: groupId } }, signal }), t('loadGroupFailed')),
    { tags: [tags.group, 'expenses'] },
  );
  const settlements = useResource(
    ['groupSettlements', groupId],
    (signal) =>
      call(
        api.GET('/financial/settlements/group/{groupId}', { params: { path: { groupId } }, signal }),
        t('loadSettlementsFailed'),
      ),
    { tags: [tags.settlements, tags.group] },
  );
  const balances = useResource(
    ['groupBalances', groupId],
    (signal) =>
      call(
        api.GET('/financial/balances/group/{groupId}', { params: { path: { groupId } }, signal }),
        t('loadBalancesFailed'),
      ),
    { tags: [tags.balances, tags.group, 'balances'] },
  );

  const [more, setMore] = useState<MorePages>({
    base: undefined,
    expenses: [],
    cursor: null,
    loading: false,
    error: null,
  });
  const generation = useRef(0);
  const base = group.data;
  // A fresh first page restarts the extra pages from its cursor.
  if (more.base !== base) {
    generation.current += 1;
    setMore({ base, expenses: [], cursor: base?.expensesNextCursor ?? null, loading: false, error: null });
  }

  const loadMore = useCallback(() => {
    const cursor = more.cursor;
    if (cursor === null || more.loading) return;
    const started = generation.current;
    setMore((m) => ({ ...m, loading: true, error: null }));
    call(
      api.GET('/expenses/group/{id}', { params: { path: { id: groupId }, query: { cursor } } }),
      t('loadExpensesFailed'),
    ).then(
      (page) => {
        if (generation.current !== started) return;
        setMore((m) => ({
          ...m,
          expenses: [...m.expenses, ...page.expenses],
          cursor: page.nextCursor,
          loading: false,
        }));
      },
      (error: ApiError) => {
        if (generation.current !== started) return;
        setMore((m) => ({ ...m, loading: false, error }));
      },
    );
  }, [groupId, more.cursor, more.loading]);

  // An answer arriving after unmount is dropped.
  useEffect(
    () => () => {
      generation.current += 1;
    },
    [],
  );

  const expenses = useMemo(() => {
    const seen = new Set<string>();
    const list: Expense[] = [];
    for (const e of [...(base?.expenses ?? []), ...more.expenses]) {
      if (seen.has(e.id)) continue;
      seen.add(e.id);
      list.push(e);
    }
    return list;
  }, [base, more.expenses]);

  const refresh = useCallback(() => {
    group.reload();
    settlements.reload();
    balances.reload();
  }, [group.reload, settlements.reload, balances.reload]);

  return {
    group,
    settlements,
    balances,
    expenses,
    hasMore: more.cursor !== null,
    loadingMore: more.loading,
    moreError: more.error,
    loadMore,
    refresh,
    refreshing: group.refreshing || settlements.refreshing || balances.refreshing,
  };
}
