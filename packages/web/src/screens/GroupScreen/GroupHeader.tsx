import type { GroupDetail } from '@kitty/api';
import { formatMoneyWithSymbol, groupBalanceCaption, groupBalanceHeadline } from '@kitty/domain';
import { Button } from '../../components/Button';
import { PlusIcon } from '../../components/icons';
import { Money } from '../../components/Money';
import { PageHeader } from '../../components/PageHeader';
import { minorOf, otherCurrencyBalances } from './groupState';
import * as styles from './GroupScreen.css';

/** The caller's balance: the group currency's figure, with nonzero balances in other currencies beside it. */
function BalanceLine({ group }: { group: GroupDetail }) {
  const minor = minorOf(group.balance, group.currency);
  const others = otherCurrencyBalances(group.balances);
  const headline = minor === null ? null : groupBalanceHeadline(minor, group.currency);
  return (
    <span className={styles.headline}>
      {headline ? (
        <span className={minor !== null && minor > 0 ? styles.owed : styles.owe}>{headline}</span>
      ) : (
        <span>
          {formatMoneyWithSymbol(0, group.currency)} {groupBalanceCaption(0)}
        </span>
      )}
      {others.length > 0 && (
        <span className={styles.otherCurrencies}>
          {others.map((b) => (
            <Money key={b.currency} minor={b.minor} currency={b.currency} signed colored />
          ))}
        </span>
      )}
    </span>
  );
}

export function GroupHeader({ group, onAddExpense }: { group: GroupDetail; onAddExpense: () => void }) {
  return (
    <PageHeader
      title={group.name}
      subtitle={<BalanceLine group={group} />}
      actions={
        <Button size="sm" onPress={onAddExpense}>
          <PlusIcon width={18} height={18} />
          Add Expense
        </Button>
      }
    />
  );
}
