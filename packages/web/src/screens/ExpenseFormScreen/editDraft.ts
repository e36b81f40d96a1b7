import type { Expense, ExpenseInput, User } from '@kitty/api';
import { defaultSplitDetails, formatMoney, isSplitType, localDay, parseMoney } from '@kitty/domain';
import {
  type DraftParticipant,
  type DraftPayer,
  type ExpenseDraft,
  splitDetailsFromWire,
} from '@kitty/domain/flows';

/** A person as a draft participant (search result, group member, invited person). */
export function toParticipant(user: Pick<User, 'id'> & Partial<User>): DraftParticipant {
  return {
    id: user.id,
    display_name: user.display_name ?? null,
    email: user.email ?? null,
    name: user.name ?? null,
    ...(typeof user.registered === 'boolean' ? { registered: user.registered } : {}),
  };
}

/**
 * The edit screen's starting draft from a saved expense: its participants (names from the splits, the
 * registration flag from `known` people when there), the amount as decimal text, the split details in
 * domain units, with several payers each one's amount as decimal text (in participant order), the date as
 * its day in this device's calendar and the notes (both as saved, so that what is unchanged stays so).
 */
export function draftFromExpense(expense: Expense, known: readonly User[] = []): Partial<ExpenseDraft> {
  const participants = expense.participants.map((id): DraftParticipant => {
    const person = known.find((u) => u.id === id);
    if (person) return toParticipant(person);
    const split = expense.ExpenseSplits.find((s) => s.user_id === id);
    const payer = expense.payer?.id === id ? expense.payer : null;
    return {
      id,
      display_name: split?.display_name ?? split?.User?.display_name ?? payer?.display_name ?? null,
      email: split?.email ?? payer?.email ?? null,
    };
  });
  return {
    ...savedFields(expense, participants),
    group_id: expense.group_id,
    groupName: expense.groupName ?? expense.Group?.name ?? '',
    // The day in this device's calendar; the saved moment is kept while the day stays the same.
    date: localDay(new Date(expense.date)),
    savedDate: expense.date,
    notes: expense.notes ?? '',
    savedNotes: expense.notes ?? '',
  };
}

export type SavedFields = Pick<
  ExpenseInput,
  'amount' | 'currency' | 'split_type' | 'split_details' | 'description' | 'category' | 'paid_by' | 'payers'
>;

/** What a saved expense and a recurring expense's template both hold, as the draft holds it. */
export function savedFields(expense: SavedFields, participants: DraftParticipant[]): Partial<ExpenseDraft> {
  const amount = parseMoney(expense.amount, expense.currency);
  const splitType = isSplitType(expense.split_type) ? expense.split_type : 'equal';
  const ids = participants.map((p) => p.id);
  const details =
    splitType === 'equal'
      ? {}
      : (splitDetailsFromWire(expense.split_details, expense.currency) ??
        defaultSplitDetails(splitType, ids));
  return {
    payers: draftPayers(expense, ids),
    description: expense.description,
    category: expense.category,
    amount: amount.ok ? formatMoney(amount.value, expense.currency) : '',
    currency: expense.currency,
    split_type: splitType,
    split_details: details,
    participants,
    paid_by: expense.paid_by,
  };
}

/** Several payers as the draft holds them (participant order, amounts as text); one payer: none. */
function draftPayers(
  expense: Pick<ExpenseInput, 'payers' | 'currency'>,
  ids: readonly string[],
): DraftPayer[] {
  const payers = expense.payers ?? [];
  if (payers.length < 2) return [];
  const at = (id: string) => (ids.includes(id) ? ids.indexOf(id) : ids.length);
  return [...payers]
    .sort((a, b) => at(a.user_id) - at(b.user_id))
    .map((p) => {
      const paid = parseMoney(p.amount, expense.currency);
      return {
        id: p.user_id,
        amount: paid.ok ? formatMoney(paid.value, expense.currency) : String(p.amount),
      };
    });
}
