import { call } from '@kitty/api';
import { api } from '../../api';
import { Card } from '../../components/Card';
import { Spinner } from '../../components/Spinner';
import { useResource } from '../../flows/resource';
import { balanceSummaryLines, overallBalances } from './balanceLines';
import * as styles from './widgets.css';
import catalog from '../../i18n/catalog/en/lists.json';
import { messages } from '../../i18n/messages';

const t = messages(catalog);

/** GET /balance/summary as overall balances in minor units (null: the answer had none). */
export function useOverallBalances() {
  return useResource(
    ['balance-summary'],
    async (signal) => overallBalances(await call(api.GET('/balance/summary', { signal }), '')),
    { tags: ['balances'] },
  );
}

/**
 * The Balance Summary (Home, Your Groups): "Loading balances...", "Error: ..." or "Failed to load
 * balances", "All settled!", "Overall, you are owed / you owe {amount}" (one line per currency), or
 * "Unable to load balance information". Loaded when the screen opens, i.e. while its status is idle.
 */
export function BalanceSummaryCard({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const summary = useOverallBalances();
  const showData = summary.data !== undefined && summary.status !== 'failed';
  const lines = balanceSummaryLines(
    showData ? 'succeeded' : summary.status,
    summary.error?.message ?? null,
    summary.data,
  );
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <Card as="section" aria-labelledby="balance-summary-title" className={styles.widget}>
      <Heading id="balance-summary-title" className={styles.widgetTitle}>
        {t('balanceSummary')}
      </Heading>
      <ul className={styles.summaryLines} aria-live="polite" aria-busy={summary.status === 'loading'}>
        {lines.map((line) => (
          <li key={line.text} className={styles.summaryText[line.kind]}>
            {line.kind === 'loading' ? (
              <>
                <Spinner size="sm" /> {line.text}
              </>
            ) : (
              line.text
            )}
          </li>
        ))}
      </ul>
    </Card>
  );
}
