import type { Payments } from '@kitty/domain';
import type { Db } from '../db';
import { isUuid } from '../db/ids';
import { PAYMENTS_COLUMN } from '../expenses/repo';
import { type BalanceRow, lockScope } from '../ledger/ledger';
import type { StatsRow } from '../ledger/stats';

/** A person as the financial answers name them (toUserSummary's input). */
export interface Person {
  id: string;
  email: string;
  display_name: string;
  first_name: string;
  last_name: string;
}

export interface GroupRow {
  id: string;
  name: string;
  currency: string;
}

/** The people with these ids (unknown and malformed ids are left out). */
export async function peopleByIds(db: Db, ids: Iterable<string>): Promise<Map<string, Person>> {
  const wanted = [...new Set(ids)].filter(isUuid);
  if (wanted.length === 0) return new Map();
  const { rows } = await db.query<Person>(
    'SELECT id, email, display_name, first_name, last_name FROM users WHERE id = ANY($1::uuid[])',
    [wanted],
  );
  return new Map(rows.map((p) => [p.id, p]));
}

/** The group, when `userId` is one of its members; null otherwise (also for a malformed id). */
export async function groupOfMember(db: Db, groupId: string, userId: string): Promise<GroupRow | null> {
  if (!isUuid(groupId)) return null;
  const { rows } = await db.query<GroupRow>(
    `SELECT g.id, g.name, g.currency FROM groups g
       JOIN group_members m ON m.group_id = g.id AND m.user_id = $2
      WHERE g.id = $1`,
    [groupId, userId],
  );
  return rows[0] ?? null;
}

/** Every group the person belongs to, by name. */
export async function groupsOfMember(db: Db, userId: string): Promise<GroupRow[]> {
  const { rows } = await db.query<GroupRow>(
    `SELECT g.id, g.name, g.currency FROM group_members m JOIN groups g ON g.id = m.group_id
      WHERE m.user_id = $1 ORDER BY g.name, g.id`,
    [userId],
  );
  return rows;
}

/**
 * Whether two people share a group, or a live expense (each of them paid some of it or is in its split).
 * A declined expense connects nobody: naming someone in an expense they refused gives no right to record
 * payments with them.
 */
export async function shareGroupOrExpense(db: Db, a: string, b: string): Promise<boolean> {
  if (!isUuid(a) || !isUuid(b) || a === b) return false;
  const { rows } = await db.query<{ shared: boolean }>(
    `SELECT EXISTS (
              SELECT 1 FROM group_members m1 JOIN group_members m2 ON m2.group_id = m1.group_id
               WHERE m1.user_id = $1 AND m2.user_id = $2)
         OR EXISTS (
              SELECT 1 FROM (SELECT s.expense_id FROM expense_splits s WHERE s.user_id = $1
                             UNION ALL
                             SELECT p.expense_id FROM expense_payers p WHERE p.user_id = $1) mine
                JOIN expenses e ON e.id = mine.expense_id AND e.deleted_at IS NULL AND e.declined_at IS NULL
               WHERE EXISTS (SELECT 1 FROM expense_splits s WHERE s.expense_id = e.id AND s.user_id = $2)
                  OR EXISTS (SELECT 1 FROM expense_payers p WHERE p.expense_id = e.id AND p.user_id = $2))
         AS shared`,
    [a, b],
  );
  return rows[0]?.shared === true;
}

export interface ExpenseToSettle {
  id: string;
  group_id: string | null;
  description: string;
  paid_by: string;
  /** Who paid what (minor units). */
  payers: Payments;
  currency: string;
  amount_minor: number;
  is_settled: boolean;
  declined_at: Date | null;
  splits: { user_id: string; amount_minor: number }[];
}

/** A live expense with its splits, locked until the transaction ends; null when unknown or deleted. */
export async function lockExpense(tx: Db, id: string): Promise<ExpenseToSettle | null> {
  if (!isUuid(id)) return null;
  const { rows } = await tx.query<Omit<ExpenseToSettle, 'splits'>>(
    `SELECT e.id, e.group_id, e.description, e.paid_by, e.currency, e.amount_minor, e.is_settled, e.declined_at,
            ${PAYMENTS_COLUMN}
       FROM expenses e WHERE e.id = $1 AND e.deleted_at IS NULL FOR UPDATE OF e`,
    [id],
  );
  const expense = rows[0];
  if (!expense) return null;
  const { rows: splits } = await tx.query<{ user_id: string; amount_minor: number }>(
    'SELECT user_id, amount_minor FROM expense_splits WHERE expense_id = $1 ORDER BY user_id',
    [id],
  );
  return { ...expense, splits };
}

export async function markExpenseSettled(tx: Db, id: string): Promise<void> {
  await tx.query(
    'UPDATE expenses SET is_settled = true, version = version + 1, updated_at = now() WHERE id = $1',
    [id],
  );
}

/**
 * The nets of one scope and currency (of `only` these people, when given), locked in the ledger's own
 * order (member id) so that two settlements of the same debt cannot both read it before either is recorded.
 */
export async function lockNets(
  tx: Db,
  scopeId: string,
  currency: string,
  only: readonly string[] | null = null,
): Promise<Record<string, number>> {
  // The ledger's scope lock first, as every ledger write takes it before any ledger row.
  await lockScope(tx, scopeId);
  const { rows } = await tx.query<{ user_id: string; net_minor: number }>(
    `SELECT user_id, net_minor FROM member_balances
      WHERE scope_id = $1 AND currency = $2 AND ($3::uuid[] IS NULL OR user_id = ANY($3::uuid[]))
      ORDER BY user_id FOR UPDATE`,
    [scopeId, currency, only],
  );
  return Object.fromEntries(rows.map((r) => [r.user_id, r.net_minor]));
}

/** What `a` owes `b` outside groups (negative: b owes a), read after lockNets. */
export async function personalDebt(tx: Db, scopeId: string, a: string, b: string, currency: string) {
  const [low, high, sign] = a < b ? [a, b, 1] : [b, a, -1];
  const { rows } = await tx.query<{ a_owes_b_minor: number }>(
    `SELECT a_owes_b_minor FROM pair_balances
      WHERE scope_id = $1 AND currency = $2 AND user_a = $3 AND user_b = $4`,
    [scopeId, currency, low, high],
  );
  return sign * (rows[0]?.a_owes_b_minor ?? 0);
}

/** One person's net in a scope and currency (0 without any activity). */
export async function netOf(db: Db, scopeId: string, userId: string, currency: string): Promise<number> {
  const { rows } = await db.query<{ net_minor: number }>(
    'SELECT net_minor FROM member_balances WHERE scope_id = $1 AND user_id = $2 AND currency = $3',
    [scopeId, userId, currency],
  );
  return rows[0]?.net_minor ?? 0;
}

/** What the group balances answer is built from: the group, its people, its ledger rows and statistics. */
export interface BalancesView {
  group: GroupRow;
  /** The members in joining order, then everyone else with a ledger row in the group (former members). */
  members: Person[];
  others: Person[];
  balances: BalanceRow[];
  stats: Omit<StatsRow, 'scope_id'>[];
}

/** A ledger row (member_balances `b`) as JSON with BalanceRow's fields. */
const BALANCE_JSON = `json_build_object('scope_id', b.scope_id, 'user_id', b.user_id, 'currency', b.currency,
  'paid_minor', b.paid_minor, 'owed_minor', b.owed_minor, 'net_minor', b.net_minor)`;

/** A person (users row `u`) as JSON with Person's fields. */
export const PERSON_JSON = `json_build_object('id', u.id, 'email', u.email, 'display_name', u.display_name,
  'first_name', u.first_name, 'last_name', u.last_name)`;

/**
 * The group balances of `userId`'s group in one statement (null when they are not a member, or the id is
 * malformed): lists as JSON columns, one primary-key probe per person.
 */
export async function balancesView(db: Db, groupId: string, userId: string): Promise<BalancesView | null> {
  if (!isUuid(groupId)) return null;
  const { rows } = await db.query<GroupRow & Omit<BalancesView, 'group'>>(
    `SELECT g.id, g.name, g.currency,
       (SELECT COALESCE(json_agg(${PERSON_JSON} ORDER BY m.joined_at, u.id), '[]')
          FROM group_members m
         CROSS JOIN LATERAL (SELECT * FROM users x WHERE x.id = m.user_id LIMIT 1) u
         WHERE m.group_id = g.id) AS members,
       (SELECT COALESCE(json_agg(${PERSON_JSON}), '[]')
          FROM (SELECT DISTINCT b.user_id FROM member_balances b
                 WHERE b.scope_id = g.id
                   AND NOT EXISTS (SELECT 1 FROM group_members m WHERE m.group_id = g.id AND m.user_id = b.user_id)) o
         CROSS JOIN LATERAL (SELECT * FROM users x WHERE x.id = o.user_id LIMIT 1) u) AS others,
       (SELECT COALESCE(json_agg(${BALANCE_JSON} ORDER BY b.currency, b.user_id), '[]')
          FROM member_balances b WHERE b.scope_id = g.id) AS balances,
       (SELECT COALESCE(json_agg(json_build_object('currency', s.currency, 'expense_count', s.expense_count,
                 'total_minor', s.total_minor) ORDER BY s.currency), '[]')
          FROM scope_expense_stats s WHERE s.scope_id = g.id AND s.expense_count > 0) AS stats
       FROM groups g
      WHERE g.id = $1 AND EXISTS (SELECT 1 FROM group_members m WHERE m.group_id = g.id AND m.user_id = $2)`,
    [groupId, userId],
  );
  const row = rows[0];
  if (!row) return null;
  const { members, others, balances, stats, ...group } = row;
  return { group, members, others, balances, stats };
}

/**
 * The balance summary's reads in one statement: the caller's ledger rows in every scope (by scope, then
 * currency) and their groups (by name).
 */
export async function summaryView(
  db: Db,
  userId: string,
): Promise<{ balances: BalanceRow[]; groups: GroupRow[] }> {
  const { rows } = await db.query<{ balances: BalanceRow[]; groups: GroupRow[] }>(
    `SELECT (SELECT COALESCE(json_agg(${BALANCE_JSON} ORDER BY b.scope_id, b.currency), '[]')
               FROM member_balances b WHERE b.user_id = $1) AS balances,
            (SELECT COALESCE(json_agg(json_build_object('id', g.id, 'name', g.name, 'currency', g.currency)
                      ORDER BY g.name, g.id), '[]')
               FROM group_members m JOIN groups g ON g.id = m.group_id WHERE m.user_id = $1) AS groups`,
    [userId],
  );
  return rows[0] ?? { balances: [], groups: [] };
}
