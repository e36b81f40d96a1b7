import { partitionGroupsByBalance } from '@kitty/domain';
import { useState } from 'react';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { Link } from '../../components/Link';
import { LinkButton } from '../../components/LinkButton';
import { PlusIcon } from '../../components/icons';
import { PageHeader } from '../../components/PageHeader';
import { LoadingText } from '../../components/Spinner';
import { BalanceSummaryCard } from '../DashboardScreen/BalanceSummaryCard';
import { GroupRow } from './GroupRow';
import * as styles from './GroupsScreen.css';
import { groupBalanceSign } from './groupBalance';
import { useGroupList } from './useGroupList';
import { failureText } from '../../flows/failureWords';
import catalog from '../../i18n/catalog/en/lists.json';
import { messages } from '../../i18n/messages';

const t = messages(catalog);

/** Your Groups: groups with a balance, then the settled ones behind "Show Settled Groups". */
export function GroupsScreen() {
  const groups = useGroupList();
  const [showSettled, setShowSettled] = useState(false);

  const header = (
    <PageHeader
      title={t('yourGroups')}
      actions={
        <>
          <LinkButton href="/import" variant="secondary" size="sm">
            {t('import')}
          </LinkButton>
          <LinkButton href="/groups/create" size="sm">
            <PlusIcon width={18} height={18} />
            {t('newGroup')}
          </LinkButton>
        </>
      }
    />
  );

  if (!groups.data) {
    return (
      <div className={styles.screen}>
        {header}
        {groups.status === 'failed' ? (
          <div role="alert" className={styles.error}>
            <p>{t('groupsError', { message: failureText(groups.error) })}</p>
            <Button variant="secondary" onPress={groups.reload}>
              {t('tryAgain')}
            </Button>
          </div>
        ) : (
          <LoadingText centered>{t('loadingGroups')}</LoadingText>
        )}
      </div>
    );
  }

  const { active, settled } = partitionGroupsByBalance(groups.data, groupBalanceSign);
  return (
    <div className={styles.screen}>
      {header}
      <BalanceSummaryCard />
      <Card as="section" aria-labelledby="active-groups-title" className={styles.section}>
        <h2 id="active-groups-title" className={styles.sectionTitle}>
          {t('activeGroups')}
        </h2>
        {active.length === 0 ? (
          <p className={styles.empty}>
            {t('noActive')} <Link href="/groups/create">{t('createGroup')}</Link>
          </p>
        ) : (
          <ul className={styles.list}>
            {active.map((group) => (
              <GroupRow key={group.id} group={group} />
            ))}
          </ul>
        )}
      </Card>
      {settled.length > 0 && (
        <div className={styles.settledBlock}>
          <Button
            variant="ghost"
            aria-expanded={showSettled}
            aria-controls="settled-groups"
            onPress={() => setShowSettled((shown) => !shown)}
          >
            {showSettled ? t('hideSettled') : t('showSettled')}
          </Button>
          {showSettled && (
            <Card
              as="section"
              id="settled-groups"
              aria-labelledby="settled-groups-title"
              className={styles.section}
            >
              <h2 id="settled-groups-title" className={styles.sectionTitle}>
                {t('settledGroups')}
              </h2>
              <ul className={styles.list}>
                {settled.map((group) => (
                  <GroupRow key={group.id} group={group} />
                ))}
              </ul>
            </Card>
          )}
        </div>
      )}
    </div>
  );
}
