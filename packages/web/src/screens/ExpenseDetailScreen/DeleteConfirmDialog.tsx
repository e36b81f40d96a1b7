import { ConfirmDialog } from './ConfirmDialog';

export interface DeleteConfirmDialogProps {
  isOpen: boolean;
  description: string;
  onConfirm: () => void;
  onCancel: () => void;
}

/** "Delete Expense": asks before the expense is deleted. */
export function DeleteConfirmDialog({ isOpen, description, onConfirm, onCancel }: DeleteConfirmDialogProps) {
  return (
    <ConfirmDialog
      title="Delete Expense"
      confirmLabel="Delete"
      isOpen={isOpen}
      isPending={false}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      <p>
        Are you sure you want to delete "{description}"? This removes it from everyone's balances and cannot
        be undone.
      </p>
    </ConfirmDialog>
  );
}
