import type { Expense } from '@kitty/api';
import { decimalToMinor } from '@kitty/domain';
import { Link } from 'react-aria-components';
import { CommentCount } from '../../components/CommentCount';
import { Money } from '../../components/Money';
import * as styles from './ExpensesScreen.css';
import { shortDate } from '../../i18n/format';
import { declinedText, directionText, groupNameText, payerText } from '../shared/expenseWords';
import { directionFor } from './expenseMoney';
import catalog from '../../i18n/catalog/en/lists.json';
import { messages } from '../../i18n/messages';
import { useLiveChanged } from '../../live/useLive';

const t = messages(catalog);

/**
 * One expense: description, group and date, who paid (every payer, most first), the signed amount for the
 * current user ("you owe" red minus, "you are owed" green plus), or "Declined by {name}", and the total; how
 * many comments it has. The whole row opens the detail.
 */
export function ExpenseRow({ expense, userId }: { expense: Expense; userId: string }) {
  // A declined expense counts for nobody: no "you owe" / "you are owed", only who declined it.
  const declined = declinedText(expense.declined);
  const direction = declined ? null : directionFor(expense, userId);
  const total = decimalToMinor(expense.amount, expense.currency);
  const owe = direction?.direction === 'owe';
  const live = useLiveChanged(expense.id);
  return (
    <Link href={`/expenses/${expense.id}`} className={styles.row} {...live}>
      <div className={styles.rowMain}>
        <span className={styles.description}>{expense.description}</span>
        <span className={styles.meta}>
          {groupNameText(expense)} · {shortDate(expense.date)}
        </span>
        <span className={styles.meta}>
          {t('paidBy', {
            names:
              expense.payers && expense.payers.length > 1
                ? expense.payers.map(payerText).join(', ')
                : payerText(expense.payer),
          })}
        </span>
        <CommentCount count={expense.comment_count} />
      </div>
      <div className={styles.rowAmounts}>
        {declined && <span className={styles.declined}>{declined}</span>}
        {direction && (
          <>
            <Money
              minor={owe ? -direction.amount : direction.amount}
              currency={expense.currency}
              signed
              colored
            />
            <span className={owe ? styles.owe : styles.owed}>{directionText(direction.direction)}</span>
          </>
        )}
        {total !== null && (
          <span className={styles.meta}>
            {t('total')} <Money minor={total} currency={expense.currency} />
          </span>
        )}
      </div>
    </Link>
  );
}
