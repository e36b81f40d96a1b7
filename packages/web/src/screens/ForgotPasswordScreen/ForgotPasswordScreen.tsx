import '../../flows/accountErrorWords';
import { call } from '@kitty/api';
import { failureMessage, type ForgotPasswordForm, hasErrors, validateForgotPassword } from '@kitty/domain';
import { type FormEvent, useState } from 'react';
import { api } from '../../api';
import { Alert } from '../../components/Alert';
import { AuthLayout } from '../../components/AuthLayout';
import { Button } from '../../components/Button';
import { Form } from '../../components/Form';
import { Link } from '../../components/Link';
import { TextField } from '../../components/TextField';
import * as styles from '../shared/authForm.css';
import { useFormState } from '../shared/useFormState';
import catalog from '../../i18n/catalog/en/authLinks.json';
import { messages } from '../../i18n/messages';

const t = messages(catalog);

const FIELDS = ['email'] as const;

/** "Forgot password?": a reset link goes to the address when it has an account; the answer never tells. */
export function ForgotPasswordScreen() {
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useFormState<keyof ForgotPasswordForm>({ email: '' }, () => setFailure(null));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const found = validateForgotPassword(form.values);
    if (hasErrors(found)) return form.showErrors(found, FIELDS);
    const email = form.values.email.trim();
    setBusy(true);
    setFailure(null);
    try {
      await call(api.POST('/auth/forgot-password', { body: { email } }), t('sendFailed'));
      setSentTo(email);
    } catch (error) {
      setFailure(failureMessage(error, t('sendFailed')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthLayout
      title={t('forgotTitle')}
      subtitle={t('forgotSubtitle')}
      footer={<Link href="/login">{t('backToSignIn')}</Link>}
    >
      {sentTo ? (
        <Alert tone="success">{t('linkOnItsWay', { email: sentTo })}</Alert>
      ) : (
        <>
          {failure && <Alert className={styles.alert}>{failure}</Alert>}
          <Form onSubmit={submit}>
            <TextField
              label={t('email')}
              name="email"
              type="email"
              inputMode="email"
              autoComplete="email"
              {...form.bind('email')}
            />
            <Button type="submit" size="lg" fullWidth isPending={busy} className={styles.submit}>
              {busy ? t('sending') : t('sendLink')}
            </Button>
          </Form>
        </>
      )}
    </AuthLayout>
  );
}
