import { isUuid } from '../db/ids';
import type { Db } from '../db';

export interface SettlementRow {
  id: string;
  group_id: string | null;
  from_user_id: string;
  to_user_id: string;
  amount_minor: number;
  currency: string;
  description: string;
  created_by: string;
  settlement_date: Date;
  created_at: Date;
  transaction_id: string;
  declined_at: Date | null;
  declined_by: string | null;
}

export interface NewSettlement {
  group_id: string | null;
  from_user_id: string;
  to_user_id: string;
  amount_minor: number;
  currency: string;
  description: string;
  created_by: string;
  /** ISO 8601; null: now. */
  settlement_date: string | null;
  transaction_id: string;
  /** An imported payment's key, unique in its group (migration 0019); the importer checks it first. */
  import_key?: string | null;
}

/** One line of a settlement's audit trail, with the actor's name fields. */
export interface EventRow {
  settlement_id: string;
  action: string;
  created_at: Date;
  details: Record<string, unknown>;
  actor_id: string;
  actor_email: string;
  actor_display_name: string;
  actor_first_name: string;
  actor_last_name: string;
}

const COLUMNS = `id, group_id, from_user_id, to_user_id, amount_minor, currency, description, created_by,
  settlement_date, created_at, transaction_id, declined_at, declined_by`;
const S_COLUMNS = COLUMNS.split(',')
  .map((c) => `s.${c.trim()}`)
  .join(', ');

/** Inserts the settlement; null when its transaction_id is already taken (the caller draws another). */
export async function insertSettlement(tx: Db, s: NewSettlement): Promise<SettlementRow | null> {
  const { rows } = await tx.query<SettlementRow>(
    `INSERT INTO settlements (group_id, from_user_id, to_user_id, amount_minor, currency, description,
                              created_by, settlement_date, transaction_id, import_key)
     VALUES ($1, $2, $3, $4, $5, $6, $7, COALESCE($8::timestamptz, now()), $9, $10)
     ON CONFLICT (transaction_id) DO NOTHING
     RETURNING ${COLUMNS}`,
    [
      s.group_id,
      s.from_user_id,
      s.to_user_id,
      s.amount_minor,
      s.currency,
      s.description,
      s.created_by,
      s.settlement_date,
      s.transaction_id,
      s.import_key ?? null,
    ],
  );
  return rows[0] ?? null;
}

export async function insertEvent(
  tx: Db,
  settlementId: string,
  action: 'created' | 'updated' | 'deleted' | 'declined',
  actorId: string,
  details: Record<string, unknown>,
): Promise<void> {
  await tx.query(
    `INSERT INTO settlement_events (settlement_id, action, actor_id, details) VALUES ($1, $2, $3, $4::jsonb)`,
    [settlementId, action, actorId, JSON.stringify(details)],
  );
}

/** A live settlement, locked until the transaction ends; null when unknown, deleted or malformed. */
export async function lockSettlement(tx: Db, id: string): Promise<SettlementRow | null> {
  if (!isUuid(id)) return null;
  const { rows } = await tx.query<SettlementRow>(
    `SELECT ${COLUMNS} FROM settlements WHERE id = $1 AND deleted_at IS NULL FOR UPDATE`,
    [id],
  );
  return rows[0] ?? null;
}

/** Marks a settlement declined by `userId` (its postings are taken back by the caller); the row as it is now. */
export async function markSettlementDeclined(tx: Db, id: string, userId: string): Promise<SettlementRow> {
  const { rows } = await tx.query<SettlementRow>(
    `UPDATE settlements SET declined_at = now(), declined_by = $2, updated_at = now(), version = version + 1
      WHERE id = $1 RETURNING ${COLUMNS}`,
    [id, userId],
  );
  return rows[0] as SettlementRow;
}

/** The audit trails of some settlements, oldest event first. */
export async function eventsOf(db: Db, settlementIds: readonly string[]): Promise<EventRow[]> {
  if (settlementIds.length === 0) return [];
  const { rows } = await db.query<EventRow>(
    `SELECT e.settlement_id, e.action, e.created_at, e.details, e.actor_id,
            u.email AS actor_email, u.display_name AS actor_display_name,
            u.first_name AS actor_first_name, u.last_name AS actor_last_name
       FROM settlement_events e JOIN users u ON u.id = e.actor_id
      WHERE e.settlement_id = ANY($1::uuid[])
      ORDER BY e.settlement_id, e.created_at, e.id`,
    [settlementIds],
  );
  return rows;
}

export interface PageQuery {
  limit: number;
  /** The id of the last settlement of the previous page. */
  after: string | null;
}

const ORDER = 'ORDER BY s.settlement_date DESC, s.created_at DESC, s.id DESC';
// Newest first: everything strictly after the cursor's settlement in that order.
const AFTER = (n: number) =>
  `($${n}::uuid IS NULL OR (s.settlement_date, s.created_at, s.id) <
     (SELECT c.settlement_date, c.created_at, c.id FROM settlements c WHERE c.id = $${n}::uuid))`;

/** One page (limit + 1 rows, to tell whether another follows) of a group's settlements. */
export async function groupSettlementsPage(
  db: Db,
  groupId: string,
  page: PageQuery,
): Promise<SettlementRow[]> {
  const { rows } = await db.query<SettlementRow>(
    `SELECT ${S_COLUMNS} FROM settlements s
      WHERE s.group_id = $1 AND s.deleted_at IS NULL AND ${AFTER(2)}
      ${ORDER} LIMIT $3`,
    [groupId, page.after, page.limit + 1],
  );
  return rows;
}

/** One page of the settlements a person sent or received, or that belong to one of their groups. */
export async function userSettlementsPage(db: Db, userId: string, page: PageQuery): Promise<SettlementRow[]> {
  const { rows } = await db.query<SettlementRow>(
    `SELECT ${S_COLUMNS} FROM settlements s
      WHERE s.deleted_at IS NULL
        AND (s.from_user_id = $1 OR s.to_user_id = $1
             OR s.group_id IN (SELECT m.group_id FROM group_members m WHERE m.user_id = $1))
        AND ${AFTER(2)}
      ${ORDER} LIMIT $3`,
    [userId, page.after, page.limit + 1],
  );
  return rows;
}
