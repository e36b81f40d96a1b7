import {
  byCodeUnit,
  describeTransfers,
  owedInOtherCurrencies,
  type SettlementSuggestion,
  type Transfer,
} from '@kitty/domain';
import type { Db } from '../db';
import { PERSONAL_SCOPE, scopesBalances } from '../ledger/ledger';
import { scopePairs, toDebt, userPairs } from '../ledger/pairs';
import { currentPlan, storedPlans } from './plan-store';

/**
 * The settle-up plan of one scope and currency: the running nets, the pairwise debts before
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
  pairs: Transfer[];
  transfers: Transfer[];
}

/** The plans of some groups, one per group and currency with anything owed. */
export async function groupPlans(db: Db, groupIds: readonly string[]): Promise<Plan[]> {
  if (groupIds.length === 0) return [];
  const balances = await scopesBalances(db, groupIds);
  const pairs = await scopePairs(db, groupIds);
  const stored = await storedPlans(db, groupIds);
  const plans = new Map<string, Plan>();
  const planOf = (scopeId: string, currency: string) => {
    const key = `${scopeId} ${currency}`;
    const plan = plans.get(key) ?? {
      scopeId,
      groupId: scopeId,
      currency,
      nets: {},
      pairs: [],
      transfers: [],
    };
    plans.set(key, plan);
    return plan;
  };
  for (const b of balances) planOf(b.scope_id, b.currency).nets[b.user_id] = b.net_minor;
  for (const p of pairs) {
    const debt = toDebt(p);
    if (debt) planOf(p.scope_id, p.currency).pairs.push(debt);
  }
  const result: Plan[] = [];
  for (const [key, plan] of plans) {
    plan.transfers = currentPlan(stored.get(key), plan.nets);
    if (plan.transfers.length > 0) result.push(plan);
  }
  return result;
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
      pairs: [debt],
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
    pairwiseDebts: plan.pairs,
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
