import { hasErrors, type LoginForm, validateLogin } from '@kitty/domain';
import { useLocation } from 'react-router';
import { type FormEvent, useState } from 'react';
import { Alert } from '../../components/Alert';
import { AuthLayout } from '../../components/AuthLayout';
import { Button } from '../../components/Button';
import { Form } from '../../components/Form';
import { Link } from '../../components/Link';
import { TextField } from '../../components/TextField';
import { useAuth } from '../../flows/AuthProvider';
import { useRecaptcha } from '../../flows/RecaptchaProvider';
import catalog from '../../i18n/catalog/en/login.json';
import { messages } from '../../i18n/messages';
import * as styles from '../shared/authForm.css';
import { useFormState } from '../shared/useFormState';

const FIELDS = ['email', 'password'] as const;
const t = messages(catalog);

export function LoginScreen() {
  const auth = useAuth();
  // Carried between the two screens so that signing in still returns to where the person started.
  const location = useLocation();
  const recaptcha = useRecaptcha();
  const [verifying, setVerifying] = useState(false);
  const [captchaError, setCaptchaError] = useState<string | null>(null);
  // Typing clears that field's error and the server's message.
  const form = useFormState<keyof LoginForm>({ email: '', password: '' }, () => {
    setCaptchaError(null);
    if (auth.error) auth.clearError();
  });
  const busy = verifying || auth.isLoading;
  const serverError = captchaError ?? auth.error;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const found = validateLogin(form.values);
    if (hasErrors(found)) return form.showErrors(found, FIELDS);
    setCaptchaError(null);
    setVerifying(true);
    const verification = await recaptcha.getToken('login');
    setVerifying(false);
    if (!verification.ok) return setCaptchaError(verification.message);
    auth.login({
      email: form.values.email.trim(),
      password: form.values.password,
      recaptchaToken: verification.token,
    });
  };

  return (
    <AuthLayout
      title={t('title')}
      subtitle={t('subtitle')}
      footer={
        <>
          {t('noAccount')}{' '}
          <Link href="/register" routerOptions={{ state: location.state }}>
            {t('signUp')}
          </Link>
        </>
      }
    >
      {serverError && <Alert className={styles.alert}>{serverError}</Alert>}
      <Form onSubmit={submit}>
        <TextField
          label={t('email')}
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          {...form.bind('email')}
        />
        <TextField
          label={t('password')}
          name="password"
          type="password"
          autoComplete="current-password"
          {...form.bind('password')}
        />
        <p className={styles.forgot}>
          <Link href="/forgot-password">{t('forgotPassword')}</Link>
        </p>
        <Button type="submit" size="lg" fullWidth isPending={busy} className={styles.submit}>
          {busy ? t('signingIn') : t('signIn')}
        </Button>
      </Form>
    </AuthLayout>
  );
}
