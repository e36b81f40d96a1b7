import type { GroupDetail } from '@kitty/api';
import { groupBalanceParts } from '@kitty/domain';
import { money } from '../../i18n/format';
import { Button } from '../../components/Button';
import { PlusIcon } from '../../components/icons';
import { PageHeader } from '../../components/PageHeader';
import { ownBalances } from './groupState';
import * as styles from './GroupScreen.css';
import catalog from '../../i18n/catalog/en/group.json';
import { messages } from '../../i18n/messages';

const t = messages(catalog);

/**
 * The caller's balance: "You are owed {amount}" / "You owe {amount}" for every currency still open, the group
 * currency first; "{symbol}0.00 settled" only when settled in every currency (the domain's rule).
 */
function BalanceLine({ group }: { group: GroupDetail }) {
  const balances = ownBalances(group).filter((b) => !Number.isNaN(b.minor));
  const lines = groupBalanceParts(balances, group.currency).map(({ kind, minor, currency }) => ({
    kind,
    text: t(kind, { amount: money(minor, currency) }),
  }));
  return (
    <span className={styles.headline}>
      {lines.map((line) => (
        <span
          key={line.text}
          className={line.kind === 'owed' ? styles.owed : line.kind === 'owe' ? styles.owe : undefined}
        >
          {line.text}
        </span>
      ))}
    </span>
  );
}

/** The group's name, its description under it (when it has one), the caller's balance and Add Expense. */
export function GroupHeader({ group, onAddExpense }: { group: GroupDetail; onAddExpense: () => void }) {
  const description = group.description?.trim();
  return (
    <PageHeader
      title={group.name}
      subtitle={
        <>
          {description && <span className={styles.groupDescription}>{description}</span>}
          <BalanceLine group={group} />
        </>
      }
      actions={
        <Button size="sm" onPress={onAddExpense}>
          <PlusIcon width={18} height={18} />
          {t('addExpense')}
        </Button>
      }
    />
  );
}
