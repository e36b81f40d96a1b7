import type { ExpenseSnapshot, GroupEventKind } from '@kitty/domain';
import type { Db } from '../db';
import { insertLiveChange, type LiveKind } from '../live/repo';

/** One change of a group, as group_events keeps it (migration 0016). */
export interface NewGroupEvent {
  group_id: string;
  actor_id: string;
  kind: GroupEventKind;
  expense_id?: string | null;
  settlement_id?: string | null;
  user_id?: string | null;
  details?: Record<string, unknown>;
}

export interface GroupEventRow {
  id: string;
  group_id: string;
  actor_id: string;
  actor_name: string;
  kind: GroupEventKind;
  expense_id: string | null;
  settlement_id: string | null;
  user_id: string | null;
  user_name: string | null;
  at: Date;
  details: Record<string, unknown>;
}

/** Writes one event; call it inside the transaction of the change it tells. */
export async function insertGroupEvent(tx: Db, e: NewGroupEvent): Promise<void> {
  await tx.query(
    `INSERT INTO group_events (group_id, actor_id, kind, expense_id, settlement_id, user_id, details)
     VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb)`,
    [
      e.group_id,
      e.actor_id,
      e.kind,
      e.expense_id ?? null,
      e.settlement_id ?? null,
      e.user_id ?? null,
      JSON.stringify(e.details ?? {}),
    ],
  );
  // Every change the history tells is also a live change (the same transaction: seen when it commits).
  await insertLiveChange(tx, {
    group_id: e.group_id,
    kind: LIVE_KIND[e.kind],
    entity_id:
      e.expense_id ?? e.settlement_id ?? e.user_id ?? stringOrNull(e.details?.recurring_expense_id) ?? null,
    actor_id: e.actor_id,
    // A person who left or was removed is no member any more when the change is read: they hear it too.
    audience: (e.kind === 'member_left' || e.kind === 'member_removed') && e.user_id ? [e.user_id] : [],
  });
}

const LIVE_KIND: Record<GroupEventKind, LiveKind> = {
  group_created: 'group_changed',
  settings_changed: 'group_changed',
  expense_created: 'expense_created',
  expense_edited: 'expense_edited',
  expense_deleted: 'expense_deleted',
  settlement_recorded: 'settlement_recorded',
  member_joined: 'member_joined',
  member_left: 'member_left',
  member_removed: 'member_removed',
  recurrence_changed: 'recurrence_changed',
};

function stringOrNull(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

/** Several people joined, left or were removed at once: one event each, in the order given. */
export async function insertMemberEvents(
  tx: Db,
  groupId: string,
  actorId: string,
  kind: 'member_joined' | 'member_removed',
  userIds: readonly string[],
): Promise<void> {
  for (const userId of userIds) {
    await insertGroupEvent(tx, { group_id: groupId, actor_id: actorId, kind, user_id: userId });
  }
}

/**
 * An expense as its history keeps it (read inside the transaction that changes it): its figures, who paid
 * what and who owes what, amounts in minor units. Null when there is no such expense.
 */
export async function expenseSnapshot(tx: Db, expenseId: string): Promise<ExpenseSnapshot | null> {
  const { rows } = await tx.query<Omit<ExpenseSnapshot, 'date'> & { date: Date }>(
    `SELECT e.description, e.amount_minor, e.currency, e.category, e.date, e.notes, e.split_type,
            (SELECT COALESCE(jsonb_object_agg(p.user_id, p.amount_minor), '{}'::jsonb)
               FROM expense_payers p WHERE p.expense_id = e.id) AS payers,
            (SELECT COALESCE(jsonb_object_agg(s.user_id, s.amount_minor), '{}'::jsonb)
               FROM expense_splits s WHERE s.expense_id = e.id) AS shares
       FROM expenses e WHERE e.id = $1`,
    [expenseId],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    description: row.description,
    amount_minor: Number(row.amount_minor),
    currency: row.currency,
    category: row.category,
    date: new Date(row.date).toISOString(),
    notes: row.notes,
    split_type: row.split_type,
    payers: numbers(row.payers),
    shares: numbers(row.shares),
  };
}

function numbers(record: Record<string, unknown>): Record<string, number> {
  return Object.fromEntries(Object.entries(record).map(([k, v]) => [k, Number(v)]));
}

export interface EventFilter {
  groupId: string;
  limit: number;
  /** Only events with a smaller id (the previous page's last). */
  before: string | null;
  person: string | null;
  kind: GroupEventKind | null;
}

// Names come from a LIMIT 1 probe of users' primary key per row (a join would hash the whole users table
// in a generic plan: bench/README.md).
const COLUMNS = `ev.id::text AS id, ev.group_id, ev.actor_id, ev.kind, ev.expense_id, ev.settlement_id, ev.user_id,
  ev.at, ev.details,
  (SELECT u.display_name FROM users u WHERE u.id = ev.actor_id LIMIT 1) AS actor_name,
  (SELECT u.display_name FROM users u WHERE u.id = ev.user_id LIMIT 1) AS user_name`;

// One statement per filter, each served by its own index (0016): group_events_group_idx, _kind_idx, and
// for a person the union of what they did (_actor_idx) and what happened to them (_user_idx), whose ids
// the primary key then finds (an IN join would hash the whole table in the generic plan).
// No cursor: below the largest bigint, so the id is an index condition in the generic plan too.
const BEFORE = `ev.id < COALESCE($2::bigint, 9223372036854775807)`;
const BY_GROUP = `SELECT ${COLUMNS} FROM group_events ev
  WHERE ev.group_id = $1 AND ${BEFORE} ORDER BY ev.id DESC LIMIT $3`;
const BY_KIND = `SELECT ${COLUMNS} FROM group_events ev
  WHERE ev.group_id = $1 AND ev.kind = $4::text AND ${BEFORE} ORDER BY ev.id DESC LIMIT $3`;
const PERSON_IDS = `SELECT id FROM (
    (SELECT a.id FROM group_events a WHERE a.group_id = $1 AND a.actor_id = $5
        AND a.id < COALESCE($2::bigint, 9223372036854775807) AND ($4::text IS NULL OR a.kind = $4::text) ORDER BY a.id DESC LIMIT $3)
    UNION
    (SELECT b.id FROM group_events b WHERE b.group_id = $1 AND b.user_id = $5
        AND b.id < COALESCE($2::bigint, 9223372036854775807) AND ($4::text IS NULL OR b.kind = $4::text) ORDER BY b.id DESC LIMIT $3)
  ) ids`;
const BY_PERSON = `SELECT ${COLUMNS} FROM group_events ev
  WHERE ev.id = ANY (ARRAY(${PERSON_IDS})) ORDER BY ev.id DESC LIMIT $3`;

/** The page statements by filter (a test checks that each generic plan probes indexes). */
export const PAGE_STATEMENTS = { group: BY_GROUP, kind: BY_KIND, person: BY_PERSON } as const;

/** A page of a group's events, newest first; one more than `limit` tells that another page follows. */
export async function groupEventsPage(db: Db, f: EventFilter): Promise<GroupEventRow[]> {
  const sql = f.person !== null ? BY_PERSON : f.kind !== null ? BY_KIND : BY_GROUP;
  const params: unknown[] = [f.groupId, f.before, f.limit + 1];
  if (f.kind !== null || f.person !== null) params.push(f.kind);
  if (f.person !== null) params.push(f.person);
  const { rows } = await db.query<GroupEventRow>(sql, params);
  return rows;
}

/** Every event of a group, oldest first (tests replay them). */
export async function allGroupEvents(db: Db, groupId: string): Promise<GroupEventRow[]> {
  const { rows } = await db.query<GroupEventRow>(
    `SELECT ${COLUMNS} FROM group_events ev WHERE ev.group_id = $1 ORDER BY ev.id`,
    [groupId],
  );
  return rows;
}
