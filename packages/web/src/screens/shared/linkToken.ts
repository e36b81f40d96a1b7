import { useSearchParams } from 'react-router';

/** The `token` of a link sent by e-mail (/verify-email?token=…, /reset-password?token=…). */
export function useLinkToken(): string {
  const [params] = useSearchParams();
  return params.get('token')?.trim() ?? '';
}

export const INVALID_LINK = 'This link is invalid or has expired.';
