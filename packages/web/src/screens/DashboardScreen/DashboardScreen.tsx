import { LinkButton } from '../../components/LinkButton';
import { PlusIcon } from '../../components/icons';
import { PageHeader } from '../../components/PageHeader';
import { useAuth } from '../../flows/AuthProvider';
import { BalanceSummaryCard } from './BalanceSummaryCard';
import * as styles from './DashboardScreen.css';
import { GroupsWithBalance } from './GroupsWithBalance';
import { RecentExpensesCard } from './RecentExpensesCard';

/** Home: the greeting with a link to the person's Statistics, Add Expense, Balance Summary, Groups with Balance and Recent Expenses. */
export function DashboardScreen() {
  const { user } = useAuth();
  const name = user?.display_name || user?.name || user?.first_name || '';

  return (
    <div className={styles.screen}>
      <PageHeader
        title={`Ahoj ${name}!`}
        actions={
          <LinkButton href="/statistics" variant="secondary" size="sm">
            Statistics
          </LinkButton>
        }
      />
      <LinkButton href="/expenses/create" size="lg" fullWidth>
        <PlusIcon width={20} height={20} />
        Add Expense
      </LinkButton>
      <BalanceSummaryCard />
      <GroupsWithBalance />
      <RecentExpensesCard userId={user?.id ?? null} />
    </div>
  );
}
