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

const FIELDS = ['email'] as const;
const SEND_FAILED = 'Could not send the link. Please try again later.';

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
      await call(api.POST('/auth/forgot-password', { body: { email } }), SEND_FAILED);
      setSentTo(email);
    } catch (error) {
      setFailure(failureMessage(error, SEND_FAILED));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthLayout
      title="Forgot password?"
      subtitle="We will e-mail you a link to choose a new one"
      footer={<Link href="/login">Back to sign in</Link>}
    >
      {sentTo ? (
        <Alert tone="success">
          If an account uses {sentTo}, a link to reset its password is on its way. It works for one hour.
        </Alert>
      ) : (
        <>
          {failure && <Alert className={styles.alert}>{failure}</Alert>}
          <Form onSubmit={submit}>
            <TextField
              label="Email"
              name="email"
              type="email"
              inputMode="email"
              autoComplete="email"
              {...form.bind('email')}
            />
            <Button type="submit" size="lg" fullWidth isPending={busy} className={styles.submit}>
              {busy ? 'Sending...' : 'Send reset link'}
            </Button>
          </Form>
        </>
      )}
    </AuthLayout>
  );
}
