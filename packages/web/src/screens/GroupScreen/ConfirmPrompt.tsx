import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import * as styles from './dialogs.css';
import catalog from '../../i18n/catalog/en/group.json';
import { messages } from '../../i18n/messages';

const t = messages(catalog);

export interface ConfirmPromptProps {
  title: string;
  message: string;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  isPending?: boolean;
}

/** A small alert dialog asking to confirm a step that cannot be taken back (remove a member, leave). */
export function ConfirmPrompt({
  title,
  message,
  confirmLabel,
  onConfirm,
  onCancel,
  isPending,
}: ConfirmPromptProps) {
  return (
    <Dialog
      title={title}
      size="sm"
      role="alertdialog"
      isOpen
      onOpenChange={(isOpen) => {
        if (!isOpen) onCancel();
      }}
    >
      <div className={styles.stack}>
        <p>{message}</p>
        <div className={styles.actions}>
          <Button variant="ghost" onPress={onCancel}>
            {t('cancel')}
          </Button>
          <Button variant="danger" onPress={onConfirm} isPending={isPending}>
            {confirmLabel}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
