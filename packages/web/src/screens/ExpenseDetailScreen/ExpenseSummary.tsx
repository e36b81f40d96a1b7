import type { Expense } from '@kitty/api';
import { categoryDisplayName, declinedLabel, formatDateTime } from '@kitty/domain';
import { Card } from '../../components/Card';
import { Link } from '../../components/Link';
import { Money } from '../../components/Money';
import { useAppConfig } from '../../flows/ConfigProvider';
import { useEffect, useRef } from 'react';
import * as styles from './ExpenseDetailScreen.css';

/** Description, category, amount in the expense currency, payer, date and time, group and notes. */
export function ExpenseSummary({ expense, amountMinor }: { expense: Expense; amountMinor: number | null }) {
  const { config } = useAppConfig();
  const category =
    config?.expenseCategories.displayNames[expense.category] ?? categoryDisplayName(expense.category);
  const groupName = expense.groupName ?? expense.Group?.name ?? null;
  const declined = declinedLabel(expense.declined);
  // Declined while shown (the Decline button is gone with it): the focus moves to what happened.
  const notice = useRef<HTMLDivElement>(null);
  const wasDeclined = useRef(declined !== null);
  useEffect(() => {
    if (declined !== null && !wasDeclined.current) notice.current?.focus();
    wasDeclined.current = declined !== null;
  }, [declined]);
  return (
    <Card as="section" aria-labelledby="expense-description" className={styles.summary}>
      <h2 id="expense-description" className={styles.description}>
        {expense.description}
      </h2>
      {declined && (
        <div ref={notice} tabIndex={-1} className={styles.declined}>
          <strong>{declined}</strong>
          <span>This expense counts for nobody: it is in no one's balance.</span>
        </div>
      )}
      {amountMinor !== null && (
        <p className={styles.amount}>
          <Money minor={amountMinor} currency={expense.currency} />
        </p>
      )}
      <dl className={styles.facts}>
        <div>
          <dt>Category</dt>
          <dd>{category}</dd>
        </div>
        <div>
          <dt>Paid by</dt>
          <dd>{expense.payer?.display_name?.trim() || 'Unknown'}</dd>
        </div>
        <div>
          <dt>Date</dt>
          <dd>{formatDateTime(expense.date)}</dd>
        </div>
        {groupName && expense.group_id && (
          <div>
            <dt>Group</dt>
            <dd>
              <Link href={`/groups/${expense.group_id}`}>{groupName}</Link>
            </dd>
          </div>
        )}
        {expense.notes?.trim() && (
          <div>
            <dt>Notes</dt>
            <dd className={styles.notes}>{expense.notes}</dd>
          </div>
        )}
      </dl>
    </Card>
  );
}
