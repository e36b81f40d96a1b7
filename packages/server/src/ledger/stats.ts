import { groupStats } from '@kitty/domain';
import type { Db } from '../db';
import type { Statement } from '../db/combine';
import type { Direction } from './ledger';

/** Live expenses of one scope in one currency (table scope_expense_stats). */
export interface StatsRow {
  scope_id: string;
  currency: string;
  expense_count: number;
  total_minor: number;
}

/** One expense's contribution to its scope's statistics, with the domain's rule (groupStats). */
export function statsOf(
  scopeId: string,
  expenses: readonly { currency: string; amount: number }[],
): StatsRow[] {
  return groupStats(expenses).map((s) => ({
    scope_id: scopeId,
    currency: s.currency,
    expense_count: s.expense_count,
    total_minor: s.total_flow,
  }));
}

/** Adds (or, with -1, takes back) an expense's statistics, inside the expense's transaction. */
export async function postStats(tx: Db, stats: readonly StatsRow[], direction: Direction): Promise<void> {
  for (const s of stats) {
    const params = [s.scope_id, s.currency, s.expense_count, s.total_minor];
    if (direction === 1) {
      const statement = addStatsStatement(s);
      await tx.query(statement.sql, statement.params);
      continue;
    }
    // An UPDATE, not an upsert: the proposed row of an INSERT would fail the CHECKs before any conflict.
    const { rowCount } = await tx.query(
      `UPDATE scope_expense_stats SET expense_count = expense_count - $3, total_minor = total_minor - $4
        WHERE scope_id = $1 AND currency = $2`,
      params,
    );
    if (rowCount !== 1) throw new Error('Ledger: taking back statistics that were never posted');
  }
}

/** The upsert that adds one row of statistics, as a statement of its own. */
export function addStatsStatement(s: StatsRow): Statement {
  return {
    sql: `INSERT INTO scope_expense_stats AS s (scope_id, currency, expense_count, total_minor)
         VALUES ($1, $2, $3, $4)
         ON CONFLICT (scope_id, currency) DO UPDATE
           SET expense_count = s.expense_count + EXCLUDED.expense_count,
               total_minor = s.total_minor + EXCLUDED.total_minor`,
    params: [s.scope_id, s.currency, s.expense_count, s.total_minor],
  };
}

/** A scope's statistics per currency with at least one live expense, by currency code. */
export async function scopeStats(db: Db, scopeId: string): Promise<StatsRow[]> {
  const { rows } = await db.query<StatsRow>(
    `SELECT scope_id, currency, expense_count, total_minor FROM scope_expense_stats
      WHERE scope_id = $1 AND expense_count > 0 ORDER BY currency`,
    [scopeId],
  );
  return rows;
}
