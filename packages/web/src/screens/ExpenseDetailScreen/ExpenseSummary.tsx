import type { Expense } from '@kitty/api';
import { isExpenseCategory } from '@kitty/domain';

import { Card } from '../../components/Card';
import { Link } from '../../components/Link';
import { Money } from '../../components/Money';
import { categoryName } from '../../components/split/words';
import { useAppConfig } from '../../flows/ConfigProvider';
import { dateTime } from '../../i18n/format';
import catalog from '../../i18n/catalog/en/expenseDetail.json';
import { messages } from '../../i18n/messages';
import { lazy, Suspense, useEffect, useRef } from 'react';
import * as styles from './ExpenseDetailScreen.css';

const t = messages(catalog);

// Only an occurrence of a recurring expense shows it: loaded then.
const RepeatsFact = lazy(() => import('./RepeatsFact').then((m) => ({ default: m.RepeatsFact })));

/** A payer's name as the spec shows the payer: the display name, else "Unknown". */
const payerName = (payer: { display_name?: string | null } | null | undefined) =>
  payer?.display_name?.trim() || t('unknown');

/** "Declined by Bob" (the domain's declinedLabel, in the active language), or null. */
const declinedText = (declined: { by: { display_name: string } } | null | undefined) =>
  declined ? t('declinedBy', { name: declined.by.display_name.trim() || t('someoneLower') }) : null;

/**
 * Description, category, amount in the expense currency, payer (with several payers, each of them with
 * what they paid, most first), date and time, group and notes.
 */
export function ExpenseSummary({
  expense,
  amountMinor,
  paidMinor,
}: {
  expense: Expense;
  amountMinor: number | null;
  /** What each payer paid in minor units (expenseMoney().payers). */
  paidMinor?: Readonly<Record<string, number>> | undefined;
}) {
  const { config } = useAppConfig();
  // A known category in the active language; one the server added later by the name it gives.
  const category = isExpenseCategory(expense.category)
    ? categoryName(expense.category)
    : (config?.expenseCategories.displayNames[expense.category] ?? categoryName(expense.category));
  const groupName = expense.groupName ?? expense.Group?.name ?? null;
  const declined = declinedText(expense.declined);
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
          <span>{t('countsForNobody')}</span>
        </div>
      )}
      {amountMinor !== null && (
        <p className={styles.amount}>
          <Money minor={amountMinor} currency={expense.currency} />
        </p>
      )}
      <dl className={styles.facts}>
        <div>
          <dt>{t('category')}</dt>
          <dd>{category}</dd>
        </div>
        <div>
          <dt>{t('paidBy')}</dt>
          <dd>
            {expense.payers && expense.payers.length > 1 ? (
              <ul className={styles.payerList}>
                {expense.payers.map((payer) => {
                  const paid = paidMinor?.[payer.user_id];
                  return (
                    <li key={payer.user_id}>
                      {payerName(payer)}{' '}
                      {paid !== undefined && (
                        <span className={styles.payerAmount}>
                          <Money minor={paid} currency={expense.currency} />
                        </span>
                      )}
                    </li>
                  );
                })}
              </ul>
            ) : (
              payerName(expense.payer)
            )}
          </dd>
        </div>
        <div>
          <dt>{t('date')}</dt>
          <dd>{dateTime(expense.date)}</dd>
        </div>
        {expense.recurring_expense_id && expense.group_id && (
          <Suspense fallback={null}>
            <RepeatsFact recurringId={expense.recurring_expense_id} groupId={expense.group_id} />
          </Suspense>
        )}
        {groupName && expense.group_id && (
          <div>
            <dt>{t('group')}</dt>
            <dd>
              <Link href={`/groups/${expense.group_id}`}>{groupName}</Link>
            </dd>
          </div>
        )}
        {expense.notes?.trim() && (
          <div>
            <dt>{t('notes')}</dt>
            <dd className={styles.notes}>{expense.notes}</dd>
          </div>
        )}
      </dl>
    </Card>
  );
}
