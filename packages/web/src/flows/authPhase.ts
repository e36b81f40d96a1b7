import type { AuthSnapshot } from '@kitty/domain/flows';

/**
 * Where the session stands, as the route guards see it: `checking` while a stored token is being
 * verified (show a loading text, decide nothing yet); `signedOut` includes a sign-in request under way,
 * so the form that sent it stays on screen.
 */
export type AuthPhase = 'checking' | 'signedIn' | 'signedOut';

export function authPhase(snapshot: AuthSnapshot): AuthPhase {
  if (snapshot.matches('signedIn')) return 'signedIn';
  if (snapshot.matches('checking') || snapshot.matches('restoring')) return 'checking';
  return 'signedOut';
}
