import { call } from '@kitty/api';
import {
  dayInZone,
  NO_STATISTICS,
  type PeriodRange,
  periodErrors,
  periodRange,
  type StatisticsPeriod,
} from '@kitty/domain';
import { type ReactNode, useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { api } from '../../api';
import { Alert } from '../../components/Alert';
import { BackButton } from '../../components/BackButton';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { LinkButton } from '../../components/LinkButton';
import { PageHeader } from '../../components/PageHeader';
import { LoadingText } from '../../components/Spinner';
import { Tabs } from '../../components/Tabs';
import { useResource } from '../../flows/resource';
import { CurrencyPanel } from './CurrencyPanel';
import { PeriodChooser } from './PeriodChooser';
import * as styles from './StatisticsScreen.css';
import { browserTimeZone, type Statistics, statisticsErrorWords } from './statisticsView';
import { useStatistics } from './useStatistics';

function Currencies({ stats }: { stats: Statistics }) {
  const [chosen, setChosen] = useState<string | null>(null);
  const { currencies, scope } = stats;
  const first = currencies[0];
  if (!first) return <Card className={styles.empty}>{NO_STATISTICS}</Card>;
  if (currencies.length === 1) return <CurrencyPanel stats={first} scope={scope} />;
  // Amounts in different currencies are never added up: one tab each.
  const selected = currencies.some((c) => c.currency === chosen) ? (chosen as string) : first.currency;
  return (
    <Tabs
      aria-label="Currency"
      selectedKey={selected}
      onSelectionChange={setChosen}
      tabs={currencies.map((c) => ({
        id: c.currency,
        label: c.currency,
        content: <CurrencyPanel stats={c} scope={scope} />,
      }))}
    />
  );
}

/**
 * A Statistics screen: the period chooser, then the loaded statistics per currency, or why there are
 * none. `groupId` null is the caller's own statistics.
 */
function StatisticsView({ groupId, header }: { groupId: string | null; header: ReactNode }) {
  const [timeZone] = useState(browserTimeZone);
  const [period, setPeriod] = useState<StatisticsPeriod>('this_month');
  const [custom, setCustom] = useState<PeriodRange>({});
  const today = dayInZone(new Date(), timeZone);
  const range = useMemo(() => periodRange(period, today, custom), [period, today, custom]);
  const errors = period === 'custom' ? periodErrors(range) : {};
  const valid = !errors.from && !errors.to;
  const stats = useStatistics(groupId, valid ? range : null, timeZone);
  const scope = groupId === null ? 'person' : 'group';

  let body: ReactNode = null;
  if (stats.status === 'failed' && stats.error?.code === 'NOT_FOUND' && scope === 'group') {
    body = (
      <div className={styles.stateBox}>
        <p>{statisticsErrorWords(stats.error, scope)}</p>
        <LinkButton href="/groups" variant="secondary">
          Your Groups
        </LinkButton>
      </div>
    );
  } else if (stats.status === 'failed') {
    body = (
      <div className={styles.stateBox}>
        <Alert>{statisticsErrorWords(stats.error, scope)}</Alert>
        <Button variant="secondary" onPress={stats.reload}>
          Try Again
        </Button>
      </div>
    );
  } else if (stats.data) {
    body = <Currencies stats={stats.data} />;
  } else if (valid) {
    body = <LoadingText>Loading statistics...</LoadingText>;
  }

  return (
    <>
      <div className={styles.top}>
        <BackButton fallback={groupId === null ? '/dashboard' : `/groups/${groupId}`} />
        <div className={styles.header}>{header}</div>
      </div>
      <PeriodChooser
        period={period}
        onPeriodChange={setPeriod}
        custom={custom}
        onCustomChange={setCustom}
        errors={errors}
      />
      {body}
    </>
  );
}

/** A group's Statistics (/groups/{groupId}/statistics): where the group's money went. */
export function GroupStatisticsScreen() {
  const { groupId = '' } = useParams();
  const group = useResource(['group-name', groupId], (signal) =>
    call(
      api.GET('/groups/{id}', { params: { path: { id: groupId } }, signal }),
      'Failed to fetch group details',
    ),
  );
  return (
    <StatisticsView
      key={groupId}
      groupId={groupId}
      header={<PageHeader title="Statistics" subtitle={group.data?.name} />}
    />
  );
}

/** The person's Statistics (/statistics): their share of every expense they are in. */
export function MyStatisticsScreen() {
  return (
    <StatisticsView
      groupId={null}
      header={<PageHeader title="Your statistics" subtitle="Your share of each expense" />}
    />
  );
}
