import { Badge } from '../components/Badge';
import * as styles from './offline.css';
import type { QueuedWrite } from './outbox';
import type { WaitingToSyncProps } from './WaitingToSync';
import { useOutbox } from './useOutbox';
import { offlineWords as t, writeLabel } from './words';

const belongs = (write: QueuedWrite, { kinds, groupId, expenseId }: WaitingToSyncProps) =>
  write.state === 'waiting' &&
  kinds.includes(write.kind) &&
  (groupId === undefined || write.groupId === groupId) &&
  (expenseId === undefined || write.expenseId === expenseId);

/**
 * The writes made offline that have not reached the server yet, where they belong (a group's expenses and
 * payments, the expenses list, an expense's comments), each marked "Waiting to sync". Nothing while none wait.
 */
export function WaitingList(props: WaitingToSyncProps) {
  const waiting = useOutbox().filter((write) => belongs(write, props));
  if (waiting.length === 0) return null;
  return (
    <ul className={styles.list} aria-label={t('waiting')} data-testid="waiting-to-sync">
      {waiting.map((write) => (
        <li key={write.seq} className={styles.item}>
          <span className={styles.label}>{writeLabel(write)}</span>
          <Badge tone="warning">{t('waiting')}</Badge>
        </li>
      ))}
    </ul>
  );
}
