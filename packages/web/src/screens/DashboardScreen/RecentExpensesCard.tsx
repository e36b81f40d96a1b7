import { call } from '@kitty/api';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { api } from '../../api';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { Link } from '../../components/Link';
import { LinkButton } from '../../components/LinkButton';
import { LoadingText } from '../../components/Spinner';
import { useResource } from '../../flows/resource';
import { ExpenseRow } from './ExpenseRow';
import {
  RECENT_INITIAL_COUNT,
  RECENT_MAX_COUNT,
  RECENT_PAGE_LIMIT,
  recentExpensesView,
  toRecentExpenses,
} from './recentExpenses';
import * as styles from './widgets.css';
import { failureText } from '../../flows/failureWords';
import catalog from '../../i18n/catalog/en/lists.json';
import { messages } from '../../i18n/messages';

const t = messages(catalog);

function useRecentExpenses(userId: string | null) {
  return useResource(
    userId === null ? null : ['recent-expenses', userId],
    async (signal) => {
      const page = await call(
        api.GET('/expenses/user', { params: { query: { limit: RECENT_PAGE_LIMIT } }, signal }),
        t('fetchExpensesFailed'),
      );
      return toRecentExpenses(page, userId ?? '');
    },
    { tags: ['expenses'] },
  );
}

/**
 * Home's Recent Expenses: 10 rows first, Load More raises it to 20 when there are more than 10, and
 * "See all expenses" shows once 20 are visible and there are more than 20.
 */
export function RecentExpensesCard({ userId }: { userId: string | null }) {
  const expenses = useRecentExpenses(userId);
  const [visibleCount, setVisibleCount] = useState(RECENT_INITIAL_COUNT);
  const firstNewRow = useRef<HTMLAnchorElement>(null);
  const [focusNewRow, setFocusNewRow] = useState(false);

  useEffect(() => {
    if (!focusNewRow) return;
    firstNewRow.current?.focus();
    setFocusNewRow(false);
  }, [focusNewRow]);

  const loadMore = () => {
    setVisibleCount(RECENT_MAX_COUNT);
    // The Load More button goes away: keep keyboard focus in the list, on the first row it revealed.
    setFocusNewRow(true);
  };

  const data = expenses.data;
  let content: ReactNode;
  if (expenses.status === 'failed' && !data) {
    content = (
      <div role="alert" className={styles.errorRow}>
        <span>{t('expensesError', { message: failureText(expenses.error) })}</span>
        <Button variant="secondary" size="sm" onPress={expenses.reload}>
          {t('tryAgain')}
        </Button>
      </div>
    );
  } else if (!data) {
    content = <LoadingText>{t('loadingExpenses')}</LoadingText>;
  } else if (data.rows.length === 0) {
    content = <p className={styles.muted}>{t('noRecent')}</p>;
  } else {
    const view = recentExpensesView(data.total, visibleCount);
    content = (
      <>
        <ul className={styles.list}>
          {data.rows.slice(0, view.shown).map((row, index) => (
            <ExpenseRow
              key={row.id}
              row={row}
              linkRef={index === RECENT_INITIAL_COUNT ? firstNewRow : undefined}
            />
          ))}
        </ul>
        {(view.showLoadMore || view.showSeeAll) && (
          <div className={styles.footerActions}>
            {view.showLoadMore && (
              <Button variant="secondary" size="sm" onPress={loadMore}>
                {t('loadMoreRecent')}
              </Button>
            )}
            {view.showSeeAll && (
              <LinkButton href="/expenses" variant="secondary" size="sm">
                {t('seeAll')}
              </LinkButton>
            )}
          </div>
        )}
      </>
    );
  }

  return (
    <Card as="section" aria-labelledby="recent-expenses-title" className={styles.widget}>
      <div className={styles.widgetHeader}>
        <h2 id="recent-expenses-title" className={styles.widgetTitle}>
          {t('recentExpenses')}
        </h2>
        {data && data.rows.length > 0 && <Link href="/expenses">{t('viewAll')}</Link>}
      </div>
      {content}
    </Card>
  );
}
