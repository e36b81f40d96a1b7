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
import { INVALID_LINK, useLinkToken } from '../shared/linkToken';

type State = 'checking' | 'verified' | { failed: string };

/** Opens the verification link: proves the address, signed in or not, then offers the way on. */
export function VerifyEmailScreen() {
  const token = useLinkToken();
  const auth = useAuth();
  const { emailVerified, isLoading } = auth;
  const [state, setState] = useState<State>(token ? 'checking' : { failed: INVALID_LINK });
  // A link works once: the check must not run twice for one visit (React runs effects twice in development).
  const sent = useRef(false);

  // The link is checked once the stored session is known: a profile still loading would otherwise land after
  // the check and bring back the unverified address (and its banner).
  useEffect(() => {
    if (!token || sent.current || isLoading) return;
    sent.current = true;
    call(api.POST('/auth/verify-email', { body: { token } }), INVALID_LINK).then(
      () => {
        setState('verified');
        emailVerified();
      },
      (error: unknown) => setState({ failed: failureMessage(error, INVALID_LINK) }),
    );
  }, [token, emailVerified, isLoading]);

  const onward = auth.isAuthenticated
    ? { href: '/dashboard', label: 'Continue to Kitty' }
    : { href: '/login', label: 'Sign in' };

  return (
    <AuthLayout title="Confirm e-mail" subtitle="Proving that the address is yours">
      {state === 'checking' && <LoadingText>Checking your link...</LoadingText>}
      {state === 'verified' && (
        <Alert tone="success" className={styles.alert}>
          Your e-mail address is confirmed. Everything shared with it is now yours to see.
        </Alert>
      )}
      {typeof state === 'object' && (
        <Alert className={styles.alert}>
          {state.failed} Sign in and choose Resend in the banner to get a new link.
        </Alert>
      )}
      {state !== 'checking' && (
        <LinkButton href={onward.href} fullWidth>
          {onward.label}
        </LinkButton>
      )}
    </AuthLayout>
  );
}
