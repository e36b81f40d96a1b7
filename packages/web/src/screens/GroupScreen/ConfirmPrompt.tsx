import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import * as styles from './dialogs.css';

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
            Cancel
          </Button>
          <Button variant="danger" onPress={onConfirm} isPending={isPending}>
            {confirmLabel}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
