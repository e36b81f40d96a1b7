import { memberName, parseMoney, SPLIT_TYPE_LABELS, SPLIT_TYPES, type SplitDetails } from '@kitty/domain';
import type { ExpenseDraft } from '@kitty/domain/flows';
import { Button } from '../../components/Button';
import { Select } from '../../components/Select';
import { ConfigureSplitDialog } from '../../components/split/ConfigureSplitDialog';
import * as styles from './ExpenseFormScreen.css';

const OPTIONS = SPLIT_TYPES.map((type) => ({ id: type, label: SPLIT_TYPE_LABELS[type] }));

export interface SplitSectionProps {
  draft: ExpenseDraft;
  /** Where the saved expense's leftover units will start (useLeftoverStart). */
  rotation: number;
  dialogOpen: boolean;
  errorMessage?: string;
  onTypeChange: (type: string) => void;
  onOpenDialog: () => void;
  onSave: (details: SplitDetails) => void;
  onCloseDialog: () => void;
}

/** The Split selector (the five methods); any method but equal opens Configure Split. */
export function SplitSection({
  draft,
  rotation,
  dialogOpen,
  errorMessage,
  onTypeChange,
  onOpenDialog,
  onSave,
  onCloseDialog,
}: SplitSectionProps) {
  const amount = parseMoney(draft.amount, draft.currency);
  return (
    <div className={styles.split}>
      <div className={styles.splitRow}>
        <Select
          label="Split"
          options={OPTIONS}
          value={draft.split_type}
          onChange={onTypeChange}
          className={styles.grow}
        />
        {draft.split_type !== 'equal' && (
          <Button variant="secondary" onPress={onOpenDialog} className={styles.configure}>
            Configure split
          </Button>
        )}
      </div>
      {errorMessage && (
        <p role="alert" className={styles.errorText}>
          {errorMessage}
        </p>
      )}
      <ConfigureSplitDialog
        isOpen={dialogOpen}
        participants={draft.participants.map((p) => ({ id: p.id, name: memberName(p) }))}
        splitType={draft.split_type}
        details={draft.split_details}
        totalMinor={amount.ok && amount.value > 0 ? amount.value : null}
        rotation={rotation}
        currency={draft.currency}
        onSave={onSave}
        onCancel={onCloseDialog}
      />
    </div>
  );
}
