import type { ReactNode } from 'react';
import { useMemo } from 'react';
import { BarChart, type BarSeries } from './BarChart';
import { PaidShareTable, ShareTable } from './StatisticsTables';
import * as styles from './StatisticsScreen.css';
import { type CurrencyStatistics, currencyView } from './statisticsView';

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
  const amountHeading = scope === 'group' ? 'Amount' : 'Your share';
  const key = `stats-${currency}`;

  const charts = useMemo(() => {
    const paidShare = (rows: { paid_minor: number; share_minor: number }[]): BarSeries[] => [
      { label: 'Paid', values: rows.map((r) => r.paid_minor), tone: 'primary' },
      { label: 'Share', values: rows.map((r) => r.share_minor), tone: 'muted' },
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

  return (
    <div className={styles.stack}>
      <p>
        {scope === 'group' ? 'Total spent: ' : 'Your share: '}
        <strong>{view.total}</strong> (
        {view.expenseCount === 1 ? '1 expense' : `${view.expenseCount} expenses`})
      </p>

      <Section id={`${key}-category`} title="By category">
        <BarChart {...charts.category} currency={currency} horizontal />
        <ShareTable
          caption={`${scope === 'group' ? 'Spending' : 'Your share'} by category (${currency})`}
          heading="Category"
          amountHeading={amountHeading}
          rows={view.byCategory}
          total={view.total}
        />
      </Section>

      <Section id={`${key}-month`} title="By month">
        <BarChart {...charts.month} currency={currency} />
        <ShareTable
          caption={`${scope === 'group' ? 'Spending' : 'Your share'} by month (${currency})`}
          heading="Month"
          amountHeading={amountHeading}
          rows={view.byMonth}
          total={view.total}
        />
      </Section>

      {scope === 'group' ? (
        <Section id={`${key}-person`} title="By person">
          <BarChart {...charts.person} currency={currency} />
          <PaidShareTable
            caption={`Paid and share by person (${currency})`}
            heading="Person"
            rows={view.byPerson}
          />
        </Section>
      ) : (
        <Section id={`${key}-group`} title="By group">
          <BarChart {...charts.group} currency={currency} />
          <PaidShareTable
            caption={`What you paid and your share by group (${currency})`}
            heading="Group"
            rows={view.byGroup}
          />
        </Section>
      )}
    </div>
  );
}
