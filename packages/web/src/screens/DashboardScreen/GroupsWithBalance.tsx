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
import { failureText } from '../../flows/failureWords';
import catalog from '../../i18n/catalog/en/lists.json';
import { messages } from '../../i18n/messages';

const t = messages(catalog);

/** Home's Groups with Balance: only groups with a nonzero balance, each linking to the group. */
export function GroupsWithBalance() {
  const groups = useGroupList();
  const active = groups.data ? partitionGroupsByBalance(groups.data, groupBalanceSign).active : [];

  let content: ReactNode;
  if (groups.status === 'failed' && !groups.data) {
    content = (
      <div role="alert" className={styles.errorRow}>
        <span>{t('groupsError', { message: failureText(groups.error) })}</span>
        <Button variant="secondary" size="sm" onPress={groups.reload}>
          {t('tryAgain')}
        </Button>
      </div>
    );
  } else if (!groups.data) {
    content = <LoadingText>{t('loadingGroups')}</LoadingText>;
  } else if (active.length === 0) {
    content = (
      <div className={styles.empty}>
        <p>{t('noOutstanding')}</p>
        <LinkButton href="/groups" variant="secondary" size="sm">
          {t('viewAllGroups')}
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
        {t('groupsWithBalance')}
      </h2>
      {content}
    </Card>
  );
}
