import { DEFAULT_SPLIT_TYPE, DEFAULT_USER_CURRENCY } from '@kitty/domain';
import { useEffect } from 'react';
import { PageHeader } from '../../components/PageHeader';
import { LoadingText } from '../../components/Spinner';
import { useAccountSettings } from '../../flows/accountSettings';
import * as styles from './AccountScreen.css';
import { AppSettings, type Settings } from './AppSettings';
import { BlockedPeople } from './BlockedPeople';
import { UserInformation } from './UserInformation';
import catalog from '../../i18n/catalog/en/account.json';
import { messages } from '../../i18n/messages';

const t = messages(catalog);

const DEFAULT_SETTINGS: Settings = { currency: DEFAULT_USER_CURRENCY, default_split: DEFAULT_SPLIT_TYPE };

/** Account: User Information (with Change Password and Logout), App Settings and Blocked people. */
export function AccountScreen() {
  const settings = useAccountSettings();

  useEffect(() => {
    // Spec section 8: failing to fetch the defaults is only logged; the screen offers EUR and equal.
    if (settings.status === 'failed') console.error('Loading account settings failed', settings.error);
  }, [settings.status, settings.error]);

  const loaded = settings.data ?? (settings.status === 'failed' ? DEFAULT_SETTINGS : null);
  return (
    <div className={styles.screen}>
      <PageHeader title={t('title')} />
      {loaded ? (
        <>
          <UserInformation />
          <AppSettings initial={loaded} />
          <BlockedPeople />
        </>
      ) : (
        <LoadingText centered>{t('loading')}</LoadingText>
      )}
    </div>
  );
}
