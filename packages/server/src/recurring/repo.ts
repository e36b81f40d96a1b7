import type { components } from '@kitty/api/schema';
import type { RecurrenceFrequency } from '@kitty/domain';
import type { Db } from '../db';
import { isUuid } from '../db/ids';

export type ExpenseInput = components['schemas']['ExpenseInput'];
export type RuleStatus = components['schemas']['RecurringExpenseStatus'];

/** A recurring_expenses row (migration 0017) with its creator's names; days are 'YYYY-MM-DD'. */
export interface RuleRow {
  id: string;
  group_id: string;
  created_by: string;
  creator_display_name: string;
  creator_first_name: string;
  creator_last_name: string;
  creator_email: string;
  /** The expense input as validated (wire form, without `date`, `group_id` the rule's group). */
  template: ExpenseInput;
  frequency: RecurrenceFrequency;
  start_date: string;
  end_date: string | null;
  occurrences_limit: number | null;
  time_zone: string;
  status: RuleStatus;
  paused_reason: 'member_left' | null;
  next_index: number;
  next_date: string | null;
  next_at: Date | null;
  occurrences_created: number;
  last_date: string | null;
  version: number;
  created_at: Date;
  updated_at: Date;
}

/** What a write sets of a rule (everything but who and when it was created). */
export type RuleWrite = Pick<
  RuleRow,
  | 'template'
  | 'frequency'
  | 'start_date'
  | 'end_date'
  | 'occurrences_limit'
  | 'time_zone'
  | 'status'
  | 'paused_reason'
  | 'next_index'
  | 'next_date'
  | 'next_at'
  | 'occurrences_created'
  | 'last_date'
  | 'version'
>;

const COLUMNS = `r.id, r.group_id, r.created_by, u.display_name AS creator_display_name,
  u.first_name AS creator_first_name, u.last_name AS creator_last_name, u.email AS creator_email,
  r.template, r.frequency, r.start_date, r.end_date, r.occurrences_limit, r.time_zone, r.status,
  r.paused_reason, r.next_index, r.next_date, r.next_at, r.occurrences_created, r.last_date, r.version,
  r.created_at, r.updated_at`;
const CREATOR = 'JOIN LATERAL (SELECT * FROM users x WHERE x.id = r.created_by LIMIT 1) u ON true';

export async function insertRule(
  tx: Db,
  id: string,
  groupId: string,
  createdBy: string,
  w: RuleWrite,
): Promise<void> {
  await tx.query(
    `INSERT INTO recurring_expenses (id, group_id, created_by, template, frequency, start_date, end_date,
       occurrences_limit, time_zone, status, paused_reason, next_index, next_date, next_at,
       occurrences_created, last_date, version)
     VALUES ($1, $2, $3, $4::jsonb, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)`,
    [id, groupId, createdBy, ...writeParams(w)],
  );
}

/** Writes every field of `w`; `updated_at` moves on. */
export async function saveRule(tx: Db, id: string, w: RuleWrite): Promise<void> {
  await tx.query(
    `UPDATE recurring_expenses
        SET template = $2::jsonb, frequency = $3, start_date = $4, end_date = $5, occurrences_limit = $6,
            time_zone = $7, status = $8, paused_reason = $9, next_index = $10, next_date = $11, next_at = $12,
            occurrences_created = $13, last_date = $14, version = $15, updated_at = now()
      WHERE id = $1`,
    [id, ...writeParams(w)],
  );
}

function writeParams(w: RuleWrite): unknown[] {
  return [
    JSON.stringify(w.template),
    w.frequency,
    w.start_date,
    w.end_date,
    w.occurrences_limit,
    w.time_zone,
    w.status,
    w.paused_reason,
    w.next_index,
    w.next_date,
    w.next_at,
    w.occurrences_created,
    w.last_date,
    w.version,
  ];
}

/** One rule (null for an unknown or malformed id); `lock`: FOR UPDATE until the transaction ends. */
export async function findRule(db: Db, id: string, lock = false): Promise<RuleRow | null> {
  if (!isUuid(id)) return null;
  const { rows } = await db.query<RuleRow>(
    `SELECT ${COLUMNS} FROM recurring_expenses r ${CREATOR} WHERE r.id = $1${lock ? ' FOR UPDATE OF r' : ''}`,
    [id],
  );
  return rows[0] ?? null;
}

/** A group's rules: active and paused first, soonest next day first; then the ended, latest change first. */
export async function listRules(db: Db, groupId: string): Promise<RuleRow[]> {
  const { rows } = await db.query<RuleRow>(
    `SELECT ${COLUMNS} FROM recurring_expenses r ${CREATOR}
      WHERE r.group_id = $1
      ORDER BY (r.status IN ('active', 'paused')) DESC, r.next_date ASC NULLS LAST, r.updated_at DESC, r.id`,
    [groupId],
  );
  return rows;
}

/**
 * Claims one active rule whose next occurrence's day has begun by `now`, locked until the transaction ends.
 * SKIP LOCKED: a rule another process is working on is passed over, never waited for. `skip`: rules this
 * run already failed on (left for the next run).
 */
export async function claimDueRule(tx: Db, now: Date, skip: readonly string[]): Promise<RuleRow | null> {
  const { rows } = await tx.query<{ id: string }>(
    `SELECT id FROM recurring_expenses
      WHERE status = 'active' AND next_at <= $1 AND id <> ALL($2::uuid[])
      ORDER BY next_at LIMIT 1 FOR UPDATE SKIP LOCKED`,
    [now, skip],
  );
  const id = rows[0]?.id;
  return id ? findRule(tx, id) : null;
}

/** Whether `userId` was ever in the group: someone it has history of, or a ledger row, without being a member now. */
export async function wasMember(db: Db, groupId: string, userId: string): Promise<boolean> {
  if (!isUuid(groupId)) return false;
  const { rows } = await db.query(
    `SELECT 1 WHERE EXISTS (SELECT 1 FROM group_events e WHERE e.group_id = $1 AND e.user_id = $2)
        OR EXISTS (SELECT 1 FROM member_balances b WHERE b.scope_id = $1 AND b.user_id = $2)`,
    [groupId, userId],
  );
  return rows.length > 0;
}
