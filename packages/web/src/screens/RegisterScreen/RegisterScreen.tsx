import '../../flows/accountErrorWords';
import { hasErrors, type RegisterForm, trimText, validateRegister } from '@kitty/domain';
import { useLocation } from 'react-router';
import { type FormEvent, useEffect, useState } from 'react';
import { Alert } from '../../components/Alert';
import { AuthLayout } from '../../components/AuthLayout';
import { Button } from '../../components/Button';
import { Form } from '../../components/Form';
import { Link } from '../../components/Link';
import { TextField } from '../../components/TextField';
import { useAuth } from '../../flows/AuthProvider';
import { useRecaptcha } from '../../flows/RecaptchaProvider';
import * as styles from '../shared/authForm.css';
import { useFormState } from '../shared/useFormState';
import catalog from '../../i18n/catalog/en/register.json';
import { messages } from '../../i18n/messages';

const t = messages(catalog);

type Field = keyof RegisterForm;

const FIELDS: readonly Field[] = [
  'email',
  'first_name',
  'last_name',
  'password',
  'confirmPassword',
  'passphrase',
];

const EMPTY: RegisterForm = {
  email: '',
  first_name: '',
  last_name: '',
  password: '',
  confirmPassword: '',
  passphrase: '',
};

export function RegisterScreen() {
  const auth = useAuth();
  // Carried between the two screens so that signing in still returns to where the person started.
  const location = useLocation();
  const recaptcha = useRecaptcha();
  const form = useFormState<Field>(EMPTY);
  const [verifying, setVerifying] = useState(false);
  const [captchaError, setCaptchaError] = useState<string | null>(null);
  const busy = verifying || auth.isLoading;
  const serverError = captchaError ?? auth.error;
  const { clearError } = auth;

  // The auth error belongs to this visit: none carried in from the login screen, none left behind.
  useEffect(() => {
    clearError();
    return clearError;
  }, [clearError]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const found = validateRegister(form.values);
    if (hasErrors(found)) return form.showErrors(found, FIELDS);
    setCaptchaError(null);
    setVerifying(true);
    const verification = await recaptcha.getToken('register');
    setVerifying(false);
    if (!verification.ok) return setCaptchaError(verification.message);
    const { email, first_name, last_name, password, passphrase } = form.values;
    // confirmPassword stays here: it is never sent.
    auth.register({
      email: email.trim(),
      first_name: trimText(first_name),
      last_name: trimText(last_name),
      password,
      passphrase,
      recaptchaToken: verification.token,
    });
  };

  const field = (name: Field) => ({ name, ...form.bind(name) });

  return (
    <AuthLayout
      title={t('title')}
      subtitle={t('subtitle')}
      footer={
        <>
          {t('haveAccount')}{' '}
          <Link href="/login" routerOptions={{ state: location.state }}>
            {t('signIn')}
          </Link>
        </>
      }
    >
      {serverError && <Alert className={styles.alert}>{serverError}</Alert>}
      <Form onSubmit={submit}>
        <TextField
          label={t('email')}
          type="email"
          inputMode="email"
          autoComplete="email"
          {...field('email')}
        />
        <div className={styles.nameRow}>
          <TextField label={t('firstName')} autoComplete="given-name" {...field('first_name')} />
          <TextField label={t('lastName')} autoComplete="family-name" {...field('last_name')} />
        </div>
        <TextField label={t('password')} type="password" autoComplete="new-password" {...field('password')} />
        <TextField
          label={t('confirmPassword')}
          type="password"
          autoComplete="new-password"
          {...field('confirmPassword')}
        />
        <TextField
          label={t('passphrase')}
          type="password"
          autoComplete="off"
          description={t('passphraseHint')}
          {...field('passphrase')}
        />
        <Button type="submit" size="lg" fullWidth isPending={busy} className={styles.submit}>
          {busy ? t('creating') : t('create')}
        </Button>
      </Form>
    </AuthLayout>
  );
}
