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
