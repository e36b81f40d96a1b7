import './authErrorWords';
import './accountErrorWords';
import type { ApiError, ErrorCode } from '@kitty/api';
import catalog from '../i18n/catalog/en/errors.json';
import { activeLanguage } from '../i18n/language';
import { knownWords } from './failureWords';
import { addRefusalCatalog, codeWords } from './wordCatalogs';

// Every ErrorCode of the contract has words (this catalog, the sign-in side's authErrors and accountErrors,
// checked by errorWords.test.ts), so the server's refusals follow the app's language (failureWords.ts). Loaded with the
// signed-in app: /login downloads only the few it meets.
addRefusalCatalog(catalog);

/** Codes whose English words the spec fixes (they say more than the server's message). */
const SPEC_WORDS: ReadonlySet<ErrorCode> = new Set([
  'CANNOT_LEAVE_GROUP',
  'CREATOR_CANNOT_BE_REMOVED',
  'FORBIDDEN_NOT_AUTHOR',
  'MEMBER_HAS_BALANCE',
]);

/**
 * The words a screen shows for a refusal it picks by code: in English the spec's words for the codes it
 * fixes, else the server's message; in any other language the words of its code.
 */
export function errorWords(failure: ApiError): string {
  const code = failure.code;
  if (code && (activeLanguage() !== 'en' || SPEC_WORDS.has(code))) {
    const words = codeWords(code);
    if (words !== undefined) return words;
  }
  return knownWords(failure.message);
}
