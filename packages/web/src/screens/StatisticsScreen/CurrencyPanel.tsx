import type { ReactNode } from 'react';
import { useMemo } from 'react';
import { BarChart, type BarSeries } from './BarChart';
import { PaidShareTable, ShareTable } from './StatisticsTables';
import * as styles from './StatisticsScreen.css';
import { type CurrencyStatistics, currencyView } from './statisticsView';
import catalog from '../../i18n/catalog/en/statistics.json';
import { messages } from '../../i18n/messages';

const t = messages(catalog);

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className={styles.stack}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

/**
 * One currency's statistics: the total, then by category, by month and by person (a group) or by group
 * (a person), each a chart with its table. A person's amounts are their shares.
 */
export function CurrencyPanel({ stats, scope }: { stats: CurrencyStatistics; scope: 'group' | 'person' }) {
  const view = useMemo(() => currencyView(stats), [stats]);
  const { currency } = stats;
  const amountHeading = scope === 'group' ? t('amount') : t('yourShare');
  const key = `stats-${currency}`;

  const charts = useMemo(() => {
    const paidShare = (rows: { paid_minor: number; share_minor: number }[]): BarSeries[] => [
      { label: t('paid'), values: rows.map((r) => r.paid_minor), tone: 'primary' },
      { label: t('share'), values: rows.map((r) => r.share_minor), tone: 'muted' },
    ];
    return {
      category: {
        labels: view.byCategory.map((r) => r.label),
        series: [
          { label: amountHeading, values: stats.by_category.map((c) => c.amount_minor), tone: 'primary' },
        ] satisfies BarSeries[],
      },
      month: {
        labels: view.byMonth.map((r) => r.label),
        series: [
          { label: amountHeading, values: stats.by_month.map((m) => m.amount_minor), tone: 'primary' },
        ] satisfies BarSeries[],
      },
      person: { labels: view.byPerson.map((r) => r.label), series: paidShare(stats.by_person) },
      group: { labels: view.byGroup.map((r) => r.label), series: paidShare(stats.by_group) },
    };
  }, [view, stats, amountHeading]);

  // The total in bold inside the sentence: the message is said around a marker that the amount replaces.
  const marker = '\u0000';
  const totalParts = t(scope === 'group' ? 'totalSpent' : 'yourShareTotal', {
    total: marker,
    count: view.expenseCount,
  }).split(marker);

  return (
    <div className={styles.stack}>
      <p>
        {totalParts[0]}
        <strong>{view.total}</strong>
        {totalParts[1]}
      </p>

      <Section id={`${key}-category`} title={t('byCategory')}>
        <BarChart {...charts.category} currency={currency} horizontal />
        <ShareTable
          caption={t('categoryCaption', { scope, currency })}
          heading={t('category')}
          amountHeading={amountHeading}
          rows={view.byCategory}
          total={view.total}
        />
      </Section>

      <Section id={`${key}-month`} title={t('byMonth')}>
        <BarChart {...charts.month} currency={currency} />
        <ShareTable
          caption={t('monthCaption', { scope, currency })}
          heading={t('month')}
          amountHeading={amountHeading}
          rows={view.byMonth}
          total={view.total}
        />
      </Section>

      {scope === 'group' ? (
        <Section id={`${key}-person`} title={t('byPerson')}>
          <BarChart {...charts.person} currency={currency} />
          <PaidShareTable
            caption={t('personCaption', { currency })}
            heading={t('person')}
            rows={view.byPerson}
          />
        </Section>
      ) : (
        <Section id={`${key}-group`} title={t('byGroup')}>
          <BarChart {...charts.group} currency={currency} />
          <PaidShareTable
            caption={t('groupCaption', { currency })}
            heading={t('group')}
            rows={view.byGroup}
          />
        </Section>
      )}
    </div>
  );
}
