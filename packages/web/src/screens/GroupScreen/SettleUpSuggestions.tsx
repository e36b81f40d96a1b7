import type { SettlementSuggestion } from '@kitty/api';
import { Button as RACButton } from 'react-aria-components';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { LoadingText } from '../../components/Spinner';
import * as styles from './dialogs.css';
import { FromTo } from './FromTo';
import { suggestionExplanation } from './settleUpWords';
import { JsonMoney } from './JsonMoney';
import catalog from '../../i18n/catalog/en/settleUp.json';
import { messages } from '../../i18n/messages';
import { domainWords } from '../../i18n/domainWords';

const t = messages(catalog);
const words = domainWords(catalog);

export interface SettleUpSuggestionsProps {
  status: 'loading' | 'ready' | 'failed';
  suggestions: readonly SettlementSuggestion[];
  error: string | null;
  onPick: (suggestion: SettlementSuggestion) => void;
  onRetry: () => void;
}

/** The Suggestions tab: the fewest transfers that settle the group; picking one goes to the confirmation. */
export function SettleUpSuggestions({
  status,
  suggestions,
  error,
  onPick,
  onRetry,
}: SettleUpSuggestionsProps) {
  if (status === 'loading') return <LoadingText>{t('suggestionsLoading')}</LoadingText>;
  if (status === 'failed') {
    return (
      <div className={styles.tightStack}>
        <Alert>{error && words(error)}</Alert>
        <div>
          <Button variant="secondary" size="sm" onPress={onRetry}>
            {t('tryAgain')}
          </Button>
        </div>
      </div>
    );
  }
  if (suggestions.length === 0) {
    return (
      <div className={styles.empty}>
        <p>{t('noSuggestions')}</p>
        <p className={styles.muted}>{t('noSuggestionsNote')}</p>
      </div>
    );
  }
  return (
    <ul className={styles.list} aria-label={t('suggested')}>
      {suggestions.map((s) => (
        <li key={`${s.payer.id}-${s.receiver.id}-${s.currency}`}>
          <RACButton className={styles.choice} onPress={() => onPick(s)}>
            <span className={styles.tightStack}>
              <FromTo from={s.payer.display_name} to={s.receiver.display_name} />
              <span className={styles.muted}>{suggestionExplanation(s)}</span>
            </span>
            <JsonMoney amount={s.amount} currency={s.currency} className={styles.amount} />
          </RACButton>
        </li>
      ))}
    </ul>
  );
}
