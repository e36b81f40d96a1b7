import type { Expense, GroupBalances, Settlement } from '@kitty/api';
import { buildActivity, decimalToMinor, type ExpenseEffect, expenseNets } from '@kitty/domain';
import { useMemo, useState } from 'react';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { LoadingText } from '../../components/Spinner';
import { cx } from '../../components/cx';
import { expenseMoney } from '../ExpensesScreen/expenseMoney';
import { ActivityList } from './ActivityList';
import { RefreshIcon } from '../../components/icons';
import * as styles from './GroupScreen.css';
import type { GroupData } from './useGroupData';
import { useRecalculating } from './useRecalculating';
import catalog from '../../i18n/catalog/en/group.json';
import { messages } from '../../i18n/messages';
import { domainWords } from '../../i18n/domainWords';

const t = messages(catalog);
/** The activity's titles, banners and toggles, which the domain writes in English. */
const words = domainWords(catalog);

const NO_SETTLEMENTS: Settlement[] = [];

/** Every member's net now, currency -> member id -> minor units; undefined until the balances load. */
function balancesNow(balances: GroupBalances | undefined) {
  if (!balances) return undefined;
  const now: Record<string, Record<string, number>> = {};
  for (const row of balances.balances) {
    for (const c of row.currency_breakdown) {
      const byMember = now[c.currency] ?? {};
      byMember[row.user.id] = decimalToMinor(c.net, c.currency) ?? Number.NaN;
      now[c.currency] = byMember;
    }
  }
  return now;
}

/** What an expense does to balances: each person's net, what they paid minus their share (expenseNets). */
function effectOf(expense: Expense): ExpenseEffect | null {
  const money = expenseMoney(expense);
  if (!money) return null;
  return { currency: expense.currency, nets: expenseNets({ paid_by: expense.paid_by, ...money }) };
}

/** The activity section of a group (spec section 2 "Activity section", section 4 "Activity list"). */
export function ActivitySection({ data, settled }: { data: GroupData; settled: boolean }) {
  const [showPrevious, setShowPrevious] = useState(false);
  const { settlements } = data;
  const settlementsReady = settlements.data !== undefined || settlements.status === 'failed';
  const view = useMemo(
    () =>
      buildActivity({
        expenses: data.expenses,
        settlements: settlements.data?.settlements ?? NO_SETTLEMENTS,
        settled,
        showPrevious,
        balancesNow: balancesNow(data.balances.data),
        effectOf,
      }),
    [data.expenses, settlements.data, settled, showPrevious, data.balances.data],
  );
  const signature = `${settled}|${showPrevious}|${view.items.map((i) => i.key).join(',')}`;
  const recalculating = useRecalculating(signature);
  const updating = recalculating || data.refreshing || !settlementsReady;

  return (
    <Card as="section" aria-labelledby="group-activity-title" className={styles.section}>
      <div className={styles.sectionHeader}>
        <h2 id="group-activity-title" className={styles.sectionTitle}>
          {words(view.title)}
        </h2>
        <Button variant="ghost" size="sm" onPress={data.refresh}>
          <RefreshIcon />
          {t('refresh')}
        </Button>
        {updating && <LoadingText className={styles.updatingNote}>{t('updating')}</LoadingText>}
      </div>

      {view.banner && (
        <div className={cx(styles.banner, settled && styles.settledBanner)}>
          <span className={styles.bannerTitle}>{words(view.banner.title)}</span>
          <span>{words(view.banner.note)}</span>
        </div>
      )}

      {view.earlierStillCounting > 0 && (
        // The spec's view hides what came before the latest settlement; this says when that still matters.
        <div className={styles.stillCounting}>
          <span id="earlier-still-counting">
            {t('earlierStillCount', { count: view.earlierStillCounting })}
          </span>
          <Button
            variant="secondary"
            size="sm"
            aria-describedby="earlier-still-counting"
            onPress={() => setShowPrevious(true)}
          >
            {t('show')}
          </Button>
        </div>
      )}

      {settlements.status === 'failed' && settlements.error && <Alert>{settlements.error.message}</Alert>}

      {view.toggleLabel && (
        <Button variant="secondary" size="sm" onPress={() => setShowPrevious((v) => !v)}>
          {words(view.toggleLabel)}
        </Button>
      )}

      {settlementsReady &&
        (view.emptyText ? (
          <p className={styles.empty}>{words(view.emptyText)}</p>
        ) : (
          <ActivityList items={view.items} />
        ))}

      {(data.hasMore || data.moreError) && (
        <div className={styles.footer}>
          {data.moreError && <Alert>{data.moreError.message}</Alert>}
          {data.hasMore && (
            <Button variant="secondary" isPending={data.loadingMore} onPress={data.loadMore}>
              {t('loadMore')}
            </Button>
          )}
        </div>
      )}
    </Card>
  );
}
