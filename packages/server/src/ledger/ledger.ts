import { byCodeUnit, computeBalances, type Payments } from '@kitty/domain';
import type { Db } from '../db';
import { combined, type Statement } from '../db/combine';
import { addCountsStatement, takeBackCounts } from './counts';
import { pairsOf, pairsStatement, postPairs } from './pairs';
import { addStatsStatement, postStats, statsOf } from './stats';

/** The scope of expenses and settlements outside any group. */
export const PERSONAL_SCOPE = '00000000-0000-0000-0000-000000000000';

export function scopeOf(groupId: string | null): string {
  return groupId ?? PERSONAL_SCOPE;
}

export interface LedgerExpense {
  group_id: string | null;
  paid_by: string;
  /** Who paid what in minor units (sums to amount_minor); one entry for a single payer. */
  payers: Payments;
  currency: string;
  amount_minor: number;
  splits: readonly { user_id: string; amount_minor: number }[];
}

export interface LedgerSettlement {
  group_id: string | null;
  from_user_id: string;
  to_user_id: string;
  currency: string;
  amount_minor: number;
}

export interface BalanceRow {
  scope_id: string;
  user_id: string;
  currency: string;
  paid_minor: number;
  owed_minor: number;
  net_minor: number;
}

/** +1 records the item, -1 takes it back (delete, decline, or the old side of an edit). */
export type Direction = 1 | -1;

/**
 * One writer at a time per scope, until its transaction ends. Sorting the rows of each statement is not
 * enough: an edit takes back its old participants' rows and then posts its new ones, and every posting ends
 * on the scope's one statistics row, so two writers of one scope could each hold a row the other needs next
 * (PostgreSQL then rolls one back as a deadlock victim: 50 to 150 of 2,000 concurrent writes did). Taken
 * before any ledger row, and no ledger writer waits for anything else while holding it (each transaction
 * posts to one scope), so it cannot take part in a deadlock itself.
 */
export async function lockScope(tx: Db, scope: string): Promise<void> {
  await tx.query("SELECT pg_advisory_xact_lock(hashtextextended('kitty:ledger:' || $1, 0))", [scope]);
}

/**
 * Adds an expense's effect on balances, pairwise debts and expense statistics (or takes it back). The
 * amounts come from the domain's rules; this only stores them. Call it inside the transaction that writes
 * the expense. Tables are always touched in the same order (member_balances, pair_balances, stats, counts).
 * `counted` (sorted by id, see countedPeople) are the people whose count of expenses moves by `direction`:
 * everyone on a create or a delete, an edit's newcomers or leavers, nobody on a decline (a declined
 * expense stays in its people's lists).
 */
export async function postExpense(
  tx: Db,
  e: LedgerExpense,
  direction: Direction,
  counted: readonly string[] = [],
): Promise<void> {
  const shares = Object.fromEntries(e.splits.map((s) => [s.user_id, s.amount_minor]));
  const expense = {
    id: 'posting',
    paid_by: e.paid_by,
    payers: e.payers,
    currency: e.currency,
    amount: e.amount_minor,
    shares,
  };
  const scope = scopeOf(e.group_id);
  await lockScope(tx, scope);
  if (direction === 1) {
    // The upserts in one round trip: the scope's lock makes this the only writer of these rows.
    const statements = [
      balancesStatement(scope, computeBalances([expense])),
      pairsStatement(pairsOf(scope, [expense], []), 1),
      ...statsOf(scope, [expense]).map(addStatsStatement),
      addCountsStatement(scope, counted),
    ].filter((statement): statement is Statement => statement !== null);
    const { sql, params } = combined(statements);
    await tx.query(sql, params);
    return;
  }
  await post(tx, scope, computeBalances([expense]), direction);
  await postPairs(tx, pairsOf(scope, [expense], []), direction);
  await postStats(tx, statsOf(scope, [expense]), direction);
  await takeBackCounts(tx, scope, counted);
}

/** Adds a settlement's effect on balances and pairwise debts (or takes it back), inside its transaction. */
export async function postSettlement(tx: Db, s: LedgerSettlement, direction: Direction): Promise<void> {
  const settlement = { from: s.from_user_id, to: s.to_user_id, currency: s.currency, amount: s.amount_minor };
  const scope = scopeOf(s.group_id);
  await lockScope(tx, scope);
  await post(tx, scope, computeBalances([], [settlement]), direction);
  await postPairs(tx, pairsOf(scope, [], [settlement]), direction);
}

async function post(
  tx: Db,
  scope: string,
  balances: ReturnType<typeof computeBalances>,
  direction: Direction,
): Promise<void> {
  const { params, values } = balanceValues(scope, balances);
  if (values.length === 0) return;
  if (direction === 1) {
    const statement = balancesStatement(scope, balances);
    if (statement) await tx.query(statement.sql, statement.params);
    return;
  }
  // Taking back: an INSERT would check its proposed (negative) row against the columns' CHECKs before
  // finding the conflict, so the rows, which must exist, are locked in order and then updated.
  const v = `(VALUES ${values.join(', ')}) AS v (user_id, currency, paid, owed)`;
  const same = 'm.scope_id = $1::uuid AND m.user_id = v.user_id AND m.currency = v.currency';
  await tx.query(
    `SELECT 1 FROM member_balances m JOIN ${v} ON ${same} ORDER BY m.currency, m.user_id FOR UPDATE OF m`,
    params,
  );
  const { rowCount } = await tx.query(
    `UPDATE member_balances AS m SET paid_minor = m.paid_minor - v.paid, owed_minor = m.owed_minor - v.owed
       FROM ${v} WHERE ${same}`,
    params,
  );
  if (rowCount !== values.length) throw new Error('Ledger: taking back a posting that was never made');
}

/** The upsert that adds balances to a scope's rows (null: nothing to add). */
function balancesStatement(scope: string, balances: ReturnType<typeof computeBalances>): Statement | null {
  const { params, values } = balanceValues(scope, balances);
  if (values.length === 0) return null;
  return {
    sql: `INSERT INTO member_balances AS m (scope_id, user_id, currency, paid_minor, owed_minor)
       SELECT $1::uuid, v.user_id, v.currency, v.paid, v.owed FROM (VALUES ${values.join(', ')})
           AS v (user_id, currency, paid, owed)
       ON CONFLICT (scope_id, user_id, currency) DO UPDATE
         SET paid_minor = m.paid_minor + EXCLUDED.paid_minor, owed_minor = m.owed_minor + EXCLUDED.owed_minor`,
    params,
  };
}

/** The rows of a posting as VALUES, after the scope ($1). */
function balanceValues(
  scope: string,
  balances: ReturnType<typeof computeBalances>,
): { params: unknown[]; values: string[] } {
  const params: unknown[] = [scope];
  const values: string[] = [];
  for (const [currency, members] of Object.entries(balances)) {
    // Rows are touched in a fixed order (currency, then member id) so concurrent writers never deadlock.
    for (const [userId, b] of Object.entries(members).sort(([a], [b]) => byCodeUnit(a, b))) {
      params.push(userId, currency, b.paid, b.owed);
      const n = params.length;
      values.push(`($${n - 3}::uuid, $${n - 2}::text, $${n - 1}::bigint, $${n}::bigint)`);
    }
  }
  return { params, values };
}

const COLUMNS = 'scope_id, user_id, currency, paid_minor, owed_minor, net_minor';

/** Every member's balances in one scope (a group id, or PERSONAL_SCOPE). */
export async function scopeBalances(db: Db, scopeId: string): Promise<BalanceRow[]> {
  const { rows } = await db.query<BalanceRow>(
    `SELECT ${COLUMNS} FROM member_balances WHERE scope_id = $1 ORDER BY currency, user_id`,
    [scopeId],
  );
  return rows;
}

/** One person's balances in every scope they have one in. */
export async function userBalances(db: Db, userId: string): Promise<BalanceRow[]> {
  const { rows } = await db.query<BalanceRow>(
    `SELECT ${COLUMNS} FROM member_balances WHERE user_id = $1 ORDER BY scope_id, currency`,
    [userId],
  );
  return rows;
}

/** Takes a declined expense, whose postings went when it was declined, out of its people's counts. */
export async function uncountExpense(
  tx: Db,
  groupId: string | null,
  people: readonly string[],
): Promise<void> {
  const scope = scopeOf(groupId);
  await lockScope(tx, scope);
  await takeBackCounts(tx, scope, people);
}
