import catalog from '../../i18n/catalog/en/expenseDetail.json';
import { messages } from '../../i18n/messages';
import { ConfirmDialog } from './ConfirmDialog';

const t = messages(catalog);

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
      title={t('deleteTitle')}
      confirmLabel={t('delete')}
      isOpen={isOpen}
      isPending={false}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      <p>{t('deleteConfirm', { description })}</p>
    </ConfirmDialog>
  );
}
