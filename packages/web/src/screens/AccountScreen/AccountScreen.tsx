import { call } from '@kitty/api';
import { DEFAULT_SPLIT_TYPE, DEFAULT_USER_CURRENCY } from '@kitty/domain';
import { useEffect } from 'react';
import { api } from '../../api';
import { PageHeader } from '../../components/PageHeader';
import { LoadingText } from '../../components/Spinner';
import { useResource } from '../../flows/resource';
import * as styles from './AccountScreen.css';
import { AppSettings, type Settings } from './AppSettings';
import { UserInformation } from './UserInformation';

const DEFAULT_SETTINGS: Settings = { currency: DEFAULT_USER_CURRENCY, default_split: DEFAULT_SPLIT_TYPE };

/** Account: User Information (with Change Password and Logout) and App Settings. */
export function AccountScreen() {
  const settings = useResource(
    ['account-settings'],
    (signal) => call(api.GET('/account-settings', { signal }), 'Failed to load account settings'),
    { tags: ['account-settings'] },
  );

  useEffect(() => {
    // Spec section 8: failing to fetch the defaults is only logged; the screen offers EUR and equal.
    if (settings.status === 'failed') console.error('Loading account settings failed', settings.error);
  }, [settings.status, settings.error]);

  const loaded = settings.data ?? (settings.status === 'failed' ? DEFAULT_SETTINGS : null);
  return (
    <div className={styles.screen}>
      <PageHeader title="Account" />
      {loaded ? (
        <>
          <UserInformation />
          <AppSettings initial={loaded} />
        </>
      ) : (
        <LoadingText centered>Loading account information...</LoadingText>
      )}
    </div>
  );
}
