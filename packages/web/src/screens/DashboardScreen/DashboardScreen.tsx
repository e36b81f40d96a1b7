import { LinkButton } from '../../components/LinkButton';
import { PlusIcon } from '../../components/icons';
import { PageHeader } from '../../components/PageHeader';
import { useAuth } from '../../flows/AuthProvider';
import { BalanceSummaryCard } from './BalanceSummaryCard';
import * as styles from './DashboardScreen.css';
import { GroupsWithBalance } from './GroupsWithBalance';
import { RecentExpensesCard } from './RecentExpensesCard';
import catalog from '../../i18n/catalog/en/lists.json';
import { messages } from '../../i18n/messages';

const t = messages(catalog);

/** Home: the greeting with a link to the person's Statistics, Add Expense, Balance Summary, Groups with Balance and Recent Expenses. */
export function DashboardScreen() {
  const { user } = useAuth();
  const name = user?.display_name || user?.name || user?.first_name || '';

  return (
    <div className={styles.screen}>
      <PageHeader
        title={t('greeting', { name })}
        actions={
          <LinkButton href="/statistics" variant="secondary" size="sm">
            {t('statistics')}
          </LinkButton>
        }
      />
      <LinkButton href="/expenses/create" size="lg" fullWidth>
        <PlusIcon width={20} height={20} />
        {t('addExpense')}
      </LinkButton>
      <BalanceSummaryCard />
      <GroupsWithBalance />
      <RecentExpensesCard userId={user?.id ?? null} />
    </div>
  );
}
