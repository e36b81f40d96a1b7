import { useLocation } from 'react-router';

/**
 * The `token` of a link sent by e-mail (/verify-email?token=…, /reset-password?token=…). Read through
 * useLocation, which the entry already carries: useSearchParams would add its own code to the first download
 * of /login.
 */
export function useLinkToken(): string {
  return new URLSearchParams(useLocation().search).get('token')?.trim() ?? '';
}

export const INVALID_LINK = 'This link is invalid or has expired.';
