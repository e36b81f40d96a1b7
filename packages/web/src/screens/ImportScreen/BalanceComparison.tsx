import type { ImportPreview } from '@kitty/domain/flows';
import { Card } from '../../components/Card';
import * as styles from './importStyles';
import { balanceDifferenceWords, moneyText } from './importWords';
import catalog from '../../i18n/catalog/en/import.json';
import { messages } from '../../i18n/messages';

const t = messages(catalog);

/** Each member's balance per currency as the file says it beside what the import makes, differences in words. */
export function BalanceComparison({ balances }: { balances: ImportPreview['balances'] }) {
  return (
    <Card as="section" aria-labelledby="import-balances-title" className={styles.stack}>
      <h2 id="import-balances-title" className={styles.heading}>
        {t('balancesTitle')}
      </h2>
      <p className={styles.hint}>{t('balancesHint')}</p>
      {balances.length === 0 ? (
        <p className={styles.muted}>{t('allSettled')}</p>
      ) : (
        <table className={styles.table} aria-labelledby="import-balances-title">
          <thead>
            <tr>
              <th scope="col" className={styles.th}>
                {t('member')}
              </th>
              <th scope="col" className={styles.th}>
                {t('inFile')}
              </th>
              <th scope="col" className={styles.th}>
                {t('afterImport')}
              </th>
              {/* A word the phone's narrow column would otherwise break ("Chec k"); no rule of its own (see importStyles). */}
              <th scope="col" className={styles.th} style={{ overflowWrap: 'normal' }}>
                {t('check')}
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
                  {balance.source === null ? t('notGiven') : moneyText(balance.source, balance.currency)}
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
