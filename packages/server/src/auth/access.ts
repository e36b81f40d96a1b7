import { isUuid } from '../db/ids';
import type { Db } from '../db/types';
import { type CurrentUser, USER_COLUMNS } from '../users/repo';

const USER_BY_ID = `SELECT ${USER_COLUMNS.join(', ')} FROM users WHERE id = $1`;

/**
 * The user a token names, as the database holds them now (registered? token_version?): one lookup by
 * primary key on every authenticated request, so a password change or a new registration is seen by the
 * very next request on any server process. Null when there is no such user.
 */
export async function userOfToken(db: Db, userId: string): Promise<CurrentUser | null> {
  // A malformed id cannot name a user (and would fail the uuid cast).
  if (!isUuid(userId)) return null;
  const { rows } = await db.query<CurrentUser>(USER_BY_ID, [userId]);
  return rows[0] ?? null;
}

/** Whether a person's sign-ins still hold: the fields authenticate compares with a token's claims. */
export interface SignInState {
  id: string;
  registered: boolean;
  token_version: number;
}

/**
 * The sign-in state of several people now, in one lookup by primary key (people not listed: no such user
 * any more). Open live streams are checked with it (src/live/sign-ins.ts).
 */
export async function signInStatesOf(db: Db, userIds: readonly string[]): Promise<SignInState[]> {
  const ids = userIds.filter(isUuid);
  if (ids.length === 0) return [];
  const { rows } = await db.query<SignInState>(
    'SELECT id, registered, token_version FROM users WHERE id = ANY($1::uuid[])',
    [ids],
  );
  return rows;
}
