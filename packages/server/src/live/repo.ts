import type { components } from '@kitty/api/schema';
import type { Db } from '../db';

export type LiveKind = Exclude<components['schemas']['LiveEvent']['kind'], 'resync'>;
export type LiveEventJson = components['schemas']['LiveEvent'];

/** One change of a group, as live_changes keeps it (migration 0021). */
export interface NewLiveChange {
  group_id: string;
  kind: LiveKind;
  entity_id?: string | null;
  actor_id?: string | null;
  /** Who hears it besides the group's members when it is read (a person removed, a deleted group's members). */
  audience?: readonly string[];
}

export interface LiveRow {
  id: number;
  group_id: string;
  kind: LiveKind;
  entity_id: string | null;
  actor_id: string | null;
  audience: string[];
  at: Date;
}

/** Writes one change; call it inside the transaction of the change it tells (it is seen when that commits). */
export async function insertLiveChange(tx: Db, change: NewLiveChange): Promise<void> {
  await tx.query(
    `INSERT INTO live_changes (group_id, kind, entity_id, actor_id, audience) VALUES ($1, $2, $3, $4, $5::uuid[])`,
    [
      change.group_id,
      change.kind,
      change.entity_id ?? null,
      change.actor_id ?? null,
      [...(change.audience ?? [])],
    ],
  );
}

/** A change to one expense: its group hears it; a personal expense (no group) has no stream, so nothing is written. */
export async function insertExpenseLiveChange(
  tx: Db,
  groupId: string | null,
  kind: LiveKind,
  expenseId: string,
  actorId: string,
): Promise<void> {
  if (groupId !== null)
    await insertLiveChange(tx, { group_id: groupId, kind, entity_id: expenseId, actor_id: actorId });
}

const COLUMNS = 'id, group_id, kind, entity_id, actor_id, audience, at';

/** The rows past an id, oldest first: one range scan of the primary key. */
export async function changesAfter(db: Db, afterId: number, limit: number): Promise<LiveRow[]> {
  const { rows } = await db.query<LiveRow>(
    `SELECT ${COLUMNS} FROM live_changes WHERE id > $1 ORDER BY id LIMIT $2`,
    [afterId, limit],
  );
  return rows.map(normalize);
}

/** The highest id written so far (0 when none). */
export async function lastChangeId(db: Db): Promise<number> {
  const { rows } = await db.query<{ id: number | null }>('SELECT max(id) AS id FROM live_changes');
  return Number(rows[0]?.id ?? 0);
}

/** The lowest id still kept (null: none). */
export async function firstChangeId(db: Db): Promise<number | null> {
  const { rows } = await db.query<{ id: number | null }>('SELECT min(id) AS id FROM live_changes');
  return rows[0]?.id == null ? null : Number(rows[0].id);
}

/**
 * What a person missed after an id: the changes of their groups, and those addressed to them, oldest first,
 * at most `limit`.
 */
export async function changesFor(db: Db, userId: string, afterId: number, limit: number): Promise<LiveRow[]> {
  const { rows } = await db.query<LiveRow>(
    `SELECT ${COLUMNS} FROM live_changes c
      WHERE c.id > $1
        AND (c.group_id IN (SELECT m.group_id FROM group_members m WHERE m.user_id = $2) OR $2 = ANY(c.audience))
      ORDER BY c.id LIMIT $3`,
    [afterId, userId, limit],
  );
  return rows.map(normalize);
}

/** Which of these people are members of which of these groups now. */
export async function membershipsOf(
  db: Db,
  groupIds: readonly string[],
  userIds: readonly string[],
): Promise<{ group_id: string; user_id: string }[]> {
  const { rows } = await db.query<{ group_id: string; user_id: string }>(
    'SELECT group_id, user_id FROM group_members WHERE group_id = ANY($1::uuid[]) AND user_id = ANY($2::uuid[])',
    [[...groupIds], [...userIds]],
  );
  return rows;
}

/** Deletes rows older than the given age, a batch at a time; answers how many went. */
export async function pruneChanges(db: Db, olderThanSeconds: number, batch = 5000): Promise<number> {
  const { rowCount } = await db.query(
    `DELETE FROM live_changes WHERE id IN (
       SELECT id FROM live_changes WHERE at < now() - make_interval(secs => $1) ORDER BY id LIMIT $2)`,
    [olderThanSeconds, batch],
  );
  return rowCount;
}

function normalize(row: LiveRow): LiveRow {
  return { ...row, id: Number(row.id), audience: row.audience ?? [] };
}

export function toLiveEventJson(row: LiveRow): LiveEventJson {
  return {
    id: String(row.id),
    group_id: row.group_id,
    kind: row.kind,
    entity_id: row.entity_id,
    actor_id: row.actor_id,
    at: new Date(row.at).toISOString(),
  };
}
