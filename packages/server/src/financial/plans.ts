import {
  byCodeUnit,
  describeTransfers,
  owedInOtherCurrencies,
  type SettlementSuggestion,
  type Transfer,
} from '@kitty/domain';
import type { Db } from '../db';
import { isUuid } from '../db/ids';
import { PERSONAL_SCOPE } from '../ledger/ledger';
import { toDebt, userPairs } from '../ledger/pairs';
import { currentPlan, parseTransfers } from './plan-store';
import { PERSON_JSON, type Person } from './repo';

/**
 * The settle-up plan of one scope and currency: the running nets, the number of pairwise debts before
 * simplification and the domain's fewest transfers (the plan people were shown, minus what they paid of
 * it, while that still settles the balances: plan-store.ts). Everything comes from the ledger's running
 * tables, so a plan costs the same at any history size.
 */
export interface Plan {
  scopeId: string;
  /** null outside groups. */
  groupId: string | null;
  currency: string;
  nets: Record<string, number>;
  /** How many pairwise debts there are before simplification. */
  pairCount: number;
  transfers: Transfer[];
}

interface PlanRow {
  scope_id: string;
  currency: string;
  nets: Record<string, number>;
  pair_count: number;
  stored: unknown;
}

/**
 * Per scope and currency of the scopes `b.scope_id ${scopes}` picks: the nets (by member id), the number
 * of pairwise debts (only their count is shown) and the remembered plan.
 */
const planRowsSql = (scopes: string) =>
  `SELECT b.scope_id, b.currency, json_object_agg(b.user_id, b.net_minor ORDER BY b.user_id) AS nets,
     (SELECT count(*) FROM pair_balances p
       WHERE p.scope_id = b.scope_id AND p.currency = b.currency AND p.a_owes_b_minor <> 0)::int AS pair_count,
     (SELECT s.transfers FROM settle_plans s WHERE s.scope_id = b.scope_id AND s.currency = b.currency) AS stored
     FROM member_balances b WHERE b.scope_id ${scopes}
    GROUP BY b.scope_id, b.currency ORDER BY b.scope_id, b.currency`;

function plansOf(rows: readonly PlanRow[]): Plan[] {
  const result: Plan[] = [];
  for (const row of rows) {
    const stored = row.stored === null ? undefined : parseTransfers(row.stored);
    const transfers = currentPlan(stored, row.nets);
    if (transfers.length === 0) continue;
    const { scope_id: scopeId, currency, nets, pair_count: pairCount } = row;
    result.push({ scopeId, groupId: scopeId, currency, nets, pairCount, transfers });
  }
  return result;
}

/** The plans of some groups, one per group and currency with anything owed, in one statement. */
export async function groupPlans(db: Db, groupIds: readonly string[]): Promise<Plan[]> {
  if (groupIds.length === 0) return [];
  const { rows } = await db.query<PlanRow>(planRowsSql('= ANY($1::uuid[])'), [groupIds]);
  return plansOf(rows);
}

/**
 * The plans of `userId`'s group with everyone holding a balance in it, in one statement; null when they
 * are not a member (or the id is malformed).
 */
export async function memberGroupPlans(
  db: Db,
  groupId: string,
  userId: string,
): Promise<{ plans: Plan[]; people: Map<string, Person> } | null> {
  if (!isUuid(groupId)) return null;
  const { rows } = await db.query<{ plans: PlanRow[]; people: Person[] }>(
    `SELECT (SELECT COALESCE(json_agg(r), '[]') FROM (${planRowsSql('= g.id')}) r) AS plans,
       (SELECT COALESCE(json_agg(${PERSON_JSON}), '[]')
          FROM (SELECT DISTINCT b.user_id FROM member_balances b WHERE b.scope_id = g.id) o
         CROSS JOIN LATERAL (SELECT * FROM users x WHERE x.id = o.user_id LIMIT 1) u) AS people
       FROM groups g
      WHERE g.id = $1 AND EXISTS (SELECT 1 FROM group_members m WHERE m.group_id = g.id AND m.user_id = $2)`,
    [groupId, userId],
  );
  const row = rows[0];
  if (!row) return null;
  return { plans: plansOf(row.plans), people: new Map(row.people.map((p) => [p.id, p])) };
}

/**
 * Outside groups there is no group to simplify over (the personal scope holds everyone's personal
 * expenses), so each pair of people is its own plan: the one debt between them.
 */
export async function personalPlans(db: Db, userId: string): Promise<Plan[]> {
  const plans: Plan[] = [];
  for (const pair of await userPairs(db, userId, PERSONAL_SCOPE)) {
    const debt = toDebt(pair);
    if (!debt) continue;
    plans.push({
      scopeId: PERSONAL_SCOPE,
      groupId: null,
      currency: pair.currency,
      nets: { [debt.from]: -debt.amount, [debt.to]: debt.amount },
      pairCount: 1,
      transfers: [debt],
    });
  }
  return plans;
}

/**
 * The plan's transfers with the domain's figures and explanation. `context` holds the plans of the same
 * scope in other currencies (any list holding them will do): the explanation names what the payer still owes
 * there, so clearing one currency is never called settling the whole debt.
 */
export function suggestionsOf(
  plan: Plan,
  names: Record<string, string>,
  context: readonly Plan[] = [],
): SettlementSuggestion[] {
  // Outside groups each pair of people is its own plan: only the same pair's other currencies count.
  const people = Object.keys(plan.nets).sort().join(' ');
  const sameScope = (p: Plan) =>
    p.scopeId === plan.scopeId && (plan.groupId !== null || Object.keys(p.nets).sort().join(' ') === people);
  const netsByCurrency: Record<string, Record<string, number>> = {};
  for (const p of context) if (sameScope(p)) netsByCurrency[p.currency] = p.nets;
  netsByCurrency[plan.currency] = plan.nets;
  return describeTransfers({
    currency: plan.currency,
    balances: plan.nets,
    pairwiseDebtCount: plan.pairCount,
    transfers: plan.transfers,
    names,
    owesElsewhere: owedInOtherCurrencies(netsByCurrency, plan.currency),
  });
}

/** Everyone a list of plans names. */
export function planPeople(plans: readonly Plan[]): string[] {
  return plans.flatMap((p) => Object.keys(p.nets));
}

/** Currency code, then the larger amount first; the domain's plan order breaks ties (stable sort). */
export function byCurrencyThenAmount<T extends { currency: string; amount: number }>(a: T, b: T): number {
  return byCodeUnit(a.currency, b.currency) || b.amount - a.amount;
}
