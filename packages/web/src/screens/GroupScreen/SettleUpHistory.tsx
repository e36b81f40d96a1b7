import type { Settlement } from '@kitty/api';
import { groupSettlementsByDay, memberName } from '@kitty/domain';
import { useMemo } from 'react';
import { Button } from '../../components/Button';
import { LoadingText } from '../../components/Spinner';
import { activeLocale } from '../../i18n/language';
import * as styles from './dialogs.css';
import { FromTo } from './FromTo';
import { JsonMoney } from './JsonMoney';
import catalog from '../../i18n/catalog/en/settleUp.json';
import { messages } from '../../i18n/messages';
import { domainWords } from '../../i18n/domainWords';

const t = messages(catalog);
const words = domainWords(catalog);

export interface SettleUpHistoryProps {
  status: 'loading' | 'ready' | 'failed';
  history: readonly Settlement[];
  error: string | null;
  onRetry: () => void;
}

/** The History tab: settlements grouped by day, newest day first (Today, Yesterday, weekday, long date). */
export function SettleUpHistory({ status, history, error, onRetry }: SettleUpHistoryProps) {
  const locale = activeLocale();
  const days = useMemo(() => groupSettlementsByDay(history, { now: new Date(), locale }), [history, locale]);
  if (status === 'loading') return <LoadingText>{t('historyLoading')}</LoadingText>;
  if (status === 'failed') {
    return (
      <div role="alert" className={styles.tightStack}>
        <p className={styles.heading}>{t('historyError')}</p>
        <p>{error ? words(error) : t('loadHistoryFailed')}</p>
        <div>
          <Button variant="secondary" size="sm" onPress={onRetry}>
            {t('tryAgain')}
          </Button>
        </div>
      </div>
    );
  }
  if (days.length === 0) return <p className={styles.empty}>{t('noHistory')}</p>;
  return (
    <div className={styles.stack}>
      {days.map((day) => (
        <section key={day.day} aria-label={day.label} className={styles.tightStack}>
          <h3 className={styles.subheading}>{day.label}</h3>
          <ul className={styles.list}>
            {day.settlements.map((s) => (
              <li key={s.id} className={styles.item}>
                <div className={styles.row}>
                  <FromTo from={memberName(s.payer ?? s.FromUser)} to={memberName(s.receiver ?? s.ToUser)} />
                  <JsonMoney amount={s.amount} currency={s.currency} className={styles.amount} />
                </div>
                {s.description && <p>{s.description}</p>}
                <p className={styles.muted}>{t('receipt', { id: s.transaction_id })}</p>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
