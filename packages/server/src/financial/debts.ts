import { byCodeUnit } from '@kitty/domain';
import { checkNotBlocked } from '../blocks/service';
import type { Db } from '../db';
import { checkGroupWrite } from '../groups/membership';
import { forbidden, notFound } from '../http/errors';
import { PERSONAL_SCOPE } from '../ledger/ledger';
import type { CurrentUser } from '../users/repo';
import { decodeDebtId, encodeDebtId } from './debt-id';
import { advancePlanAfter, currentPlan, storedPlans } from './plan-store';
import {
  byCurrencyThenAmount,
  groupPlans,
  memberGroupPlans,
  type Plan,
  personalPlans,
  planPeople,
  suggestionsOf,
} from './plans';
import {
  type DebtJson,
  money,
  nameOf,
  type SettlementJson,
  type SuggestionJson,
  summaryOf,
  toSuggestionJson,
} from './present';
import { recordSettlement } from './record';
import { groupOfMember, groupsOfMember, lockNets, peopleByIds, personalDebt } from './repo';
import { presentSettlements } from './settlements';

export const NOT_YOUR_DEBT = 'Only the person who owes this debt or the person it is owed to can settle it';

const involves = (userId: string) => (t: { from: string; to: string }) =>
  t.from === userId || t.to === userId;

/** The plans of every group the caller belongs to, and of their pairs outside groups. */
async function callerPlans(db: Db, caller: CurrentUser): Promise<Plan[]> {
  const groups = await groupsOfMember(db, caller.id);
  return [
    ...(await groupPlans(
      db,
      groups.map((g) => g.id),
    )),
    ...(await personalPlans(db, caller.id)),
  ];
}

async function namesOf(db: Db, plans: readonly Plan[]) {
  return peopleByIds(db, planPeople(plans));
}

function suggestionsJson(
  plans: readonly Plan[],
  people: Awaited<ReturnType<typeof namesOf>>,
  only?: string,
  context: readonly Plan[] = plans,
) {
  const names = Object.fromEntries([...people.keys()].map((id) => [id, nameOf(people, id)]));
  return plans.flatMap((plan) => {
    const suggestions = suggestionsOf(plan, names, context).sort(byCurrencyThenAmount);
    return suggestions
      .filter((s) => !only || s.payer.id === only || s.receiver.id === only)
      .map((s) => toSuggestionJson(s, plan.groupId));
  });
}

/** The suggested transfers of every plan the caller is in, that involve the caller. */
export async function mySuggestions(db: Db, caller: CurrentUser): Promise<{ suggestions: SuggestionJson[] }> {
  const all = await callerPlans(db, caller);
  const plans = all.filter((p) => p.transfers.some(involves(caller.id)));
  return { suggestions: suggestionsJson(plans, await namesOf(db, plans), caller.id, all) };
}

/** The fewest transfers that settle a group, per currency, larger amounts first. */
export async function groupSuggestions(
  db: Db,
  groupId: string,
  caller: CurrentUser,
): Promise<{ suggestions: SuggestionJson[] }> {
  const found = await memberGroupPlans(db, groupId, caller.id);
  if (!found) throw notFound();
  const plans = found.plans.sort((a, b) => byCodeUnit(a.currency, b.currency));
  return { suggestions: suggestionsJson(plans, found.people) };
}

function debtsJson(
  plans: readonly Plan[],
  people: Awaited<ReturnType<typeof namesOf>>,
  only?: string,
): DebtJson[] {
  return plans
    .flatMap((plan) =>
      plan.transfers
        .filter((t) => !only || involves(only)(t))
        .map((t) => ({ plan, t, currency: plan.currency, amount: t.amount })),
    )
    .sort(byCurrencyThenAmount)
    .map(({ plan, t }) => ({
      id: encodeDebtId({ scopeId: plan.scopeId, from: t.from, to: t.to, currency: plan.currency }),
      group_id: plan.groupId,
      from: summaryOf(people, t.from),
      to: summaryOf(people, t.to),
      amount: money(t.amount, plan.currency),
      currency: plan.currency,
    }));
}

/** The caller's debts (owed or owed to them) in every group and outside groups. */
export async function myDebts(db: Db, caller: CurrentUser): Promise<{ debts: DebtJson[] }> {
  const plans = await callerPlans(db, caller);
  return { debts: debtsJson(plans, await namesOf(db, plans), caller.id) };
}

/** Every debt of a group after simplification, per currency, larger amounts first. */
export async function groupDebts(
  db: Db,
  groupId: string,
  caller: CurrentUser,
): Promise<{ debts: DebtJson[] }> {
  const group = await groupOfMember(db, groupId, caller.id);
  if (!group) throw notFound();
  const plans = await groupPlans(db, [group.id]);
  return { debts: debtsJson(plans, await namesOf(db, plans)) };
}

/**
 * Settles a debt in full at its current amount, recomputed (and locked) inside the transaction: a debt
 * that no longer exists, or one the caller cannot see, is a 404; a member who is neither side gets 403.
 */
export async function settleDebt(db: Db, debtId: string, caller: CurrentUser): Promise<SettlementJson> {
  const key = decodeDebtId(debtId);
  if (!key) throw notFound();
  const personal = key.scopeId === PERSONAL_SCOPE;
  const party = caller.id === key.from || caller.id === key.to;
  if (personal ? !party : !(await groupOfMember(db, key.scopeId, caller.id))) throw notFound();

  return db.transaction(async (tx) => {
    // The caller is still a member (locked until commit). Both sides of a debt are: someone who left
    // had a zero balance, which nothing changes while they are away, so no debt names them.
    if (!personal) {
      await checkGroupWrite(tx, { groupId: key.scopeId, callerId: caller.id, callerSees: false, moves: [] });
    }
    const nets = await lockNets(tx, key.scopeId, key.currency, personal ? [key.from, key.to] : null);
    const amount = personal
      ? await personalDebt(tx, key.scopeId, key.from, key.to, key.currency)
      : (currentPlan((await storedPlans(tx, [key.scopeId])).get(`${key.scopeId} ${key.currency}`), nets).find(
          (t) => t.from === key.from && t.to === key.to,
        )?.amount ?? 0);
    if (amount <= 0) throw notFound();
    if (!party) throw forbidden('FORBIDDEN_NOT_PARTY', NOT_YOUR_DEBT);
    if (personal) await checkNotBlocked(tx, null, [key.from, key.to], caller.id);
    const row = await recordSettlement(
      tx,
      {
        group_id: personal ? null : key.scopeId,
        from_user_id: key.from,
        to_user_id: key.to,
        amount_minor: amount,
        currency: key.currency,
        description: '',
        created_by: caller.id,
        settlement_date: null,
      },
      caller.id,
    );
    await advancePlanAfter(tx, row);
    const [json] = await presentSettlements(tx, [row]);
    return json as SettlementJson;
  });
}
