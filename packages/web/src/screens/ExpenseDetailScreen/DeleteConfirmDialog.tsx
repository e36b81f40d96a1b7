import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';

export interface DeleteConfirmDialogProps {
  isOpen: boolean;
  description: string;
  onConfirm: () => void;
  onCancel: () => void;
}

/** "Delete Expense": asks before the expense is deleted. */
export function DeleteConfirmDialog({ isOpen, description, onConfirm, onCancel }: DeleteConfirmDialogProps) {
  return (
    <Dialog
      title="Delete Expense"
      size="sm"
      role="alertdialog"
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (!open) onCancel();
      }}
      footer={
        <>
          <Button variant="secondary" onPress={onCancel}>
            Cancel
          </Button>
          <Button variant="danger" onPress={onConfirm}>
            Delete
          </Button>
        </>
      }
    >
      <p>
        Are you sure you want to delete "{description}"? This removes it from everyone's balances and cannot
        be undone.
      </p>
    </Dialog>
  );
}
