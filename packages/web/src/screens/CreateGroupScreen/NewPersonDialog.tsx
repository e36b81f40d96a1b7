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
import catalog from '../../i18n/catalog/en/createGroup.json';
import { messages } from '../../i18n/messages';
import { domainWords } from '../../i18n/domainWords';

const t = messages(catalog);
const words = domainWords(catalog);

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
    if (hasErrors(errors)) return setEmailError(errors.email && words(errors.email));
    setChecking(true);
    setFailure(null);
    try {
      const found = await call(
        api.GET('/users/check-email', { params: { query: { email: email.trim() } } }),
        t('checkEmailError'),
      );
      onAdd(
        found.exists && found.user ? { ...found.user } : newPersonMember(email, name, `temp-${randomUuid()}`),
      );
    } catch {
      setFailure(t('checkEmailFailed'));
      setChecking(false);
    }
  };

  return (
    <Dialog title={t('newPersonTitle')} size="sm" isOpen onOpenChange={(open) => !open && onClose()}>
      <Form onSubmit={submit} aria-label={t('newPersonTitle')}>
        {failure && <Alert>{failure}</Alert>}
        <TextField
          label={t('email')}
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
        <TextField label={t('nameOptional')} autoComplete="off" value={name} onChange={setName} />
        <p className={styles.hint}>{t('invitedHint')}</p>
        <div className={styles.dialogActions}>
          <Button variant="ghost" onPress={onClose}>
            {t('cancel')}
          </Button>
          <Button type="submit" isPending={checking}>
            {t('addPerson')}
          </Button>
        </div>
      </Form>
    </Dialog>
  );
}
