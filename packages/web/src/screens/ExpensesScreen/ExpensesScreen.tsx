import { useEffect, useState } from 'react';
import { Alert } from '../../components/Alert';
import { BackButton } from '../../components/BackButton';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { PlusIcon } from '../../components/icons';
import { LinkButton } from '../../components/LinkButton';
import { PageHeader } from '../../components/PageHeader';
import { SearchField } from '../../components/SearchField';
import { LoadingText } from '../../components/Spinner';
import { useAuth } from '../../flows/AuthProvider';
import { WaitingToSync } from '../../offline/WaitingToSync';
import { ExpenseRow } from './ExpenseRow';
import * as styles from './ExpensesScreen.css';
import { useUserExpenses } from './useUserExpenses';
import { failureText } from '../../flows/failureWords';
import catalog from '../../i18n/catalog/en/lists.json';
import { messages } from '../../i18n/messages';

const t = messages(catalog);

/** How long typing pauses before the search is asked of the server. */
const SEARCH_DELAY_MS = 300;

/**
 * All Expenses (/expenses): the caller's expenses, searched (description or group name) and paginated by
 * the server, so a search finds every expense, loaded or not, and the count is the true total.
 */
export function ExpensesScreen() {
  const { user } = useAuth();
  const [term, setTerm] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const next = term.trim();
    if (next === '') return setSearch('');
    const timer = setTimeout(() => setSearch(next), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [term]);
  const { first, expenses, total, hasMore, loadingMore, moreError, loadMore } = useUserExpenses(search);
  const shown = expenses;
  const searching = search !== '';

  return (
    <>
      <div className={styles.top}>
        <BackButton />
        <div className={styles.header}>
          <PageHeader
            title={t('allExpenses')}
            actions={
              <LinkButton href="/expenses/create" size="sm">
                <PlusIcon width={18} height={18} />
                {t('add')}
              </LinkButton>
            }
          />
        </div>
      </div>

      <SearchField
        label={t('searchExpenses')}
        placeholder={t('searchPlaceholder')}
        value={term}
        onChange={setTerm}
      />

      {first.status === 'failed' && first.error && (
        <Alert className={styles.banner}>{t('expensesError', { message: failureText(first.error) })}</Alert>
      )}

      {first.data === undefined ? (
        first.status !== 'failed' && <LoadingText>{t('loadingExpenses')}</LoadingText>
      ) : (
        <>
          <p className={styles.count} aria-live="polite">
            {search
              ? t('countFound', { count: total ?? shown.length, term: search })
              : t('count', { count: total ?? shown.length })}
          </p>
          <WaitingToSync kinds={['expense']} />
          {shown.length === 0 ? (
            <Card className={styles.empty}>
              {searching ? (
                <>
                  <p>{t('noneFound')}</p>
                  <Button variant="secondary" onPress={() => setTerm('')}>
                    {t('clearSearch')}
                  </Button>
                </>
              ) : (
                <>
                  <p>{t('noExpenses')}</p>
                  <LinkButton href="/expenses/create">{t('createFirst')}</LinkButton>
                </>
              )}
            </Card>
          ) : (
            <ul className={styles.list} aria-label={t('expenses')}>
              {shown.map((expense) => (
                <li key={expense.id}>
                  <ExpenseRow expense={expense} userId={user?.id ?? ''} />
                </li>
              ))}
            </ul>
          )}
          {moreError && (
            <Alert className={styles.banner}>{t('expensesError', { message: failureText(moreError) })}</Alert>
          )}
          {hasMore && (
            <Button variant="secondary" fullWidth isPending={loadingMore} onPress={loadMore}>
              {loadingMore ? t('loadingMore') : t('loadMore')}
            </Button>
          )}
        </>
      )}
    </>
  );
}
