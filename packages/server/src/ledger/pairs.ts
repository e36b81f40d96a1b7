import {
  type BalanceExpense,
  type BalanceSettlement,
  byCodeUnit,
  isSettledAmount,
  pairwiseDebts,
  type Transfer,
} from '@kitty/domain';
import type { Db } from '../db';
import type { Statement } from '../db/combine';
import type { Direction } from './ledger';

/**
 * What two people owe each other in one scope and currency, netted (table pair_balances). The pair is
 * stored in id order: `a_owes_b_minor` is what user_a owes user_b, negative when user_b owes user_a.
 */
export interface PairRow {
  scope_id: string;
  user_a: string;
  user_b: string;
  currency: string;
  a_owes_b_minor: number;
}

/** A debt from the domain (`from` owes `to`) as the signed amount of its ordered pair. */
export function toPair(scopeId: string, currency: string, debt: Transfer): PairRow {
  return debt.from < debt.to
    ? { scope_id: scopeId, user_a: debt.from, user_b: debt.to, currency, a_owes_b_minor: debt.amount }
    : { scope_id: scopeId, user_a: debt.to, user_b: debt.from, currency, a_owes_b_minor: -debt.amount };
}

/** A stored pair as the debt the domain speaks of (`from` owes `to` a positive amount); null when even. */
export function toDebt(pair: PairRow): Transfer | null {
  if (isSettledAmount(pair.a_owes_b_minor)) return null;
  return pair.a_owes_b_minor > 0
    ? { from: pair.user_a, to: pair.user_b, amount: pair.a_owes_b_minor }
    : { from: pair.user_b, to: pair.user_a, amount: -pair.a_owes_b_minor };
}

/** The pairs of a history, with the domain's rule (pairwiseDebts); sorted by currency, then pair. */
export function pairsOf(
  scopeId: string,
  expenses: readonly BalanceExpense[],
  settlements: readonly BalanceSettlement[],
): PairRow[] {
  const rows: PairRow[] = [];
  for (const [currency, debts] of Object.entries(pairwiseDebts(expenses, settlements))) {
    for (const debt of debts) rows.push(toPair(scopeId, currency, debt));
  }
  return rows.sort(
    (x, y) =>
      byCodeUnit(x.currency, y.currency) || byCodeUnit(x.user_a, y.user_a) || byCodeUnit(x.user_b, y.user_b),
  );
}

/** Adds (or, with -1, takes back) one expense's or settlement's pairwise debts, inside its transaction. */
export async function postPairs(tx: Db, pairs: readonly PairRow[], direction: Direction): Promise<void> {
  const statement = pairsStatement(pairs, direction);
  if (statement) await tx.query(statement.sql, statement.params);
}

/** The upsert of postPairs as a statement of its own (null: nothing to post). */
export function pairsStatement(pairs: readonly PairRow[], direction: Direction): Statement | null {
  if (pairs.length === 0) return null;
  const params: unknown[] = [];
  const values: string[] = [];
  // pairsOf sorts the rows, so concurrent writers lock them in the same order and never deadlock.
  for (const p of pairs) {
    params.push(p.scope_id, p.user_a, p.user_b, p.currency, direction * p.a_owes_b_minor);
    const n = params.length;
    values.push(`($${n - 4}::uuid, $${n - 3}::uuid, $${n - 2}::uuid, $${n - 1}, $${n}::bigint)`);
  }
  return {
    sql: `INSERT INTO pair_balances AS p (scope_id, user_a, user_b, currency, a_owes_b_minor)
     VALUES ${values.join(', ')}
     ON CONFLICT (scope_id, currency, user_a, user_b) DO UPDATE
       SET a_owes_b_minor = p.a_owes_b_minor + EXCLUDED.a_owes_b_minor`,
    params,
  };
}

const COLUMNS = 'scope_id, user_a, user_b, currency, a_owes_b_minor';
const ORDER = 'ORDER BY scope_id, currency, user_a, user_b';

/** The nonzero pairs of some scopes (groups, or PERSONAL_SCOPE). */
export async function scopePairs(db: Db, scopeIds: readonly string[]): Promise<PairRow[]> {
  if (scopeIds.length === 0) return [];
  const { rows } = await db.query<PairRow>(
    `SELECT ${COLUMNS} FROM pair_balances
      WHERE scope_id = ANY($1::uuid[]) AND a_owes_b_minor <> 0 ${ORDER}`,
    [scopeIds],
  );
  return rows;
}

/** One person's nonzero pairs in one scope (outside groups: whom they owe and who owes them). */
export async function userPairs(db: Db, userId: string, scopeId: string): Promise<PairRow[]> {
  const { rows } = await db.query<PairRow>(
    `SELECT ${COLUMNS} FROM pair_balances
      WHERE scope_id = $2 AND (user_a = $1 OR user_b = $1) AND a_owes_b_minor <> 0 ${ORDER}`,
    [userId, scopeId],
  );
  return rows;
}
