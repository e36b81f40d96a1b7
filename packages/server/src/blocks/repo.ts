import type { Db } from '../db';

export interface BlockRow {
  blocked_id: string;
  blocked_at: Date;
  display_name: string;
  first_name: string;
  last_name: string;
  email: string;
}

const BLOCK_COLUMNS = `b.blocked_id, b.blocked_at, u.display_name, u.first_name, u.last_name, u.email`;

/** The people `blockerId` blocked, most recently blocked first. */
export async function findBlocks(db: Db, blockerId: string): Promise<BlockRow[]> {
  const { rows } = await db.query<BlockRow>(
    `SELECT ${BLOCK_COLUMNS}
       FROM person_blocks b JOIN users u ON u.id = b.blocked_id
      WHERE b.blocker_id = $1
      ORDER BY b.blocked_at DESC, b.blocked_id`,
    [blockerId],
  );
  return rows;
}

/**
 * Blocks `blockedId` for `blockerId`, keeping the first block when there is one: answers the block, or
 * null when `blockedId` is no person. Two statements, so a block a concurrent request just made is read.
 */
export async function insertBlock(db: Db, blockerId: string, blockedId: string): Promise<BlockRow | null> {
  await db.query(
    `INSERT INTO person_blocks (blocker_id, blocked_id)
     SELECT $1, id FROM users WHERE id = $2
     ON CONFLICT (blocker_id, blocked_id) DO NOTHING`,
    [blockerId, blockedId],
  );
  const { rows } = await db.query<BlockRow>(
    `SELECT ${BLOCK_COLUMNS}
       FROM person_blocks b JOIN users u ON u.id = b.blocked_id
      WHERE b.blocker_id = $1 AND b.blocked_id = $2`,
    [blockerId, blockedId],
  );
  return rows[0] ?? null;
}

export async function deleteBlock(db: Db, blockerId: string, blockedId: string): Promise<void> {
  await db.query('DELETE FROM person_blocks WHERE blocker_id = $1 AND blocked_id = $2', [
    blockerId,
    blockedId,
  ]);
}

/** Whether any of `people` blocked `callerId` (one index probe each: the primary key). */
export async function blockedByAny(db: Db, people: readonly string[], callerId: string): Promise<boolean> {
  if (people.length === 0) return false;
  const { rows } = await db.query(
    'SELECT 1 FROM person_blocks WHERE blocker_id = ANY($1::uuid[]) AND blocked_id = $2 LIMIT 1',
    [people, callerId],
  );
  return rows.length > 0;
}
