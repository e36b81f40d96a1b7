import { memberName, parseMoney, SPLIT_TYPES, type SplitDetails } from '@kitty/domain';
import type { ExpenseDraft } from '@kitty/domain/flows';
import { Button } from '../../components/Button';
import { Select } from '../../components/Select';
import { ConfigureSplitDialog } from '../../components/split/ConfigureSplitDialog';
import { splitTypeLabel } from '../../components/split/words';
import catalog from '../../i18n/catalog/en/expenseForm.json';
import { messages } from '../../i18n/messages';
import * as styles from './ExpenseFormScreen.css';

const t = messages(catalog);

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
  const options = SPLIT_TYPES.map((type) => ({ id: type, label: splitTypeLabel(type) }));
  return (
    <div className={styles.split}>
      <div className={styles.splitRow}>
        <Select
          label={t('split')}
          options={options}
          value={draft.split_type}
          onChange={onTypeChange}
          className={styles.grow}
        />
        {draft.split_type !== 'equal' && (
          <Button variant="secondary" onPress={onOpenDialog} className={styles.configure}>
            {t('configureSplit')}
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
