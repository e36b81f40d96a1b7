import type { Db } from '../db';
import { type CurrentUser, USER_COLUMNS } from './repo';

export const SEARCH_LIMIT = 20;

/** `%`, `_` and the escape character itself match only themselves. */
export function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (char) => `\\${char}`);
}

// Everyone who shares a group or a (not deleted, not declined) expense with $1, as a payer or participant.
const CONNECTED = `
  my_expenses AS (
    SELECT p.expense_id AS id FROM expense_payers p JOIN expenses e ON e.id = p.expense_id
     WHERE p.user_id = $1 AND e.deleted_at IS NULL AND e.declined_at IS NULL
    UNION
    SELECT s.expense_id FROM expense_splits s JOIN expenses e ON e.id = s.expense_id
     WHERE s.user_id = $1 AND e.deleted_at IS NULL AND e.declined_at IS NULL
  ),
  connected AS (
    SELECT other.user_id AS id FROM group_members mine
      JOIN group_members other ON other.group_id = mine.group_id
     WHERE mine.user_id = $1
    UNION
    SELECT p.user_id FROM expense_payers p JOIN my_expenses m ON m.id = p.expense_id
    UNION
    SELECT s.user_id FROM expense_splits s JOIN my_expenses m ON m.id = s.expense_id
  )`;

/**
 * People matching `term` for the caller `userId`, connected people first. Only the connected are matched
 * by part of a name or address; anyone else only by their exact address (the unique index finds them),
 * so nobody can list the instance's users by searching for "a".
 */
export async function searchPeople(
  db: Db,
  userId: string,
  term: string,
  connectedOnly: boolean,
): Promise<{ user: CurrentUser; connected: boolean }[]> {
  const pattern = `%${escapeLike(term)}%`;
  const { rows } = await db.query<CurrentUser & { connected: boolean }>(
    `WITH ${CONNECTED},
     candidates AS (
       SELECT id FROM connected
       ${connectedOnly ? '' : 'UNION SELECT id FROM users WHERE lower(email) = lower($3)'}
     )
     SELECT ${USER_COLUMNS.map((c) => `u.${c}`).join(', ')},
            EXISTS (SELECT 1 FROM connected c WHERE c.id = u.id) AS connected
       FROM users u JOIN candidates ON candidates.id = u.id
      WHERE u.id <> $1
        AND (lower(u.email) = lower($3)
             OR (EXISTS (SELECT 1 FROM connected c WHERE c.id = u.id)
                 AND (u.display_name ILIKE $2 ESCAPE '\\' OR u.first_name ILIKE $2 ESCAPE '\\'
                      OR u.last_name ILIKE $2 ESCAPE '\\' OR u.email ILIKE $2 ESCAPE '\\'
                      OR (u.first_name || ' ' || u.last_name) ILIKE $2 ESCAPE '\\')))
      ORDER BY connected DESC, lower(u.display_name), lower(u.email), u.id
      LIMIT ${SEARCH_LIMIT}`,
    [userId, pattern, term],
  );
  return rows.map(({ connected, ...user }) => ({ user, connected }));
}

/**
 * Of `emails`, the people `userId` is connected to (shares a group or an expense with, as the search's
 * connected people): their ids by address, lower-cased. Tells nothing about anyone else.
 */
export async function connectedByEmail(
  db: Db,
  userId: string,
  emails: readonly string[],
): Promise<Map<string, string>> {
  const keys = [...new Set(emails.map((e) => e.trim().toLowerCase()))];
  if (keys.length === 0) return new Map();
  const { rows } = await db.query<{ id: string; email: string }>(
    `WITH ${CONNECTED}
     SELECT u.id, lower(u.email) AS email FROM users u JOIN connected c ON c.id = u.id
      WHERE lower(u.email) = ANY($2::text[])`,
    [userId, keys],
  );
  return new Map(rows.map((r) => [r.email, r.id]));
}
