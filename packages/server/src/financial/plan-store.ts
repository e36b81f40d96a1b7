import {
  balancesBeforePayment,
  minimalTransfers,
  planAfterPayment,
  settlesExactly,
  type Transfer,
} from '@kitty/domain';
import type { Db } from '../db';
import { scopeBalances } from '../ledger/ledger';

/** The remembered plans of some groups, by `${scope} ${currency}`. */
export async function storedPlans(db: Db, scopeIds: readonly string[]): Promise<Map<string, Transfer[]>> {
  if (scopeIds.length === 0) return new Map();
  const { rows } = await db.query<{ scope_id: string; currency: string; transfers: unknown }>(
    'SELECT scope_id, currency, transfers FROM settle_plans WHERE scope_id = ANY($1::uuid[])',
    [scopeIds],
  );
  return new Map(rows.map((r) => [`${r.scope_id} ${r.currency}`, parseTransfers(r.transfers)]));
}

export function parseTransfers(value: unknown): Transfer[] {
  const list = typeof value === 'string' ? JSON.parse(value) : value;
  if (!Array.isArray(list)) return [];
  return list.map((t: { from: string; to: string; amount: number | string }) => ({
    from: String(t.from),
    to: String(t.to),
    amount: Number(t.amount),
  }));
}

/**
 * The plan to show for these balances: the remembered one while it still settles them exactly (it was
 * made for these very balances, so it is minimal), else the domain's minimal plan.
 */
export function currentPlan(
  stored: readonly Transfer[] | undefined,
  nets: Record<string, number>,
): Transfer[] {
  if (stored && stored.length > 0 && settlesExactly(stored, nets)) return stored.map((t) => ({ ...t }));
  return minimalTransfers(nets);
}

/**
 * After one settlement was posted in a group (inside its transaction): if it paid one transfer of the
 * plan people saw, remember the rest of that plan; otherwise remember nothing. Called by the two paths
 * that record a single payment (a settlement, settling a debt), after the ledger rows, so locks are taken
 * in the order every ledger write uses: member_balances, then this row. Settling a whole expense records
 * several payments and leaves the row alone: a remembered plan is only ever used while it still settles
 * the balances exactly, so a plan left behind by any other change is simply not used.
 */
export async function advancePlanAfter(
  tx: Db,
  settlement: {
    group_id: string | null;
    from_user_id: string;
    to_user_id: string;
    amount_minor: number;
    currency: string;
  },
): Promise<void> {
  const groupId = settlement.group_id;
  if (groupId === null) return;
  const { currency } = settlement;
  const payment = {
    from: settlement.from_user_id,
    to: settlement.to_user_id,
    amount: settlement.amount_minor,
  };
  // The row lock serialises the settlements of one group and currency: each sees the plan the last left.
  await tx.query(
    `INSERT INTO settle_plans (scope_id, currency, transfers) VALUES ($1, $2, '[]'::jsonb)
     ON CONFLICT (scope_id, currency) DO NOTHING`,
    [groupId, currency],
  );
  const { rows } = await tx.query<{ transfers: unknown }>(
    'SELECT transfers FROM settle_plans WHERE scope_id = $1 AND currency = $2 FOR UPDATE',
    [groupId, currency],
  );
  const stored = parseTransfers(rows[0]?.transfers);
  const after: Record<string, number> = {};
  for (const b of await scopeBalances(tx, groupId))
    if (b.currency === currency) after[b.user_id] = b.net_minor;
  const rest = planAfterPayment(currentPlan(stored, balancesBeforePayment(after, payment)), payment);
  await tx.query(
    'UPDATE settle_plans SET transfers = $3::jsonb, updated_at = now() WHERE scope_id = $1 AND currency = $2',
    [groupId, currency, JSON.stringify(rest ?? [])],
  );
}
