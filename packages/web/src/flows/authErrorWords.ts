import { setRefusalWords } from '@kitty/domain';
import catalog from '../i18n/catalog/en/authErrors.json';
import { activeLanguage } from '../i18n/language';
import { knownWords } from './failureWords';
import { addRefusalCatalog, codeWords } from './wordCatalogs';

// The sign-in screens' refusals by code, and the rule that picks a refusal's words (failureWords.ts).

addRefusalCatalog(catalog);

// English keeps the server's own message (it may say more than the code: which field, which limit); every
// other language speaks by code, a failing field's words first when a catalog knows them.
setRefusalWords((code, server) => {
  if (activeLanguage() === 'en' && server !== undefined) return undefined;
  if (server !== undefined) {
    const translated = knownWords(server);
    if (translated !== server) return translated;
  }
  return codeWords(code);
});
