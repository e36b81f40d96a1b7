import { byCodeUnit, type Payments } from '@kitty/domain';
import type { Db } from '../db';
import type { Statement } from '../db/combine';

/** How many live expenses one person paid or shares in, in one scope (table member_expense_counts). */
export interface CountRow {
  scope_id: string;
  user_id: string;
  expense_count: number;
}

/** The people an expense counts for: its payers and its participants, each once, by id. */
export function countedPeople(e: { payers: Payments; splits: readonly { user_id: string }[] }): string[] {
  return [...new Set([...Object.keys(e.payers), ...e.splits.map((s) => s.user_id)])].sort(byCodeUnit);
}

/** Of `people`, those not in `others` (an edit's leavers, or its newcomers), in the same order. */
export function without(people: readonly string[], others: readonly string[]): string[] {
  const gone = new Set(others);
  return people.filter((p) => !gone.has(p));
}

/** The upsert that counts one more expense for each of `people` (sorted) in a scope; null for nobody. */
export function addCountsStatement(scope: string, people: readonly string[]): Statement | null {
  if (people.length === 0) return null;
  return {
    sql: `INSERT INTO member_expense_counts AS c (scope_id, user_id, expense_count)
         SELECT $1::uuid, u, 1 FROM unnest($2::uuid[]) AS u
         ON CONFLICT (scope_id, user_id) DO UPDATE SET expense_count = c.expense_count + 1`,
    params: [scope, people],
  };
}

/**
 * Counts one expense fewer for each of `people` in a scope, inside the expense's transaction and under the
 * scope's ledger lock. An UPDATE, not an upsert: the proposed row of an INSERT would fail the CHECK first.
 */
export async function takeBackCounts(tx: Db, scope: string, people: readonly string[]): Promise<void> {
  if (people.length === 0) return;
  const { rowCount } = await tx.query(
    `UPDATE member_expense_counts SET expense_count = expense_count - 1
      WHERE scope_id = $1 AND user_id = ANY($2::uuid[])`,
    [scope, people],
  );
  if (rowCount !== people.length) throw new Error('Ledger: taking back a count that was never made');
}

/** How many expenses the list of a person's expenses holds: their rows summed, one per scope. */
export async function userExpenseCount(db: Db, userId: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    'SELECT COALESCE(sum(expense_count), 0)::int AS n FROM member_expense_counts WHERE user_id = $1',
    [userId],
  );
  return rows[0]?.n ?? 0;
}

/** A scope's counts of people with at least one expense, by person. */
export async function scopeCounts(db: Db, scopeId: string): Promise<CountRow[]> {
  const { rows } = await db.query<CountRow>(
    `SELECT scope_id, user_id, expense_count::int AS expense_count FROM member_expense_counts
      WHERE scope_id = $1 AND expense_count > 0`,
    [scopeId],
  );
  return rows.sort((a, b) => byCodeUnit(a.user_id, b.user_id));
}
