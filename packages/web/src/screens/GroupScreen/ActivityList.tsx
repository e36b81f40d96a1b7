import type { Expense, Settlement } from '@kitty/api';
import { type ActivityItem, expenseIdForNavigation, initialOf, memberName } from '@kitty/domain';
import { Link } from 'react-aria-components';
import { CommentCount } from '../../components/CommentCount';
import { shortDate } from '../../i18n/format';
import * as styles from './GroupScreen.css';
import { JsonMoney } from './JsonMoney';
import catalog from '../../i18n/catalog/en/group.json';
import { messages } from '../../i18n/messages';
import { useLiveChanged } from '../../live/useLive';

const t = messages(catalog);

function ExpenseRow({ expense, afterSettlement }: { expense: Expense; afterSettlement: boolean }) {
  // With several payers, each of them (most first).
  const payer =
    expense.payers && expense.payers.length > 1
      ? expense.payers.map((p) => memberName(p)).join(', ')
      : memberName(expense.payer);
  const live = useLiveChanged(expense.id);
  return (
    <Link href={`/expenses/${expenseIdForNavigation(expense.id)}`} className={styles.rowLink} {...live}>
      <span className={styles.avatar} aria-hidden="true">
        {initialOf(expense.description)}
      </span>
      <span className={styles.rowMain}>
        <span className={styles.rowTitle}>
          <span className={styles.rowTitleText}>{expense.description}</span>
          {afterSettlement && <span className={styles.badge}>{t('new')}</span>}
        </span>
        <span className={styles.rowMeta}>{t('paidMeta', { payer, date: shortDate(expense.date) })}</span>
        <CommentCount count={expense.comment_count} />
      </span>
      <JsonMoney amount={expense.amount} currency={expense.currency} className={styles.rowAmount} />
    </Link>
  );
}

function SettlementRow({ settlement, latest }: { settlement: Settlement; latest: boolean }) {
  const from = memberName(settlement.payer ?? settlement.FromUser);
  const to = memberName(settlement.receiver ?? settlement.ToUser);
  return (
    <div className={styles.rowStatic}>
      <span className={styles.settlementAvatar} aria-hidden="true">
        ✓
      </span>
      <span className={styles.rowMain}>
        <span className={styles.rowTitle}>
          <span className={styles.rowTitleText}>{t('paidTo', { from, to })}</span>
          {latest && <span className={styles.badge}>{t('latestSettlement')}</span>}
        </span>
        <span className={styles.rowMeta}>
          {t('settlementMeta', { date: shortDate(settlement.settlement_date ?? settlement.date) })}
        </span>
      </span>
      <JsonMoney amount={settlement.amount} currency={settlement.currency} className={styles.rowAmount} />
    </div>
  );
}

/** The visible activity, newest first: expenses link to their detail, settlements are shown as entries. */
export function ActivityList({ items }: { items: readonly ActivityItem<Expense, Settlement>[] }) {
  return (
    <ul className={styles.list}>
      {items.map((item) => (
        <li key={item.key} className={styles.row}>
          {item.kind === 'expense' ? (
            <ExpenseRow expense={item.expense} afterSettlement={item.afterSettlement} />
          ) : (
            <SettlementRow settlement={item.settlement} latest={item.latest} />
          )}
        </li>
      ))}
    </ul>
  );
}
