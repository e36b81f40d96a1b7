import { useState } from 'react';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { LogoutIcon } from '../../components/icons';
import { visuallyHidden } from '../../components/VisuallyHidden.css';
import { useAuth } from '../../flows/AuthProvider';
import { useLogout } from '../../flows/useLogout';
import * as styles from './AccountScreen.css';
import { ChangePasswordForm } from './ChangePasswordForm';
import { useTimedNotice } from './useTimedNotice';
import catalog from '../../i18n/catalog/en/account.json';
import { messages } from '../../i18n/messages';

const t = messages(catalog);

/** Full name, e-mail, a masked password, the Change Password toggle and Logout. */
export function UserInformation() {
  const { user } = useAuth();
  const logout = useLogout();
  const [changing, setChanging] = useState(false);
  const [notice, showNotice] = useTimedNotice();
  const fullName = [user?.first_name, user?.last_name].filter(Boolean).join(' ') || user?.name || '';

  return (
    <Card as="section" aria-labelledby="user-information-title" className={styles.section}>
      <h2 id="user-information-title" className={styles.sectionTitle}>
        {t('userInformation')}
      </h2>
      <dl className={styles.details}>
        <div className={styles.detail}>
          <dt>{t('fullName')}</dt>
          <dd>{fullName}</dd>
        </div>
        <div className={styles.detail}>
          <dt>{t('email')}</dt>
          <dd>{user?.email}</dd>
        </div>
        <div className={styles.detail}>
          <dt>{t('password')}</dt>
          <dd>
            <span aria-hidden="true">••••••••</span>
            <span className={visuallyHidden}>{t('hidden')}</span>
          </dd>
        </div>
      </dl>
      {notice && <Alert tone="success">{notice}</Alert>}
      <div className={styles.actions}>
        <Button
          variant="secondary"
          aria-expanded={changing}
          aria-controls={changing ? 'change-password' : undefined}
          onPress={() => setChanging((open) => !open)}
        >
          {t('changePassword')}
        </Button>
        <Button variant="ghost" onPress={logout}>
          <LogoutIcon width={18} height={18} />
          {t('logout')}
        </Button>
      </div>
      {changing && (
        <div id="change-password">
          <ChangePasswordForm
            onChanged={() => {
              setChanging(false);
              showNotice(t('passwordUpdated'));
            }}
          />
        </div>
      )}
    </Card>
  );
}
