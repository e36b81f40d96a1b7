import { failureMessage } from '@kitty/domain';
import { call } from '@kitty/api';
import { useState } from 'react';
import { api } from '../api';
import { useAuth } from '../flows/AuthProvider';
import { Button } from './Button';
import * as styles from './VerifyEmailBanner.css';

const RESEND_FAILED = 'Could not send a new link. Please try again later.';

/**
 * Until the person opens the link sent to their address, the app shell asks them to (nothing others
 * shared with that address shows before), with a way to get a new link.
 */
export function VerifyEmailBanner() {
  const { user } = useAuth();
  const [state, setState] = useState<'idle' | 'sending' | 'sent' | { failed: string }>('idle');
  if (user?.email_verified !== false) return null;

  const resend = async () => {
    setState('sending');
    try {
      await call(api.POST('/auth/resend-verification', { body: {} }), RESEND_FAILED);
      setState('sent');
    } catch (error) {
      setState({ failed: failureMessage(error, RESEND_FAILED) });
    }
  };

  return (
    <section className={styles.banner} aria-label="Confirm your e-mail address">
      <div className={styles.inner}>
        <p className={styles.text} role="status">
          {state === 'sent'
            ? `We sent a new link to ${user.email}.`
            : typeof state === 'object'
              ? state.failed
              : `Please check your mail: open the link we sent to ${user.email} to confirm your address. Until then you will not see what others shared with it.`}
        </p>
        <Button variant="secondary" size="sm" onPress={resend} isPending={state === 'sending'}>
          Resend
        </Button>
      </div>
    </section>
  );
}
