import { failureMessage } from '@kitty/domain';
import { call } from '@kitty/api';
import { useState } from 'react';
import { api } from '../api';
import { useAuth } from '../flows/AuthProvider';
import { Button } from './Button';
import * as styles from './VerifyEmailBanner.css';
import catalog from '../i18n/catalog/en/shell.json';
import { messages } from '../i18n/messages';

const t = messages(catalog);

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
      await call(api.POST('/auth/resend-verification', { body: {} }), t('resendFailed'));
      setState('sent');
    } catch (error) {
      setState({ failed: failureMessage(error, t('resendFailed')) });
    }
  };

  return (
    <section className={styles.banner} aria-label={t('confirmEmail')}>
      <div className={styles.inner}>
        <p className={styles.text} role="status">
          {state === 'sent'
            ? t('linkSent', { email: user.email })
            : typeof state === 'object'
              ? state.failed
              : t('checkMail', { email: user.email })}
        </p>
        <Button variant="secondary" size="sm" onPress={resend} isPending={state === 'sending'}>
          {t('resend')}
        </Button>
      </div>
    </section>
  );
}
