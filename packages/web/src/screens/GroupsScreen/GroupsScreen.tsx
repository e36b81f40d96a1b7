import { partitionGroupsByBalance, settledGroupsToggleLabel } from '@kitty/domain';
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

/** Your Groups: groups with a balance, then the settled ones behind "Show Settled Groups". */
export function GroupsScreen() {
  const groups = useGroupList();
  const [showSettled, setShowSettled] = useState(false);

  const header = (
    <PageHeader
      title="Your Groups"
      actions={
        <>
          <LinkButton href="/import" variant="secondary" size="sm">
            Import
          </LinkButton>
          <LinkButton href="/groups/create" size="sm">
            <PlusIcon width={18} height={18} />
            New Group
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
            <p>Error loading groups: {groups.error?.message}</p>
            <Button variant="secondary" onPress={groups.reload}>
              Try Again
            </Button>
          </div>
        ) : (
          <LoadingText centered>Loading your groups...</LoadingText>
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
          Active Groups
        </h2>
        {active.length === 0 ? (
          <p className={styles.empty}>
            You don't have any active groups with outstanding balances.{' '}
            <Link href="/groups/create">Create a Group</Link>
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
            {settledGroupsToggleLabel(showSettled)}
          </Button>
          {showSettled && (
            <Card
              as="section"
              id="settled-groups"
              aria-labelledby="settled-groups-title"
              className={styles.section}
            >
              <h2 id="settled-groups-title" className={styles.sectionTitle}>
                Settled Groups
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
