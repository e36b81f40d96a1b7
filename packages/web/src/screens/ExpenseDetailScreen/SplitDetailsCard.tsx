import type { Expense } from '@kitty/api';
import { isSplitType } from '@kitty/domain';
import { Avatar } from '../../components/Avatar';
import { Card } from '../../components/Card';
import { Money } from '../../components/Money';
import { splitTypeLabel } from '../../components/split/words';
import catalog from '../../i18n/catalog/en/expenseDetail.json';
import { activeLocale } from '../../i18n/language';
import { messages } from '../../i18n/messages';
import { type ExpenseMoney, splitTotal } from '../ExpensesScreen/expenseMoney';
import * as styles from './ExpenseDetailScreen.css';

const t = messages(catalog);

/** A split's percentage in the active language ("33,33 %" in Czech). */
const percentText = (value: number) =>
  new Intl.NumberFormat(activeLocale(), { style: 'percent', maximumFractionDigits: 20 }).format(value / 100);

function splitName(split: Expense['ExpenseSplits'][number]): string {
  return split.display_name?.trim() || split.User?.display_name?.trim() || t('unknownUser');
}

/** "Split Details": the split type, one row per participant, and the Total of the split amounts. */
export function SplitDetailsCard({ expense, money }: { expense: Expense; money: ExpenseMoney | null }) {
  const percentage = expense.split_type === 'percentage';
  return (
    <Card as="section" aria-labelledby="split-details-title" className={styles.splits}>
      <div className={styles.splitsHeader}>
        <h2 id="split-details-title" className={styles.cardTitle}>
          {t('splitDetails')}
        </h2>
        <span className={styles.splitType}>
          {isSplitType(expense.split_type) ? splitTypeLabel(expense.split_type) : expense.split_type}
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
                <span className={styles.percentage}>{percentText(split.percentage)}</span>
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
          <span>{t('total')}</span>
          <Money minor={splitTotal(money)} currency={expense.currency} />
        </p>
      )}
    </Card>
  );
}
