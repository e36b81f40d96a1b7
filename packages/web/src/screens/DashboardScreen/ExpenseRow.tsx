import type { Ref } from 'react';
import { Link } from 'react-aria-components';
import { money, shortDate } from '../../i18n/format';
import * as rowStyles from '../GroupsScreen/GroupRow.css';
import * as styles from './ExpenseRow.css';
import type { RecentExpenseRow } from './recentExpenses';
import { useLiveChanged } from '../../live/useLive';

/**
 * A Recent Expenses row: description, group name or "Personal", date, and the amount: red with a minus
 * when the person shares it but someone else paid, otherwise green with a plus; a declined expense shows
 * "Declined by {name}" instead (it counts for nobody).
 */
export function ExpenseRow({ row, linkRef }: { row: RecentExpenseRow; linkRef?: Ref<HTMLAnchorElement> }) {
  const { sign, direction, amount } = row.direction;
  const live = useLiveChanged(row.id);
  return (
    <li className={rowStyles.item} {...live}>
      <Link ref={linkRef} href={`/expenses/${row.id}`} className={rowStyles.row}>
        <span className={rowStyles.main}>
          <span className={rowStyles.name}>{row.description}</span>
          <span className={rowStyles.meta}>
            {row.groupName} · <time dateTime={row.date}>{shortDate(row.date)}</time>
          </span>
        </span>
        {row.declined ? (
          <span className={styles.declined}>{row.declined}</span>
        ) : (
          <span className={styles.amount[direction]}>
            {sign}
            {money(amount, row.currency)}
          </span>
        )}
      </Link>
    </li>
  );
}
