import type { ImportPreview } from '@kitty/domain/flows';
import { Card } from '../../components/Card';
import * as styles from './importStyles';
import { balanceDifferenceWords, moneyText } from './importWords';

/** Each member's balance per currency as the file says it beside what the import makes, differences in words. */
export function BalanceComparison({ balances }: { balances: ImportPreview['balances'] }) {
  return (
    <Card as="section" aria-labelledby="import-balances-title" className={styles.stack}>
      <h2 id="import-balances-title" className={styles.heading}>
        Balances
      </h2>
      <p className={styles.hint}>Positive: the person is owed money. Negative: they owe.</p>
      {balances.length === 0 ? (
        <p className={styles.muted}>Everyone is settled up: no balances.</p>
      ) : (
        <table className={styles.table} aria-labelledby="import-balances-title">
          <thead>
            <tr>
              <th scope="col" className={styles.th}>
                Member
              </th>
              <th scope="col" className={styles.th}>
                In the file
              </th>
              <th scope="col" className={styles.th}>
                After import
              </th>
              {/* A word the phone's narrow column would otherwise break ("Chec k"); no rule of its own (see importStyles). */}
              <th scope="col" className={styles.th} style={{ overflowWrap: 'normal' }}>
                Check
              </th>
            </tr>
          </thead>
          <tbody>
            {balances.map((balance) => (
              <tr key={`${balance.member}:${balance.currency}`}>
                <th scope="row" className={styles.td}>
                  {balance.member}
                </th>
                <td className={styles.td}>
                  {balance.source === null ? 'Not given' : moneyText(balance.source, balance.currency)}
                </td>
                <td className={styles.td}>{moneyText(balance.imported, balance.currency)}</td>
                <td className={styles.td}>{balanceDifferenceWords(balance)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Card>
  );
}
