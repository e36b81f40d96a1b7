import type { CurrentUser } from './repo';

/**
 * What registering with an e-mail does: create a new account, turn the invited (unregistered) person
 * with that address into the account (keeping the id and everything recorded for them), or refuse.
 */
export function registrationOutcome(existing: CurrentUser | null): 'create' | 'claim' | 'taken' {
  if (!existing) return 'create';
  return existing.registered ? 'taken' : 'claim';
}

/** Only registered people have a password; invited people cannot sign in before registering. */
export function maySignIn(user: { registered: boolean; password_hash: string | null } | null): boolean {
  return Boolean(user?.registered && user.password_hash);
}
