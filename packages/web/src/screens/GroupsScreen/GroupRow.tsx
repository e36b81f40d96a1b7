import { groupBalanceCaption } from '@kitty/domain';
import { Link } from 'react-aria-components';
import { Avatar } from '../../components/Avatar';
import { cx } from '../../components/cx';
import { Money } from '../../components/Money';
import * as styles from './GroupRow.css';
import type { GroupListItem } from './groupBalance';
import { money } from '../../i18n/format';
import catalog from '../../i18n/catalog/en/lists.json';
import { messages } from '../../i18n/messages';

const t = messages(catalog);

/** "you are owed" / "you owe" / "settled" (the domain's groupBalanceCaption). */
function caption(minor: number): string {
  const kind = groupBalanceCaption(minor);
  return t('caption', { kind: kind === 'you are owed' ? 'owed' : kind === 'you owe' ? 'owe' : 'settled' });
}

/**
 * One group in a list (Home's Groups with Balance, Your Groups): initial, name, "{n} members" and each
 * nonzero balance signed with its currency symbol and "you are owed" / "you owe". A settled group is
 * dimmed and reads "{symbol}0.00" and "settled". The whole row links to the group.
 */
export function GroupRow({ group }: { group: GroupListItem }) {
  const settled = group.balances.length === 0;
  return (
    <li className={styles.item}>
      <Link href={`/groups/${group.id}`} className={cx(styles.row, settled && styles.dimmed)}>
        <Avatar name={group.name} size="lg" className={cx(settled && styles.settledAvatar)} />
        <span className={styles.main}>
          <span className={styles.name}>{group.name}</span>
          <span className={styles.meta}>{t('members', { count: group.memberCount })}</span>
        </span>
        <span className={styles.amounts}>
          {settled ? (
            <span className={styles.amountLine}>
              <span className={styles.amount}>{money(0, group.currency)}</span>
              <span className={styles.caption}>{caption(0)}</span>
            </span>
          ) : (
            group.balances.map((balance) => (
              <span key={balance.currency} className={styles.amountLine}>
                <Money
                  minor={balance.minor}
                  currency={balance.currency}
                  signed
                  colored
                  className={styles.amount}
                />
                <span className={styles.caption}>{caption(balance.minor)}</span>
              </span>
            ))
          )}
        </span>
      </Link>
    </li>
  );
}
