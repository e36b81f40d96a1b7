import type { Payment, Payments, SplitDetails, SplitType } from '@kitty/domain';
import type { Db } from '../db';
import { isUuid } from '../db/ids';

/** An expense row with its payer and group names and its splits, as the presenter needs it. */
export interface ExpenseRow {
  id: string;
  group_id: string | null;
  group_name: string | null;
  description: string;
  amount_minor: number;
  currency: string;
  category: string;
  date: Date;
  notes: string;
  paid_by: string;
  payer_display_name: string;
  payer_first_name: string;
  payer_last_name: string;
  payer_email: string;
  split_type: SplitType;
  /** Domain units: amounts and adjustments in minor units. */
  split_details: SplitDetails;
  is_settled: boolean;
  version: number;
  created_at: Date;
  updated_at: Date;
  created_by: string;
  creator_display_name: string;
  creator_first_name: string;
  creator_last_name: string;
  creator_email: string;
  declined_at: Date | null;
  declined_by: string | null;
  decliner_display_name: string | null;
  decliner_first_name: string | null;
  decliner_last_name: string | null;
  decliner_email: string | null;
  leftover_start: number;
  /** How many comments it has (COMMENTS_COLUMN). */
  comment_count: number;
  /** The recurring expense it is an occurrence of, or null. */
  recurring_expense_id: string | null;
  /** Its splits in participant order, read in the same statement (SPLITS_COLUMN). */
  splits: SplitRow[];
  /** Who paid what, read in the same statement (PAYERS_COLUMN), in no particular order. */
  payers: PayerRow[];
}

export interface PayerRow {
  user_id: string;
  amount_minor: number;
  display_name: string;
  first_name: string;
  last_name: string;
  email: string;
}

export interface SplitRow {
  user_id: string;
  amount_minor: number;
  percentage: number | null;
  shares: number | null;
  adjustment_minor: number | null;
  display_name: string;
  first_name: string;
  last_name: string;
  email: string;
}

/** What is written for an expense: every figure already computed by the domain. */
export interface ExpenseWrite {
  group_id: string | null;
  description: string;
  amount_minor: number;
  currency: string;
  category: string;
  date: Date;
  notes: string;
  /** The principal payer (the domain's principalPayer of `payers`). */
  paid_by: string;
  /** Who paid what in minor units, most first; one row for a single payer. Sums to amount_minor. */
  payers: readonly Payment[];
  split_type: SplitType;
  split_details: SplitDetails;
  splits: SplitWrite[];
  /** Where the split's leftover units start (the domain's `rotation`); kept for every later edit. */
  leftover_start: number;
}

export interface SplitWrite {
  user_id: string;
  amount_minor: number;
  percentage: number | null;
  shares: number | null;
  adjustment_minor: number | null;
}

/** The columns a write needs to check and take back: locked with FOR UPDATE. */
export interface LockedExpense {
  id: string;
  group_id: string | null;
  paid_by: string;
  currency: string;
  amount_minor: number;
  version: number;
  date: Date;
  notes: string;
  created_by: string;
  declined_at: Date | null;
  leftover_start: number;
  /** Who paid what (minor units), read with the lock. */
  payers: Payments;
}

// An expense's splits with their people as one JSON column of its row: one statement per page instead of
// two, and one JSON text for the driver to read instead of ten fields per split. Amounts are minor units,
// far below 2^53 (the contract bounds an amount), so a JSON number holds them exactly. Each person is a
// LIMIT 1 probe of the users index: for a few splits per expense PostgreSQL's plan would otherwise hash
// the whole users table once per expense.
const SPLITS_COLUMN = `(SELECT COALESCE(json_agg(json_build_object('user_id', s.user_id, 'amount_minor', s.amount_minor,
    'percentage', s.percentage, 'shares', s.shares, 'adjustment_minor', s.adjustment_minor,
    'display_name', u.display_name, 'first_name', u.first_name, 'last_name', u.last_name, 'email', u.email)
    ORDER BY s.position, s.user_id), '[]')
   FROM expense_splits s
  CROSS JOIN LATERAL (SELECT u.display_name, u.first_name, u.last_name, u.email FROM users u
                       WHERE u.id = s.user_id LIMIT 1) u
  WHERE s.expense_id = e.id) AS splits`;

// Its payers the same way (a primary-key range of expense_payers, each person a probe of users).
const PAYERS_COLUMN = `(SELECT COALESCE(json_agg(json_build_object('user_id', p.user_id, 'amount_minor', p.amount_minor,
    'display_name', u.display_name, 'first_name', u.first_name, 'last_name', u.last_name, 'email', u.email)), '[]')
   FROM expense_payers p
  CROSS JOIN LATERAL (SELECT u.display_name, u.first_name, u.last_name, u.email FROM users u
                       WHERE u.id = p.user_id LIMIT 1) u
  WHERE p.expense_id = e.id) AS payers`;

/** An expense's payments as one jsonb object (user id -> minor units), for the rows a write locks. */
export const PAYMENTS_COLUMN = `(SELECT jsonb_object_agg(p.user_id, p.amount_minor) FROM expense_payers p
  WHERE p.expense_id = e.id) AS payers`;

// How many comments an expense has: a count over its entries of expense_comments_expense_idx.
const COMMENTS_COLUMN = `(SELECT count(*) FROM expense_comments k WHERE k.expense_id = e.id)::int AS comment_count`;

const EXPENSE_COLUMNS = `e.id, e.group_id, g.name AS group_name, e.description, e.amount_minor, e.currency,
  e.category, e.date, e.notes, e.paid_by, p.display_name AS payer_display_name,
  p.first_name AS payer_first_name, p.last_name AS payer_last_name, p.email AS payer_email, e.split_type,
  e.split_details, e.is_settled, e.version, e.created_at, e.updated_at, e.created_by,
  c.display_name AS creator_display_name, c.first_name AS creator_first_name,
  c.last_name AS creator_last_name, c.email AS creator_email, e.declined_at, e.declined_by,
  d.display_name AS decliner_display_name, d.first_name AS decliner_first_name,
  d.last_name AS decliner_last_name, d.email AS decliner_email, e.leftover_start::float8 AS leftover_start,
  e.recurring_expense_id, ${COMMENTS_COLUMN}, ${SPLITS_COLUMN}, ${PAYERS_COLUMN}`;

/** An expense row of a page, with the key the next page starts after. */
export interface PageExpenseRow extends ExpenseRow {
  micros: string;
}

// Each a LIMIT 1 probe of a primary key: so is the plan PostgreSQL keeps for the prepared statement,
// whose row estimates (10 for an array of ids) would otherwise make it hash whole tables.
const PAYER_AND_GROUP = `
  JOIN LATERAL (SELECT * FROM users u WHERE u.id = e.paid_by LIMIT 1) p ON true
  LEFT JOIN LATERAL (SELECT * FROM groups x WHERE x.id = e.group_id LIMIT 1) g ON true
  JOIN LATERAL (SELECT * FROM users u WHERE u.id = e.created_by LIMIT 1) c ON true
  LEFT JOIN LATERAL (SELECT * FROM users u WHERE u.id = e.declined_by LIMIT 1) d ON true`;

/** Live expenses by id (any order; deleted ones are left out). */
export async function findExpenses(db: Db, ids: readonly string[]): Promise<ExpenseRow[]> {
  if (ids.length === 0) return [];
  const { rows } = await db.query<ExpenseRow>(
    `SELECT ${EXPENSE_COLUMNS}
       FROM expenses e ${PAYER_AND_GROUP}
      WHERE e.id = ANY($1::uuid[]) AND e.deleted_at IS NULL`,
    [ids],
  );
  return rows;
}

/**
 * A page of expenses, newest first (date, then id), in one statement: `keys` is a query of `(id, micros)` rows
 * that picks the page (its own index, its own LIMIT); each expense comes with its key.
 */
export async function findExpensePage(
  db: Db,
  keys: string,
  params: readonly unknown[],
): Promise<PageExpenseRow[]> {
  const { rows } = await db.query<PageExpenseRow>(
    `WITH picked AS (${keys})
     SELECT ${EXPENSE_COLUMNS}, picked.micros
       FROM picked JOIN expenses e ON e.id = picked.id ${PAYER_AND_GROUP}
      ORDER BY e.date DESC, e.id DESC`,
    params,
  );
  return rows;
}

/** The split amounts of one expense: what the ledger takes back. */
export async function splitAmounts(db: Db, expenseId: string) {
  const { rows } = await db.query<{ user_id: string; amount_minor: number }>(
    'SELECT user_id, amount_minor FROM expense_splits WHERE expense_id = $1 ORDER BY user_id',
    [expenseId],
  );
  return rows;
}

/**
 * Whether `userId` may see the live expense: one of its payers, a participant, or a member of its group.
 * A malformed id is simply not visible.
 */
export async function isVisible(db: Db, expenseId: string, userId: string): Promise<boolean> {
  if (!isUuid(expenseId)) return false;
  const { rows } = await db.query(
    `SELECT 1 FROM expenses e
      WHERE e.id = $1 AND e.deleted_at IS NULL
        AND (EXISTS (SELECT 1 FROM expense_payers p WHERE p.expense_id = e.id AND p.user_id = $2)
          OR EXISTS (SELECT 1 FROM expense_splits s WHERE s.expense_id = e.id AND s.user_id = $2)
          OR EXISTS (SELECT 1 FROM group_members m WHERE m.group_id = e.group_id AND m.user_id = $2))`,
    [expenseId, userId],
  );
  return rows.length > 0;
}

/** A live expense's category (null for unknown, deleted or malformed ids). */
export async function currentCategory(db: Db, id: string): Promise<string | null> {
  if (!isUuid(id)) return null;
  const { rows } = await db.query<{ category: string }>(
    'SELECT category FROM expenses WHERE id = $1 AND deleted_at IS NULL',
    [id],
  );
  return rows[0]?.category ?? null;
}

/** Locks a live expense until the transaction ends; null when it does not exist or was deleted. */
export async function lockExpense(tx: Db, id: string): Promise<LockedExpense | null> {
  if (!isUuid(id)) return null;
  const { rows } = await tx.query<LockedExpense>(
    `SELECT e.id, e.group_id, e.paid_by, e.currency, e.amount_minor, e.version, e.date, e.notes, e.created_by,
            e.declined_at, e.leftover_start::float8 AS leftover_start, ${PAYMENTS_COLUMN}
       FROM expenses e WHERE e.id = $1 AND e.deleted_at IS NULL FOR UPDATE OF e`,
    [id],
  );
  return rows[0] ?? null;
}

/** An occurrence's place: its recurring expense and the day it is for (unique together, migration 0017). */
export interface OccurrenceKey {
  recurring_expense_id: string;
  occurrence_date: string;
}

// What an insert that may repeat gives way to: an occurrence's (recurring expense, day), an imported
// row's (group, import key); with both, either (the id is fresh, so no other key can conflict).
const OCCURRENCE_CONFLICT =
  'ON CONFLICT (recurring_expense_id, occurrence_date) WHERE recurring_expense_id IS NOT NULL DO NOTHING';
const IMPORT_CONFLICT = 'ON CONFLICT (group_id, import_key) WHERE import_key IS NOT NULL DO NOTHING';

/**
 * Inserts an expense with its payers and splits. For an occurrence, an insert whose (recurring expense,
 * day) already exists writes nothing and answers false: whoever created that day first wins. The same for
 * an imported row whose key its group already holds (migration 0019).
 */
export async function insertExpense(
  tx: Db,
  id: string,
  createdBy: string,
  e: ExpenseWrite,
  occurrence?: OccurrenceKey,
  importKey?: string,
): Promise<boolean> {
  const conflict =
    importKey === undefined
      ? OCCURRENCE_CONFLICT
      : occurrence === undefined
        ? IMPORT_CONFLICT
        : 'ON CONFLICT DO NOTHING';
  const { rows } = await tx.query(
    `INSERT INTO expenses (id, group_id, description, amount_minor, currency, category, date, notes, paid_by,
                           split_type, split_details, created_by, leftover_start, recurring_expense_id,
                           occurrence_date, import_key)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::jsonb, $12, $13, $14, $15, $16)
     ${conflict}
     RETURNING id`,
    [
      id,
      e.group_id,
      e.description,
      e.amount_minor,
      e.currency,
      e.category,
      e.date,
      e.notes,
      e.paid_by,
      e.split_type,
      JSON.stringify(e.split_details),
      createdBy,
      e.leftover_start,
      occurrence?.recurring_expense_id ?? null,
      occurrence?.occurrence_date ?? null,
      importKey ?? null,
    ],
  );
  if (rows.length === 0) return false;
  await insertPeople(tx, id, e);
  return true;
}

/**
 * Reserves `units` leftover units of a group's count and answers where they start (the count before).
 * The counter row is locked until the transaction ends, so concurrent creates in a group take
 * consecutive ranges: the rotation stays exactly fair under concurrency. Call it after the member rows
 * are locked (checkPeople), the order group changes use.
 */
export async function reserveLeftovers(tx: Db, groupId: string, units: number): Promise<number> {
  const { rows } = await tx.query<{ start: number }>(
    `INSERT INTO group_leftovers AS l (group_id, handed_out) VALUES ($1, $2)
     ON CONFLICT (group_id) DO UPDATE SET handed_out = l.handed_out + EXCLUDED.handed_out
     RETURNING (l.handed_out - $2)::float8 AS start`,
    [groupId, units],
  );
  return Number(rows[0]?.start ?? 0);
}

/** Replaces every field and split of an expense and moves its version on by one. */
export async function updateExpense(tx: Db, id: string, e: ExpenseWrite): Promise<void> {
  await tx.query(
    `WITH payers AS (DELETE FROM expense_payers WHERE expense_id = $1)
     DELETE FROM expense_splits WHERE expense_id = $1`,
    [id],
  );
  await tx.query(
    `UPDATE expenses
        SET description = $2, amount_minor = $3, currency = $4, category = $5, date = $6, notes = $7,
            paid_by = $8, split_type = $9, split_details = $10::jsonb, version = version + 1, updated_at = now()
      WHERE id = $1`,
    [
      id,
      e.description,
      e.amount_minor,
      e.currency,
      e.category,
      e.date,
      e.notes,
      e.paid_by,
      e.split_type,
      JSON.stringify(e.split_details),
    ],
  );
  await insertPeople(tx, id, e);
}

/** An expense's payer rows and split rows, in one statement (their date copied by triggers). */
async function insertPeople(
  tx: Db,
  expenseId: string,
  e: Pick<ExpenseWrite, 'payers' | 'splits'>,
): Promise<void> {
  const params: unknown[] = [expenseId];
  const payers = e.payers.map((p) => {
    params.push(p.user_id, p.amount);
    const n = params.length;
    return `($1, $${n - 1}::uuid, $${n}::bigint)`;
  });
  const splits = e.splits.map((s, position) => {
    params.push(s.user_id, s.amount_minor, s.percentage, s.shares, s.adjustment_minor, position);
    const n = params.length;
    return `($1, $${n - 5}, $${n - 4}, $${n - 3}, $${n - 2}, $${n - 1}, $${n})`;
  });
  await tx.query(
    `WITH payers AS (INSERT INTO expense_payers (expense_id, user_id, amount_minor) VALUES ${payers.join(', ')})
     INSERT INTO expense_splits (expense_id, user_id, amount_minor, percentage, shares, adjustment_minor, position)
     VALUES ${splits.join(', ')}`,
    params,
  );
}

/** Marks an expense declined by `userId` and moves its version on (its postings are taken back by the caller). */
export async function markDeclined(tx: Db, id: string, userId: string): Promise<void> {
  await tx.query(
    `UPDATE expenses SET declined_at = now(), declined_by = $2, updated_at = now(), version = version + 1
      WHERE id = $1`,
    [id, userId],
  );
}

export async function softDeleteExpense(tx: Db, id: string): Promise<void> {
  await tx.query(
    'UPDATE expenses SET deleted_at = now(), updated_at = now(), version = version + 1 WHERE id = $1',
    [id],
  );
}

/** Of `ids`, those that are not users (empty when all exist). */
export async function unknownUsers(db: Db, ids: readonly string[]): Promise<string[]> {
  const valid = ids.filter(isUuid);
  const { rows } = valid.length
    ? await db.query<{ id: string }>('SELECT id FROM users WHERE id = ANY($1::uuid[])', [valid])
    : { rows: [] };
  const known = new Set(rows.map((r) => r.id));
  return ids.filter((id) => !known.has(id));
}
