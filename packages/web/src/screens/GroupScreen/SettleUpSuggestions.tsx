import type { SettlementSuggestion } from '@kitty/api';
import { Button as RACButton } from 'react-aria-components';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { LoadingText } from '../../components/Spinner';
import * as styles from './dialogs.css';
import { FromTo } from './FromTo';
import { JsonMoney } from './JsonMoney';

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
  if (status === 'loading') return <LoadingText>Loading suggestions...</LoadingText>;
  if (status === 'failed') {
    return (
      <div className={styles.tightStack}>
        <Alert>{error}</Alert>
        <div>
          <Button variant="secondary" size="sm" onPress={onRetry}>
            Try Again
          </Button>
        </div>
      </div>
    );
  }
  if (suggestions.length === 0) {
    return (
      <div className={styles.empty}>
        <p>No settlement suggestions available.</p>
        <p className={styles.muted}>All balances might be settled or too small to suggest.</p>
      </div>
    );
  }
  return (
    <ul className={styles.list} aria-label="Suggested settlements">
      {suggestions.map((s) => (
        <li key={`${s.payer.id}-${s.receiver.id}-${s.currency}`}>
          <RACButton className={styles.choice} onPress={() => onPick(s)}>
            <span className={styles.tightStack}>
              <FromTo from={s.payer.display_name} to={s.receiver.display_name} />
              <span className={styles.muted}>{s.explanation}</span>
            </span>
            <JsonMoney amount={s.amount} currency={s.currency} className={styles.amount} />
          </RACButton>
        </li>
      ))}
    </ul>
  );
}
