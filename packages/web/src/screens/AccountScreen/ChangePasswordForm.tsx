import { call, TOKEN_KEY } from '@kitty/api';
import {
  type ChangePasswordForm as Values,
  failureMessage,
  hasErrors,
  validateChangePassword,
} from '@kitty/domain';
import { type FormEvent, useState } from 'react';
import { api } from '../../api';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Form } from '../../components/Form';
import { TextField } from '../../components/TextField';
import { browserStorage } from '../../flows/storage';
import { useFormState } from '../shared/useFormState';
import * as styles from './AccountScreen.css';
import catalog from '../../i18n/catalog/en/account.json';
import { messages } from '../../i18n/messages';

const t = messages(catalog);

const FIELDS = ['currentPassword', 'newPassword', 'confirmPassword'] as const;

/**
 * Current, new and confirm password, checked in the spec's order (one message at a time). The server ends
 * every older token on success and answers a fresh one, kept so the person stays signed in.
 */
export function ChangePasswordForm({ onChanged }: { onChanged: () => void }) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useFormState<keyof Values>({ currentPassword: '', newPassword: '', confirmPassword: '' }, () =>
    setFailure(null),
  );

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const found = validateChangePassword(form.values);
    if (hasErrors(found)) return form.showErrors(found, FIELDS);
    setBusy(true);
    setFailure(null);
    try {
      const answer = await call(
        api.PUT('/account-settings/password', {
          body: { currentPassword: form.values.currentPassword, newPassword: form.values.newPassword },
        }),
        t('updateFailed'),
      );
      if (answer.token) browserStorage.setItem(TOKEN_KEY, answer.token);
      onChanged();
    } catch (error) {
      setFailure(failureMessage(error, t('updateFailed')));
      setBusy(false);
    }
  };

  return (
    <Form onSubmit={submit} aria-label={t('changePassword')} className={styles.passwordForm}>
      {failure && <Alert>{failure}</Alert>}
      <TextField
        label={t('currentPassword')}
        type="password"
        autoComplete="current-password"
        {...form.bind('currentPassword')}
      />
      <TextField
        label={t('newPassword')}
        type="password"
        autoComplete="new-password"
        {...form.bind('newPassword')}
      />
      <TextField
        label={t('confirmNewPassword')}
        type="password"
        autoComplete="new-password"
        {...form.bind('confirmPassword')}
      />
      <Button type="submit" isPending={busy}>
        {busy ? t('updating') : t('updatePassword')}
      </Button>
    </Form>
  );
}
