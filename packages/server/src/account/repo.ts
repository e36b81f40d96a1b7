import type { Db } from '../db';

export interface AccountSettingsRow {
  currency: string;
  default_split: string;
  /** The chosen language (en, cs), or null: follow the browser. */
  language: string | null;
}

/** Saves the settings; a `language` left undefined keeps the saved choice (null clears it). */
export async function updateSettings(
  db: Db,
  userId: string,
  settings: Omit<AccountSettingsRow, 'language'> & { language?: string | null },
): Promise<AccountSettingsRow> {
  const keepLanguage = settings.language === undefined;
  const { rows } = await db.query<AccountSettingsRow>(
    `UPDATE users SET currency = $2, default_split = $3,
            language = CASE WHEN $4 THEN language ELSE $5 END, updated_at = now()
      WHERE id = $1
      RETURNING currency, default_split, language`,
    [userId, settings.currency, settings.default_split, keepLanguage, settings.language ?? null],
  );
  const saved = rows[0];
  if (!saved) throw new Error(`user ${userId} vanished while saving settings`);
  return saved;
}

export async function passwordHash(db: Db, userId: string): Promise<string | null> {
  const { rows } = await db.query<{ password_hash: string | null }>(
    'SELECT password_hash FROM users WHERE id = $1',
    [userId],
  );
  return rows[0]?.password_hash ?? null;
}

/** Saves the new hash and bumps token_version, which ends every token issued before. */
export async function replacePassword(
  db: Db,
  userId: string,
  hash: string,
): Promise<{ id: string; token_version: number }> {
  const { rows } = await db.query<{ id: string; token_version: number }>(
    `UPDATE users SET password_hash = $2, token_version = token_version + 1, updated_at = now()
      WHERE id = $1 AND registered
      RETURNING id, token_version`,
    [userId, hash],
  );
  const saved = rows[0];
  if (!saved) throw new Error(`user ${userId} vanished while changing the password`);
  return saved;
}
