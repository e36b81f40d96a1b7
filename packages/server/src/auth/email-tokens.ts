import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db';

/** What a link sent by e-mail lets its holder do once. */
export type EmailTokenPurpose = 'verify' | 'reset';

/** How long a link works: a verification link two days, a reset link an hour. */
export const EMAIL_TOKEN_TTL_MS: Record<EmailTokenPurpose, number> = {
  verify: 48 * 3_600_000,
  reset: 3_600_000,
};

/** Only this is stored: whoever reads the database cannot make a working link from it. */
export function hashEmailToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** A new link token (256 random bits) for the user's current address; answers the token itself. */
export async function issueEmailToken(
  db: Db,
  user: { id: string; email: string },
  purpose: EmailTokenPurpose,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.query(
    `INSERT INTO email_tokens (token_hash, user_id, purpose, email, expires_at)
     VALUES ($1, $2, $3, $4, now() + $5::int * interval '1 millisecond')`,
    [hashEmailToken(token), user.id, purpose, user.email, EMAIL_TOKEN_TTL_MS[purpose]],
  );
  return token;
}

/**
 * Uses a token up: answers whom it was sent to when it exists, has this purpose, is unused and unexpired,
 * and marks it used in the same statement (two requests with one link cannot both succeed). Null otherwise.
 */
export async function consumeEmailToken(
  db: Db,
  token: string,
  purpose: EmailTokenPurpose,
): Promise<{ user_id: string; email: string } | null> {
  const { rows } = await db.query<{ user_id: string; email: string }>(
    `UPDATE email_tokens SET used_at = now()
      WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > now()
      RETURNING user_id, email`,
    [hashEmailToken(token), purpose],
  );
  return rows[0] ?? null;
}

/** Ends every open link of the user for the purpose (a reset ends the other reset links). */
export async function retireEmailTokens(db: Db, userId: string, purpose: EmailTokenPurpose): Promise<void> {
  await db.query(
    'UPDATE email_tokens SET used_at = now() WHERE user_id = $1 AND purpose = $2 AND used_at IS NULL',
    [userId, purpose],
  );
}
