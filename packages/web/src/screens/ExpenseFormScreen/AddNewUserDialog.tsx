import { splitName, validateNewPersonEmail } from '@kitty/domain';
import { type FormEvent, useId, useState } from 'react';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { TextField } from '../../components/TextField';
import { expenseProblem } from '../../components/split/words';
import * as styles from './ExpenseFormScreen.css';
import catalog from '../../i18n/catalog/en/expenseForm.json';
import { messages } from '../../i18n/messages';

const t = messages(catalog);

export interface AddNewUserDialogProps {
  /** The address being added; null closes the dialog. */
  email: string | null;
  /** Invites the person (POST /users/invite); rejects with the message to show. */
  onAdd: (email: string, name: string) => Promise<void>;
  onCancel: () => void;
}

/** Add New User: the e-mail (read-only), an optional name, and a notice about the invitation. */
export function AddNewUserDialog({ email, onAdd, onCancel }: AddNewUserDialogProps) {
  return (
    <Dialog
      title={t('newUserTitle')}
      size="sm"
      isOpen={email !== null}
      onOpenChange={(open) => {
        if (!open) onCancel();
      }}
    >
      {email !== null && <NewUserForm email={email} onAdd={onAdd} onCancel={onCancel} />}
    </Dialog>
  );
}

function NewUserForm({ email, onAdd, onCancel }: { email: string } & Omit<AddNewUserDialogProps, 'email'>) {
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const emailError = validateNewPersonEmail(email).email;
  const noticeId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // Portalled, but React bubbles the submit to the expense form around the dialog: stop it here.
    event.stopPropagation();
    if (busy || emailError) return;
    setBusy(true);
    setError(null);
    try {
      await onAdd(email, name.trim());
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate className={styles.dialogForm} aria-describedby={noticeId}>
      <TextField label={t('email')} value={email} isReadOnly errorMessage={expenseProblem(emailError)} />
      <TextField
        label={t('nameOptional')}
        value={name}
        onChange={setName}
        autoFocus
        description={t('shownAs', { name: splitName(name, email).display_name })}
      />
      <p id={noticeId} className={styles.notice}>
        {t('notRegistered')}
      </p>
      {error && <Alert>{error}</Alert>}
      <div className={styles.dialogActions}>
        <Button variant="secondary" onPress={onCancel}>
          {t('cancel')}
        </Button>
        <Button type="submit" isPending={busy} isDisabled={Boolean(emailError)}>
          {t('addUser')}
        </Button>
      </div>
    </form>
  );
}
