import { exactRemaining, formatMoneyWithSymbol, sumMinor } from '@kitty/domain';
import * as styles from './ConfigureSplitDialog.css';

export interface RemainingSummaryProps {
  /** What has been entered so far, in minor units (blank entries left out). */
  values: Record<string, number>;
  /** The expense total in minor units; null while there is none. */
  totalMinor: number | null;
  currency: string;
  className?: string;
}

/**
 * What remains of the total once the entered amounts are taken off ("Remaining: €65.00"), or the sum
 * entered while there is no total; read out as it changes. Exact splits and several payers alike.
 */
export function RemainingSummary({ values, totalMinor, currency, className }: RemainingSummaryProps) {
  return (
    <p className={className ?? styles.summary} aria-live="polite">
      {totalMinor === null
        ? `Total entered: ${formatMoneyWithSymbol(sumMinor(Object.values(values)), currency)}`
        : `Remaining: ${formatMoneyWithSymbol(exactRemaining(totalMinor, values), currency)}`}
    </p>
  );
}
