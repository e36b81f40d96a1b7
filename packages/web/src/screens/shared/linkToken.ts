import { useLocation } from 'react-router';
import catalog from '../../i18n/catalog/en/authLinks.json';
import { messages } from '../../i18n/messages';

const t = messages(catalog);

/**
 * The `token` of a link sent by e-mail (/verify-email?token=…, /reset-password?token=…). Read through
 * useLocation, which the entry already carries: useSearchParams would add its own code to the first download
 * of /login.
 */
export function useLinkToken(): string {
  return new URLSearchParams(useLocation().search).get('token')?.trim() ?? '';
}

/** The words of a link that does not work (in the active language when read). */
export const invalidLink = (): string => t('invalidLink');
