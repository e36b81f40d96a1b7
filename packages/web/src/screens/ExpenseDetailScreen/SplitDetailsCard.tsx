import type { Expense } from '@kitty/api';
import { isSplitType, SPLIT_TYPE_LABELS } from '@kitty/domain';
import { Avatar } from '../../components/Avatar';
import { Card } from '../../components/Card';
import { Money } from '../../components/Money';
import { type ExpenseMoney, splitTotal } from '../ExpensesScreen/expenseMoney';
import * as styles from './ExpenseDetailScreen.css';

function splitName(split: Expense['ExpenseSplits'][number]): string {
  return split.display_name?.trim() || split.User?.display_name?.trim() || 'Unknown User';
}

/** "Split Details": the split type, one row per participant, and the Total of the split amounts. */
export function SplitDetailsCard({ expense, money }: { expense: Expense; money: ExpenseMoney | null }) {
  const percentage = expense.split_type === 'percentage';
  return (
    <Card as="section" aria-labelledby="split-details-title" className={styles.splits}>
      <div className={styles.splitsHeader}>
        <h2 id="split-details-title" className={styles.cardTitle}>
          Split Details
        </h2>
        <span className={styles.splitType}>
          {isSplitType(expense.split_type) ? SPLIT_TYPE_LABELS[expense.split_type] : expense.split_type}
        </span>
      </div>
      <ul className={styles.splitList}>
        {expense.ExpenseSplits.map((split) => {
          const name = splitName(split);
          const share = money?.shares[split.user_id];
          return (
            <li key={split.user_id} className={styles.splitRow}>
              <Avatar name={name} size="sm" />
              <span className={styles.splitName}>{name}</span>
              {percentage && split.percentage !== null && (
                <span className={styles.percentage}>{split.percentage}%</span>
              )}
              <span className={styles.splitAmount}>
                {share !== undefined && <Money minor={share} currency={expense.currency} />}
              </span>
            </li>
          );
        })}
      </ul>
      {money && (
        <p className={styles.total}>
          <span>Total</span>
          <Money minor={splitTotal(money)} currency={expense.currency} />
        </p>
      )}
    </Card>
  );
}
