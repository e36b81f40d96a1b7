import type { Db } from '../db';

/** A user row as the server uses it. The password hash is never part of it. */
export interface CurrentUser {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  display_name: string;
  registered: boolean;
  /** The person proved the address with the link sent to it (only then do they claim what was sent to it). */
  email_verified: boolean;
  token_version: number;
  currency: string;
  default_split: string;
  /** The language chosen in Account (en, cs), or null: follow the browser. */
  language: string | null;
  /** The language the person's browser last asked for (Accept-Language at registration and sign-in). */
  browser_language: string | null;
  created_at: Date;
}

export interface Credentials extends CurrentUser {
  password_hash: string | null;
}

export interface NewAccount {
  email: string;
  first_name: string;
  last_name: string;
  display_name: string;
  password_hash: string;
  /** The language the registering browser asked for, when it said. */
  browser_language: string | null;
}

/** The columns of a `CurrentUser`, in order. */
export const USER_COLUMNS = [
  'id',
  'email',
  'first_name',
  'last_name',
  'display_name',
  'registered',
  'email_verified',
  'token_version',
  'currency',
  'default_split',
  'language',
  'browser_language',
  'created_at',
] as const;
const COLUMNS = USER_COLUMNS.join(', ');

/** E-mail addresses compare case-insensitively. `forUpdate` locks the row until the transaction ends. */
export async function findByEmail(db: Db, email: string, forUpdate = false): Promise<CurrentUser | null> {
  const { rows } = await db.query<CurrentUser>(
    `SELECT ${COLUMNS} FROM users WHERE lower(email) = lower($1)${forUpdate ? ' FOR UPDATE' : ''}`,
    [email],
  );
  return rows[0] ?? null;
}

export async function findCredentials(db: Db, email: string): Promise<Credentials | null> {
  const { rows } = await db.query<Credentials>(
    `SELECT ${COLUMNS}, password_hash FROM users WHERE lower(email) = lower($1)`,
    [email],
  );
  return rows[0] ?? null;
}

/** Creates a registered account; null when the e-mail was taken meanwhile. */
export async function insertAccount(db: Db, account: NewAccount): Promise<CurrentUser | null> {
  const { rows } = await db.query<CurrentUser>(
    `INSERT INTO users (email, first_name, last_name, display_name, password_hash, registered, browser_language)
     VALUES ($1, $2, $3, $4, $5, true, $6)
     ON CONFLICT ((lower(email))) DO NOTHING
     RETURNING ${COLUMNS}`,
    [
      account.email,
      account.first_name,
      account.last_name,
      account.display_name,
      account.password_hash,
      account.browser_language,
    ],
  );
  return rows[0] ?? null;
}

/** An invited person becomes a registered account with the same id, so their expenses stay theirs. */
export async function registerInvited(db: Db, id: string, account: NewAccount): Promise<CurrentUser | null> {
  const { rows } = await db.query<CurrentUser>(
    `UPDATE users
        SET email = $2, first_name = $3, last_name = $4, display_name = $5, password_hash = $6,
            registered = true, token_version = token_version + 1,
            browser_language = coalesce($7, browser_language), updated_at = now()
      WHERE id = $1 AND NOT registered
      RETURNING ${COLUMNS}`,
    [
      id,
      account.email,
      account.first_name,
      account.last_name,
      account.display_name,
      account.password_hash,
      account.browser_language,
    ],
  );
  return rows[0] ?? null;
}

export interface NewInvitedPerson {
  email: string;
  first_name: string;
  last_name: string;
  display_name: string;
  invited_by: string;
}

/** Creates a not-registered person (no password); null when someone has that address already. */
export async function insertInvited(db: Db, person: NewInvitedPerson): Promise<CurrentUser | null> {
  const { rows } = await db.query<CurrentUser>(
    `INSERT INTO users (email, first_name, last_name, display_name, registered, invited_by)
     VALUES ($1, $2, $3, $4, false, $5)
     ON CONFLICT ((lower(email))) DO NOTHING
     RETURNING ${COLUMNS}`,
    [person.email, person.first_name, person.last_name, person.display_name, person.invited_by],
  );
  return rows[0] ?? null;
}

/** The address is proven: only a registered account whose address is still `email`. */
export async function markVerified(db: Db, id: string, email: string): Promise<CurrentUser | null> {
  const { rows } = await db.query<CurrentUser>(
    `UPDATE users SET email_verified = true, updated_at = now()
      WHERE id = $1 AND registered AND lower(email) = lower($2)
      RETURNING ${COLUMNS}`,
    [id, email],
  );
  return rows[0] ?? null;
}

/** A new password from a reset link: ends every token issued before (token_version). */
export async function resetPassword(
  db: Db,
  id: string,
  email: string,
  passwordHash: string,
): Promise<CurrentUser | null> {
  const { rows } = await db.query<CurrentUser>(
    `UPDATE users SET password_hash = $3, token_version = token_version + 1, email_verified = true,
            updated_at = now()
      WHERE id = $1 AND registered AND lower(email) = lower($2)
      RETURNING ${COLUMNS}`,
    [id, email, passwordHash],
  );
  return rows[0] ?? null;
}

/** Keeps the language the person's browser asked for at sign-in; writes only when it changed. */
export async function rememberBrowserLanguage(db: Db, id: string, language: string): Promise<void> {
  await db.query(
    `UPDATE users SET browser_language = $2
      WHERE id = $1 AND browser_language IS DISTINCT FROM $2`,
    [id, language],
  );
}
