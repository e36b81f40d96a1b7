import { exactRemaining, sumMinor } from '@kitty/domain';
import catalog from '../../i18n/catalog/en/split.json';
import { money } from '../../i18n/format';
import { messages } from '../../i18n/messages';
import * as styles from './ConfigureSplitDialog.css';

const t = messages(catalog);

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
        ? t('totalEntered', { amount: money(sumMinor(Object.values(values)), currency) })
        : t('remaining', { amount: money(exactRemaining(totalMinor, values), currency) })}
    </p>
  );
}
