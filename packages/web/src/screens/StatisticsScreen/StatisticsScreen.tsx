import { call } from '@kitty/api';
import { dayInZone, type PeriodRange, periodErrors, presetRange, type StatisticsPreset } from '@kitty/domain';
import { type ReactNode, useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { api } from '../../api';
import { Alert } from '../../components/Alert';
import { BackButton } from '../../components/BackButton';
import { Button } from '../../components/Button';
import { LinkButton } from '../../components/LinkButton';
import { PageHeader } from '../../components/PageHeader';
import { LoadingText } from '../../components/Spinner';
import { useResource } from '../../flows/resource';
import { CurrencyPanel } from './CurrencyPanel';
import { NativeSelect } from './NativeSelect';
import { PeriodChooser } from './PeriodChooser';
import * as styles from './StatisticsScreen.css';
import { browserTimeZone, type Statistics, statisticsErrorWords } from './statisticsView';
import { useStatistics } from './useStatistics';
import catalog from '../../i18n/catalog/en/statistics.json';
import { messages } from '../../i18n/messages';

const t = messages(catalog);

function Currencies({ stats }: { stats: Statistics }) {
  const [chosen, setChosen] = useState<string | null>(null);
  const { currencies, scope } = stats;
  const shown = currencies.find((c) => c.currency === chosen) ?? currencies[0];
  if (!shown) return <p>{t('noStatistics')}</p>;
  // Amounts in different currencies are never added up: one currency at a time.
  return (
    <>
      {currencies.length > 1 && (
        <div className={styles.row}>
          <NativeSelect
            label={t('currency')}
            value={shown.currency}
            options={currencies.map((c) => ({ id: c.currency, label: c.currency }))}
            onChange={setChosen}
          />
        </div>
      )}
      <CurrencyPanel key={shown.currency} stats={shown} scope={scope} />
    </>
  );
}

/**
 * A Statistics screen: the period chooser, then the loaded statistics per currency, or why there are
 * none. `groupId` null is the caller's own statistics.
 */
function StatisticsView({ groupId, header }: { groupId: string | null; header: ReactNode }) {
  const [timeZone] = useState(browserTimeZone);
  const [period, setPeriod] = useState<StatisticsPreset>('this_month');
  const [custom, setCustom] = useState<PeriodRange>({});
  const today = dayInZone(new Date(), timeZone);
  const range = useMemo(() => presetRange(period, today, custom), [period, today, custom]);
  const errors = period === 'custom' ? periodErrors(range) : {};
  const valid = !errors.from && !errors.to;
  const stats = useStatistics(groupId, valid ? range : null, timeZone);
  const scope = groupId === null ? 'person' : 'group';

  let body: ReactNode = null;
  if (stats.status === 'failed' && stats.error?.code === 'NOT_FOUND' && scope === 'group') {
    body = (
      <div className={styles.stack}>
        <p>{statisticsErrorWords(stats.error, scope)}</p>
        <LinkButton href="/groups" variant="secondary">
          {t('yourGroups')}
        </LinkButton>
      </div>
    );
  } else if (stats.status === 'failed') {
    body = (
      <div className={styles.stack}>
        <Alert>{statisticsErrorWords(stats.error, scope)}</Alert>
        <Button variant="secondary" onPress={stats.reload}>
          {t('tryAgain')}
        </Button>
      </div>
    );
  } else if (stats.data) {
    body = <Currencies stats={stats.data} />;
  } else if (valid) {
    body = <LoadingText>{t('loading')}</LoadingText>;
  }

  return (
    <div className={styles.stack}>
      <div className={styles.row}>
        <BackButton fallback={groupId === null ? '/dashboard' : `/groups/${groupId}`} />
        {header}
      </div>
      <PeriodChooser
        period={period}
        onPeriodChange={setPeriod}
        custom={custom}
        onCustomChange={setCustom}
        errors={errors}
      />
      {body}
    </div>
  );
}

/**
 * Statistics: a group's (/groups/{groupId}/statistics, where the group's money went) or the person's
 * (/statistics, their share of every expense they are in).
 */
export function StatisticsScreen() {
  const { groupId } = useParams();
  return groupId === undefined ? <MyStatistics /> : <GroupStatistics key={groupId} groupId={groupId} />;
}

function GroupStatistics({ groupId }: { groupId: string }) {
  const group = useResource(['group-name', groupId], (signal) =>
    call(api.GET('/groups/{id}', { params: { path: { id: groupId } }, signal }), t('loadGroupFailed')),
  );
  return (
    <StatisticsView
      groupId={groupId}
      header={<PageHeader title={t('title')} subtitle={group.data?.name} />}
    />
  );
}

function MyStatistics() {
  return (
    <StatisticsView groupId={null} header={<PageHeader title={t('myTitle')} subtitle={t('mySubtitle')} />} />
  );
}
