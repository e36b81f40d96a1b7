import { call } from '@kitty/api';
import { hasErrors, isEmail, validateNewPersonEmail } from '@kitty/domain';
import { type FormEvent, useState } from 'react';
import { api } from '../../api';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { Form } from '../../components/Form';
import { TextField } from '../../components/TextField';
import { randomUuid } from '../../flows/idempotency';
import * as styles from './CreateGroupScreen.css';
import { type DraftMember, newPersonMember } from './newGroup';

export const CHECK_EMAIL_FAILED = 'Failed to check email. Please try again.';

/**
 * Add a person by e-mail: an address that belongs to someone adds them; any other becomes a new
 * not-registered member (name optional), invited when the group is created.
 */
export function NewPersonDialog({
  term,
  onAdd,
  onClose,
}: {
  /** What was typed in the search: an address fills Email, anything else fills Name. */
  term: string;
  onAdd: (member: DraftMember) => void;
  onClose: () => void;
}) {
  const [email, setEmail] = useState(isEmail(term.trim()) ? term.trim() : '');
  const [name, setName] = useState(isEmail(term.trim()) ? '' : term.trim());
  const [emailError, setEmailError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    event.stopPropagation(); // the dialog sits inside the Create Group form's React tree
    if (checking) return;
    const errors = validateNewPersonEmail(email);
    if (hasErrors(errors)) return setEmailError(errors.email);
    setChecking(true);
    setFailure(null);
    try {
      const found = await call(
        api.GET('/users/check-email', { params: { query: { email: email.trim() } } }),
        'Error checking email',
      );
      onAdd(
        found.exists && found.user ? { ...found.user } : newPersonMember(email, name, `temp-${randomUuid()}`),
      );
    } catch {
      setFailure(CHECK_EMAIL_FAILED);
      setChecking(false);
    }
  };

  return (
    <Dialog title="Add New Person" size="sm" isOpen onOpenChange={(open) => !open && onClose()}>
      <Form onSubmit={submit} aria-label="Add New Person">
        {failure && <Alert>{failure}</Alert>}
        <TextField
          label="Email"
          type="email"
          inputMode="email"
          autoComplete="off"
          value={email}
          onChange={(value) => {
            setEmail(value);
            setEmailError(undefined);
          }}
          errorMessage={emailError}
          autoFocus
        />
        <TextField label="Name (Optional)" autoComplete="off" value={name} onChange={setName} />
        <p className={styles.hint}>They will be invited by e-mail when the group is created.</p>
        <div className={styles.dialogActions}>
          <Button variant="ghost" onPress={onClose}>
            Cancel
          </Button>
          <Button type="submit" isPending={checking}>
            Add Person
          </Button>
        </div>
      </Form>
    </Dialog>
  );
}
