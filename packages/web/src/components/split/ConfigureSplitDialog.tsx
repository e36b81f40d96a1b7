import type { SplitDetails, SplitType } from '@kitty/domain';
import catalog from '../../i18n/catalog/en/split.json';
import { messages } from '../../i18n/messages';
import { Button } from '../Button';
import { Dialog } from '../Dialog';
import * as styles from './ConfigureSplitDialog.css';
import { SplitEditor } from './SplitEditor';
import type { ConfigurableSplitType } from './splitForm';
import { splitTypeLabel } from './words';

const t = messages(catalog);

/** A person the split is among: their user id (or a "temp-" id) and the name shown on their row. */
export interface SplitParticipant {
  id: string;
  name: string;
}

export interface ConfigureSplitDialogProps {
  isOpen: boolean;
  participants: readonly SplitParticipant[];
  /** The type being configured; 'equal' needs no configuration (the dialog only says so). */
  splitType: SplitType;
  /**
   * The current configuration in domain units: percentages and shares as numbers, exact amounts and
   * adjustments in integer minor units of `currency`. Missing entries start at the domain's defaults.
   */
  details?: SplitDetails | null;
  /** The expense amount in minor units; leave out for a group's default split (no amount yet). */
  totalMinor?: number | null;
  /**
   * Where the expense's leftover units start, as the server will split it (the domain's `rotation`): the
   * expense's `leftover_start` for an edit, the group's `next_leftover_start` for a new group expense, 0
   * otherwise. Without it the preview could give an extra cent to someone the saved expense does not.
   */
  rotation?: number;
  /** The currency of `totalMinor`, exact amounts and adjustments (e.g. "EUR"). */
  currency: string;
  /** Called with the valid configuration (only the type's own map, one entry per participant). */
  onSave: (details: SplitDetails) => void;
  /** Cancel, Close, Escape or a click on the overlay. */
  onCancel: () => void;
}

/**
 * The Configure Split dialog (spec section 2), layer "split" (z-index 100) so it can open above another
 * dialog. Percentages 0..100 with a running total, exact amounts with the remaining amount, whole-number
 * shares, signed adjustments; Save is blocked while the domain refuses the configuration.
 */
export function ConfigureSplitDialog({ isOpen, onCancel, splitType, ...rest }: ConfigureSplitDialogProps) {
  return (
    <Dialog
      title={t('title')}
      size="md"
      layer="split" // i18n-ignore: a layer name, not words
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (!open) onCancel();
      }}
    >
      {splitType === 'equal' ? (
        <div className={styles.equal}>
          <p>{t('equalNote', { label: splitTypeLabel('equal') })}</p>
          <div className={styles.actions}>
            <Button onPress={onCancel}>{t('ok')}</Button>
          </div>
        </div>
      ) : (
        <SplitEditor splitType={splitType as ConfigurableSplitType} onCancel={onCancel} {...rest} />
      )}
    </Dialog>
  );
}
