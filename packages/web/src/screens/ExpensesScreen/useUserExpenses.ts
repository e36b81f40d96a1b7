import type { ApiError, Expense, ExpensePage } from '@kitty/api';
import { call } from '@kitty/api';
import { useCallback, useRef, useState } from 'react';
import { api } from '../../api';
import { type Resource, useResource } from '../../flows/resource';
import catalog from '../../i18n/catalog/en/lists.json';
import { messages } from '../../i18n/messages';

const t = messages(catalog);

const PAGE_SIZE = 20;

function fetchPage(search: string, cursor: string | null, signal?: AbortSignal): Promise<ExpensePage> {
  return call(
    api.GET('/expenses/user', {
      params: { query: { limit: PAGE_SIZE, ...(search ? { search } : {}), ...(cursor ? { cursor } : {}) } },
      signal,
    }),
    t('fetchExpensesFailed'),
  );
}

interface MorePages {
  /** The first page these follow; a reloaded first page drops them. */
  after: ExpensePage | undefined;
  expenses: Expense[];
  nextCursor: string | null;
}

export interface UserExpenses {
  first: Resource<ExpensePage>;
  /** Every loaded expense, newest first, without repeats. */
  expenses: Expense[];
  /** How many expenses the search finds in all (every page), as the server counts them. */
  total: number | undefined;
  hasMore: boolean;
  loadingMore: boolean;
  moreError: ApiError | null;
  loadMore(): void;
}

/**
 * The caller's expenses (GET /expenses/user), searched and paginated by the server: the first page of
 * `search` (blank: every expense), then "Load more".
 */
export function useUserExpenses(search: string): UserExpenses {
  const first = useResource(['expenses', 'user', search], (signal) => fetchPage(search, null, signal), {
    tags: ['expenses'],
  });
  const [more, setMore] = useState<MorePages | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreError, setMoreError] = useState<ApiError | null>(null);
  const busy = useRef(false);

  const current = more && more.after === first.data ? more : null;
  const nextCursor = current ? current.nextCursor : (first.data?.nextCursor ?? null);

  const expenses: Expense[] = [];
  const seen = new Set<string>();
  for (const expense of [...(first.data?.expenses ?? []), ...(current?.expenses ?? [])]) {
    if (seen.has(expense.id)) continue;
    seen.add(expense.id);
    expenses.push(expense);
  }

  const loadMore = useCallback(() => {
    if (busy.current || !nextCursor) return;
    busy.current = true;
    setLoadingMore(true);
    setMoreError(null);
    const base = first.data;
    fetchPage(search, nextCursor)
      .then(
        (page) =>
          setMore((m) => ({
            after: base,
            expenses: [...(m && m.after === base ? m.expenses : []), ...page.expenses],
            nextCursor: page.nextCursor,
          })),
        (error: ApiError) => setMoreError(error),
      )
      .finally(() => {
        busy.current = false;
        setLoadingMore(false);
      });
  }, [search, nextCursor, first.data]);

  return {
    first,
    expenses,
    total: first.data?.total,
    hasMore: nextCursor !== null,
    loadingMore,
    moreError,
    loadMore,
  };
}
