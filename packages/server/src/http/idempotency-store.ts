import type { Db } from '../db';

/** Who asked for what under one key: the same user and key with another method, route or hash is a 422. */
export interface KeyedRequest {
  userId: string;
  key: string;
  method: string;
  /** The route's URL template (`/api/financial/settle/:expenseId`); its parameters are in the hash. */
  path: string;
  /** SHA-256 of the canonical JSON of the path parameters, query and body. */
  hash: string;
}

export type Reservation =
  /** The key is ours, inside the caller's transaction: do the write, then `storeResponse`. */
  | { kind: 'reserved' }
  /** The first request with this key succeeded: answer what it answered. */
  | { kind: 'replay'; status: number; body: string }
  /** The key was used for another request. */
  | { kind: 'mismatch' }
  /** Another request holds the key and has not finished (or the wait ran out): 409. */
  | { kind: 'busy' };

/** Keys are remembered for 24 hours; an older one is free again. */
export const KEY_LIFETIME = '24 hours';
// PostgreSQL's "lock_not_available": the wait for the first request's transaction ran out.
const LOCK_NOT_AVAILABLE = '55P03';

interface KeyRow {
  method: string;
  path: string;
  request_hash: string;
  response_status: number | null;
  // The exact text of the first answer, kept as a jsonb string so the replay is byte for byte the same
  // (a jsonb object would reorder its keys).
  response: string | null;
  expired: boolean;
}

/**
 * Takes the key inside `tx`, BEFORE the write. The row is inserted in the same transaction as the write
 * and its stored answer, so they commit together or not at all. A concurrent duplicate's INSERT ... ON
 * CONFLICT waits (on PostgreSQL) until the first transaction ends: committed, it finds the stored answer
 * and replays it; rolled back, it takes the key and does the write itself. The wait is bounded by
 * `waitMs` (lock_timeout, for this step only); past it the answer is 'busy'. On PGlite, one connection
 * runs one transaction at a time, so a duplicate simply starts after the first has committed.
 */
export async function reserveKey(tx: Db, request: KeyedRequest, waitMs: number): Promise<Reservation> {
  try {
    return await take(tx, request, `${Math.max(1, Math.round(waitMs))}ms`);
  } catch (error) {
    if ((error as { code?: unknown }).code === LOCK_NOT_AVAILABLE) return { kind: 'busy' };
    throw error;
  } finally {
    // After a lock timeout the transaction is aborted and rolls back anyway; otherwise restore the
    // setting so the write's own locks wait as they always do.
    await restore(tx);
  }
}

async function restore(tx: Db): Promise<void> {
  try {
    await tx.query('SET LOCAL lock_timeout TO DEFAULT');
  } catch {
    // The transaction is already aborted (the wait ran out): nothing to restore.
  }
}

async function take(tx: Db, r: KeyedRequest, lockTimeout: string): Promise<Reservation> {
  // Bounded: a row can vanish between the INSERT and the SELECT only when the expiry sweep removes it.
  for (let attempt = 0; attempt < 3; attempt++) {
    // The wait's bound is set by the same statement (its row comes from set_config, evaluated before the
    // insert can wait on a concurrent duplicate): one round trip less than setting it first.
    const inserted = await tx.query(
      `INSERT INTO idempotency_keys (user_id, key, method, path, request_hash)
       SELECT $1::uuid, $2::text, $3::text, $4::text, $5::text FROM (SELECT set_config('lock_timeout', $6, true)) AS bound
       ON CONFLICT (user_id, key) DO NOTHING
       RETURNING key`,
      [r.userId, r.key, r.method, r.path, r.hash, lockTimeout],
    );
    if (inserted.rows.length > 0) return { kind: 'reserved' };

    const { rows } = await tx.query<KeyRow>(
      `SELECT method, path, request_hash, response_status, response #>> '{}' AS response,
              created_at < now() - interval '${KEY_LIFETIME}' AS expired
         FROM idempotency_keys WHERE user_id = $1 AND key = $2
          FOR UPDATE`,
      [r.userId, r.key],
    );
    const row = rows[0];
    if (!row) continue;
    if (row.expired) {
      await tx.query(
        `UPDATE idempotency_keys
            SET method = $3, path = $4, request_hash = $5, response_status = NULL, response = NULL,
                created_at = now()
          WHERE user_id = $1 AND key = $2`,
        [r.userId, r.key, r.method, r.path, r.hash],
      );
      return { kind: 'reserved' };
    }
    if (row.method !== r.method || row.path !== r.path || row.request_hash !== r.hash) {
      return { kind: 'mismatch' };
    }
    if (row.response_status === null || row.response === null) return { kind: 'busy' };
    return { kind: 'replay', status: row.response_status, body: row.response };
  }
  return { kind: 'busy' };
}

/** Stores the answer of a reserved key, in the same transaction as the write it answers. */
export async function storeResponse(tx: Db, r: KeyedRequest, status: number, body: string): Promise<void> {
  await tx.query(
    `UPDATE idempotency_keys SET response_status = $3, response = to_jsonb($4::text)
      WHERE user_id = $1 AND key = $2`,
    [r.userId, r.key, status, body],
  );
}

/** Deletes up to `limit` keys older than their lifetime, oldest first (by the created_at index). */
export async function deleteExpiredKeys(db: Db, limit = 500): Promise<number> {
  const { rowCount } = await db.query(
    `DELETE FROM idempotency_keys
      WHERE (user_id, key) IN (
        SELECT user_id, key FROM idempotency_keys
         WHERE created_at < now() - interval '${KEY_LIFETIME}'
         ORDER BY created_at
         LIMIT $1)`,
    [limit],
  );
  return rowCount;
}
