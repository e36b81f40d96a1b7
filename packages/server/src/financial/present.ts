import type { components } from '@kitty/api/schema';
import { byCodeUnit, isSettledAmount, type SettlementSuggestion, toDecimal } from '@kitty/domain';
import { toUserSummary } from '../users/present';
import type { Person } from './repo';
import type { EventRow, SettlementRow } from './settlement-repo';

type Schemas = components['schemas'];
export type SettlementJson = Schemas['Settlement'];
export type SuggestionJson = Schemas['SettlementSuggestion'];
export type DebtJson = Schemas['Debt'];
export type CurrencyAmountJson = Schemas['CurrencyAmount'];

/** Minor units of `currency` as the JSON decimal. */
export const money = (minor: number, currency: string): number => toDecimal(minor, currency);

/** Nonzero nets by currency code, as the contract's CurrencyAmount list. */
export function currencyAmounts(nets: ReadonlyMap<string, number>): CurrencyAmountJson[] {
  return [...nets]
    .filter(([, net]) => !isSettledAmount(net))
    .sort(([a], [b]) => byCodeUnit(a, b))
    .map(([currency, net]) => ({ currency, amount: money(net, currency) }));
}

/** A person who is not in `people` (never expected: ids come from foreign keys) is shown by id. */
export function summaryOf(people: ReadonlyMap<string, Person>, id: string) {
  const person = people.get(id);
  return person ? toUserSummary(person) : { id, display_name: id, email: '' };
}

export function nameOf(people: ReadonlyMap<string, Person>, id: string): string {
  return summaryOf(people, id).display_name;
}

/** What the 'created' event remembers: the payer's net in the scope and currency right afterwards. */
export const BALANCE_AFTER = 'payer_balance_after_minor';

export function toSettlementJson(
  s: SettlementRow,
  people: ReadonlyMap<string, Person>,
  events: readonly EventRow[],
): SettlementJson {
  const from = summaryOf(people, s.from_user_id);
  const to = summaryOf(people, s.to_user_id);
  const creator = summaryOf(people, s.created_by);
  const created = events.find((e) => e.action === 'created');
  const after = Number(created?.details[BALANCE_AFTER] ?? 0);
  const date = s.settlement_date.toISOString();
  return {
    id: s.id,
    group_id: s.group_id,
    from_user_id: s.from_user_id,
    to_user_id: s.to_user_id,
    FromUser: from,
    ToUser: to,
    payer: from,
    receiver: to,
    amount: money(s.amount_minor, s.currency),
    currency: s.currency,
    description: s.description,
    created_at: s.created_at.toISOString(),
    settlement_date: date,
    date,
    created_by: { id: creator.id, display_name: creator.display_name },
    balance_impact: { new_balance: money(after, s.currency) },
    audit_trail: events.map((e) => ({
      action: e.action,
      at: e.created_at.toISOString(),
      by: {
        id: e.actor_id,
        display_name: toUserSummary({
          id: e.actor_id,
          email: e.actor_email,
          display_name: e.actor_display_name,
          first_name: e.actor_first_name,
          last_name: e.actor_last_name,
        }).display_name,
      },
    })),
    transaction_id: s.transaction_id,
    declined:
      s.declined_at && s.declined_by
        ? {
            at: s.declined_at.toISOString(),
            by: { id: s.declined_by, display_name: nameOf(people, s.declined_by) },
          }
        : null,
  };
}

/** The people a list of settlements names (payers, receivers, creators, who declined). */
export function settlementPeople(rows: readonly SettlementRow[]): string[] {
  return rows.flatMap((s) => [
    s.from_user_id,
    s.to_user_id,
    s.created_by,
    ...(s.declined_by ? [s.declined_by] : []),
  ]);
}

export function toSuggestionJson(s: SettlementSuggestion, groupId: string | null): SuggestionJson {
  return {
    payer: s.payer,
    receiver: s.receiver,
    amount: money(s.amount, s.currency),
    currency: s.currency,
    group_id: groupId,
    settles_percentage: s.settles_percentage,
    simplification_factor: s.simplification_factor,
    explanation: s.explanation,
    payer_debt: money(s.payer_debt, s.currency),
    payer_owes_elsewhere: s.payer_owes_elsewhere.map((o) => ({
      currency: o.currency,
      amount: money(o.minor, o.currency),
    })),
    impact: {
      current_total_debt: money(s.impact.current_total_debt, s.currency),
      remaining_debt: money(s.impact.remaining_debt, s.currency),
    },
  };
}
