import type { AuthPhase } from '../flows/authPhase';

export const HOME_PATH = '/dashboard';
export const LOGIN_PATH = '/login';

/** What `navigate(..., { state })` carries to /login: the place to go back to after signing in. */
export interface FromState {
  from: string;
}

export type Access =
  | { kind: 'render' }
  | { kind: 'wait' }
  | { kind: 'redirect'; to: string; state?: FromState };

interface Place {
  pathname: string;
  search?: string;
  hash?: string;
}

// Set by an explicit logout: the next trip to /login carries no origin, so signing in again goes home
// instead of back to the screen where the person chose to leave.
let loggedOutOnPurpose = false;

export function noteLogout(): void {
  loggedOutOnPurpose = true;
}

/**
 * A route that needs sign-in. A stored token is still being checked: wait. Signed in: show it.
 * Otherwise (no session and no stored token left) go to /login, remembering where the person was.
 */
export function protectedAccess(phase: AuthPhase, location: Place): Access {
  if (phase === 'signedIn') {
    loggedOutOnPurpose = false;
    return { kind: 'render' };
  }
  if (phase === 'checking') return { kind: 'wait' };
  if (loggedOutOnPurpose) return { kind: 'redirect', to: LOGIN_PATH };
  const from = `${location.pathname}${location.search ?? ''}${location.hash ?? ''}`;
  return { kind: 'redirect', to: LOGIN_PATH, state: { from } };
}

/** /login and /register: a signed-in person goes back where they came from (default /dashboard). */
export function publicAccess(phase: AuthPhase, locationState: unknown): Access {
  if (phase === 'signedIn') return { kind: 'redirect', to: returnPath(locationState) };
  if (phase === 'checking') return { kind: 'wait' };
  return { kind: 'render' };
}

/**
 * The remembered origin, if it is a path inside this app that is worth returning to; else /dashboard.
 * Refuses other origins ("//evil.example", "https://..."), backslash tricks and the sign-in screens.
 */
export function returnPath(locationState: unknown): string {
  const from =
    typeof locationState === 'object' && locationState !== null && 'from' in locationState
      ? (locationState as { from: unknown }).from
      : undefined;
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//') || from.includes('\\')) {
    return HOME_PATH;
  }
  const pathname = from.split(/[?#]/, 1)[0] ?? '';
  if (pathname === '/' || pathname === LOGIN_PATH || pathname === '/register') return HOME_PATH;
  return from;
}
