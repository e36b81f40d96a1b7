import '../../flows/accountErrorWords';
import { failureMessage } from '@kitty/domain';
import { call } from '@kitty/api';
import { useEffect, useRef, useState } from 'react';
import { api } from '../../api';
import { Alert } from '../../components/Alert';
import { AuthLayout } from '../../components/AuthLayout';
import { LinkButton } from '../../components/LinkButton';
import { LoadingText } from '../../components/Spinner';
import { useAuth } from '../../flows/AuthProvider';
import * as styles from '../shared/authForm.css';
import { invalidLink, useLinkToken } from '../shared/linkToken';
import catalog from '../../i18n/catalog/en/authLinks.json';
import { messages } from '../../i18n/messages';

const t = messages(catalog);

type State = 'checking' | 'verified' | { failed: string };

/** Opens the verification link: proves the address, signed in or not, then offers the way on. */
export function VerifyEmailScreen() {
  const token = useLinkToken();
  const auth = useAuth();
  const { emailVerified, isLoading } = auth;
  const [state, setState] = useState<State>(token ? 'checking' : { failed: invalidLink() });
  // A link works once: the check must not run twice for one visit (React runs effects twice in development).
  const sent = useRef(false);

  // The link is checked once the stored session is known: a profile still loading would otherwise land after
  // the check and bring back the unverified address (and its banner).
  useEffect(() => {
    if (!token || sent.current || isLoading) return;
    sent.current = true;
    call(api.POST('/auth/verify-email', { body: { token } }), invalidLink()).then(
      () => {
        setState('verified');
        emailVerified();
      },
      (error: unknown) => setState({ failed: failureMessage(error, invalidLink()) }),
    );
  }, [token, emailVerified, isLoading]);

  const onward = auth.isAuthenticated
    ? { href: '/dashboard', label: t('continue') }
    : { href: '/login', label: t('signIn') };

  return (
    <AuthLayout title={t('verifyTitle')} subtitle={t('verifySubtitle')}>
      {state === 'checking' && <LoadingText>{t('checking')}</LoadingText>}
      {state === 'verified' && (
        <Alert tone="success" className={styles.alert}>
          {t('verified')}
        </Alert>
      )}
      {typeof state === 'object' && (
        <Alert className={styles.alert}>{t('verifyFailed', { reason: state.failed })}</Alert>
      )}
      {state !== 'checking' && (
        <LinkButton href={onward.href} fullWidth>
          {onward.label}
        </LinkButton>
      )}
    </AuthLayout>
  );
}
