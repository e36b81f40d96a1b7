import { call } from '@kitty/api';
import { api } from '../api';
import catalog from '../i18n/catalog/en/authErrors.json';
import { messages } from '../i18n/messages';
import { knownWords } from './failureWords';
import { createRecaptcha, loadGoogleScript, type Recaptcha } from './recaptcha';

const t = messages(catalog);

/**
 * The app's verification: its settings from GET /api/client-config, Google's script when it is on, a
 * refusal's words in the active language.
 */
export function appRecaptcha(): Recaptcha {
  const recaptcha = createRecaptcha({
    loadSettings: async () => (await call(api.GET('/client-config'), t('configFailed'))).recaptcha,
    loadScript: loadGoogleScript,
  });
  return {
    prepare: () => recaptcha.prepare(),
    getToken: async (action) => {
      const result = await recaptcha.getToken(action);
      return result.ok ? result : { ...result, message: knownWords(result.message) };
    },
  };
}
