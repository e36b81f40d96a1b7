import '../../flows/accountErrorWords';
import { call } from '@kitty/api';
import { failureMessage, hasErrors, type ResetPasswordForm, validateResetPassword } from '@kitty/domain';
import { type FormEvent, useState } from 'react';
import { api } from '../../api';
import { Alert } from '../../components/Alert';
import { AuthLayout } from '../../components/AuthLayout';
import { Button } from '../../components/Button';
import { Form } from '../../components/Form';
import { Link } from '../../components/Link';
import { LinkButton } from '../../components/LinkButton';
import { TextField } from '../../components/TextField';
import * as styles from '../shared/authForm.css';
import { invalidLink, useLinkToken } from '../shared/linkToken';
import { useFormState } from '../shared/useFormState';
import { knownWords } from '../../flows/failureWords';
import catalog from '../../i18n/catalog/en/authLinks.json';
import { messages } from '../../i18n/messages';

const t = messages(catalog);

type Field = keyof ResetPasswordForm;
const FIELDS: readonly Field[] = ['password', 'confirmPassword'];

/** The field errors the server sent for the form's own fields (the token has no field: its message shows above). */
function fieldErrorsOf(data: unknown): Partial<Record<Field, string>> {
  const errors = (data as { errors?: { field?: string; message?: string }[] } | undefined)?.errors ?? [];
  const found: Partial<Record<Field, string>> = {};
  for (const { field, message } of errors) {
    if (field === 'password' && message) found.password = knownWords(message);
  }
  return found;
}

/** The reset link's page: a new password (typed twice); every earlier session ends. */
export function ResetPasswordScreen() {
  const token = useLinkToken();
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [failure, setFailure] = useState<string | null>(token ? null : invalidLink());
  const form = useFormState<Field>({ password: '', confirmPassword: '' });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const found = validateResetPassword(form.values);
    if (hasErrors(found)) return form.showErrors(found, FIELDS);
    setBusy(true);
    setFailure(null);
    try {
      await call(
        api.POST('/auth/reset-password', { body: { token, password: form.values.password } }),
        t('resetFailed'),
      );
      setDone(true);
    } catch (error) {
      const data = (error as { data?: unknown }).data;
      const fields = fieldErrorsOf(data);
      if (hasErrors(fields)) form.showErrors(fields, FIELDS);
      else setFailure(failureMessage(error, t('resetFailed')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthLayout
      title={t('resetTitle')}
      subtitle={t('resetSubtitle')}
      footer={<Link href="/forgot-password">{t('needNewLink')}</Link>}
    >
      {done ? (
        <>
          <Alert tone="success" className={styles.alert}>
            {t('passwordChanged')}
          </Alert>
          <LinkButton href="/login" fullWidth>
            {t('signIn')}
          </LinkButton>
        </>
      ) : (
        <>
          {failure && <Alert className={styles.alert}>{failure}</Alert>}
          <Form onSubmit={submit}>
            <TextField
              label={t('newPassword')}
              name="password"
              type="password"
              autoComplete="new-password"
              {...form.bind('password')}
            />
            <TextField
              label={t('confirmNewPassword')}
              name="confirmPassword"
              type="password"
              autoComplete="new-password"
              {...form.bind('confirmPassword')}
            />
            <Button type="submit" size="lg" fullWidth isPending={busy} className={styles.submit}>
              {busy ? t('saving') : t('setPassword')}
            </Button>
          </Form>
        </>
      )}
    </AuthLayout>
  );
}
