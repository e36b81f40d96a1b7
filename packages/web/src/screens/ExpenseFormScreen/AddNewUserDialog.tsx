import { splitName, validateNewPersonEmail } from '@kitty/domain';
import { type FormEvent, useId, useState } from 'react';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { TextField } from '../../components/TextField';
import * as styles from './ExpenseFormScreen.css';

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
      title="Add New User"
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
      <TextField label="Email" value={email} isReadOnly errorMessage={emailError} />
      <TextField
        label="Name (optional)"
        value={name}
        onChange={setName}
        autoFocus
        description={`Shown as "${splitName(name, email).display_name}" until they register.`}
      />
      <p id={noticeId} className={styles.notice}>
        This person is not registered yet. They will be invited to join when the expense is created.
      </p>
      {error && <Alert>{error}</Alert>}
      <div className={styles.dialogActions}>
        <Button variant="secondary" onPress={onCancel}>
          Cancel
        </Button>
        <Button type="submit" isPending={busy} isDisabled={Boolean(emailError)}>
          Add User
        </Button>
      </div>
    </form>
  );
}
