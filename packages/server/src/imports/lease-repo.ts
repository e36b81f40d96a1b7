import type { Db } from '../db';

/**
 * Takes the account's import lease (migration 0024) for `seconds`, unless someone else holds one that has
 * not expired: true when taken. One statement, committed at once: a second claim at the same moment waits
 * only for this INSERT, then finds the row and answers false.
 */
export async function claimImportLease(
  db: Db,
  userId: string,
  holder: string,
  seconds: number,
): Promise<boolean> {
  const { rows } = await db.query(
    `INSERT INTO import_leases (user_id, holder, expires_at) VALUES ($1, $2, now() + $3 * interval '1 second')
     ON CONFLICT (user_id) DO UPDATE SET holder = EXCLUDED.holder, expires_at = EXCLUDED.expires_at
      WHERE import_leases.expires_at <= now()
     RETURNING holder`,
    [userId, holder, seconds],
  );
  return rows.length > 0;
}

/** Pushes the holder's lease forward (nothing when it is no longer theirs). */
export async function extendImportLease(
  db: Db,
  userId: string,
  holder: string,
  seconds: number,
): Promise<void> {
  await db.query(
    `UPDATE import_leases SET expires_at = now() + $3 * interval '1 second' WHERE user_id = $1 AND holder = $2`,
    [userId, holder, seconds],
  );
}

export async function releaseImportLease(db: Db, userId: string, holder: string): Promise<void> {
  await db.query('DELETE FROM import_leases WHERE user_id = $1 AND holder = $2', [userId, holder]);
}
