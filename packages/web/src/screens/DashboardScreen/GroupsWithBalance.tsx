import type { ReactNode } from 'react';
import { partitionGroupsByBalance } from '@kitty/domain';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { LinkButton } from '../../components/LinkButton';
import { LoadingText } from '../../components/Spinner';
import { GroupRow } from '../GroupsScreen/GroupRow';
import { groupBalanceSign } from '../GroupsScreen/groupBalance';
import { useGroupList } from '../GroupsScreen/useGroupList';
import * as styles from './widgets.css';

/** Home's Groups with Balance: only groups with a nonzero balance, each linking to the group. */
export function GroupsWithBalance() {
  const groups = useGroupList();
  const active = groups.data ? partitionGroupsByBalance(groups.data, groupBalanceSign).active : [];

  let content: ReactNode;
  if (groups.status === 'failed' && !groups.data) {
    content = (
      <div role="alert" className={styles.errorRow}>
        <span>Error loading groups: {groups.error?.message}</span>
        <Button variant="secondary" size="sm" onPress={groups.reload}>
          Try Again
        </Button>
      </div>
    );
  } else if (!groups.data) {
    content = <LoadingText>Loading your groups...</LoadingText>;
  } else if (active.length === 0) {
    content = (
      <div className={styles.empty}>
        <p>No outstanding balances in your groups.</p>
        <LinkButton href="/groups" variant="secondary" size="sm">
          View All Groups
        </LinkButton>
      </div>
    );
  } else {
    content = (
      <ul className={styles.list}>
        {active.map((group) => (
          <GroupRow key={group.id} group={group} />
        ))}
      </ul>
    );
  }

  return (
    <Card as="section" aria-labelledby="groups-with-balance-title" className={styles.widget}>
      <h2 id="groups-with-balance-title" className={styles.widgetTitle}>
        Groups with Balance
      </h2>
      {content}
    </Card>
  );
}
