import { type AccountSettings, call } from '@kitty/api';
import { useEffect } from 'react';
import { api } from '../api';
import catalog from '../i18n/catalog/en/shell.json';
import { messages } from '../i18n/messages';
import { chooseLanguage } from '../i18n/switchLanguage';
import { useResource } from './resource';

const t = messages(catalog);

/** GET /account-settings, shared by Account and the signed-in frame (one request). */
export function useAccountSettings() {
  return useResource(
    ['account-settings'],
    (signal): Promise<AccountSettings> =>
      call(api.GET('/account-settings', { signal }), t('settingsLoadFailed')),
    { tags: ['account-settings'] },
  );
}

/**
 * After sign-in the account's saved language is spoken, when it has one (no choice follows this device's:
 * its own choice, else the browser's). A failed load changes nothing.
 */
export function useAccountLanguage(): void {
  const language = useAccountSettings().data?.language;
  useEffect(() => {
    if (language) chooseLanguage(language);
  }, [language]);
}
