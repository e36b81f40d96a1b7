import type { ReactNode } from 'react';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import catalog from '../../i18n/catalog/en/expenseDetail.json';
import { messages } from '../../i18n/messages';

const t = messages(catalog);

export interface ConfirmDialogProps {
  /** "Delete Comment", "Remove Receipt": the dialog's heading and name. */
  title: string;
  /** The confirming button's words ("Delete", "Remove"). */
  confirmLabel: string;
  isOpen: boolean;
  isPending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  children: ReactNode;
}

/** Asks before something leaves the expense detail (the expense, a comment, a receipt): Cancel or confirm. */
export function ConfirmDialog({
  title,
  confirmLabel,
  isOpen,
  isPending,
  onConfirm,
  onCancel,
  children,
}: ConfirmDialogProps) {
  return (
    <Dialog
      title={title}
      size="sm"
      role="alertdialog"
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (!open) onCancel();
      }}
      footer={
        <>
          <Button variant="secondary" onPress={onCancel}>
            {t('cancel')}
          </Button>
          <Button variant="danger" isPending={isPending} onPress={onConfirm}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {children}
    </Dialog>
  );
}
