// The new-expense draft (section 3) and its rules (sections 4 and 5), as pure functions the machine uses.
import { DEFAULT_CATEGORY } from '../categories';
import { DEFAULT_USER_CURRENCY } from '../currencies';
import { formatMoney, parseAmount, parseMoney, toDecimal } from '../money';
import { equalPayments, type Payment, paymentsError, principalPayer, sortPayments } from '../payers';
import {
  DEFAULT_SPLIT_TYPE,
  defaultSplitDetails,
  isSplitType,
  type SplitDetails,
  type SplitType,
  splitDetailsToWire,
  trySplitExpense,
  type WireSplitDetails,
} from '../splits';

// The wire form of split details lives in splits.ts (the server reads it too); re-exported for the flows.
export { splitDetailsFromWire, splitDetailsToWire, type WireSplitDetails } from '../splits';
import type { FieldErrors } from '../accountValidation';
import { dayToDate, expenseDateError, localDay } from '../expenseDate';
import { notesError, validateExpense } from '../validation';
import { failureMessage } from '../failure';
import { trimText } from '../visibleText';

export const PAYER_NOT_PARTICIPANT = 'The payer must be one of the participants';

export interface DraftParticipant {
  id: string;
  display_name?: string | null;
  email?: string | null;
  name?: string | null;
  /** false for people invited by e-mail who have not registered (shown as pending). */
  registered?: boolean;
}

/** The id prefix of a person added by e-mail who is invited only when the expense is saved. */
export const TEMP_PARTICIPANT_PREFIX = 'temp-';

/** The draft's people still to be invited (added by e-mail, "temp-" ids), in the order they were added. */
export function inviteesOf(draft: Pick<ExpenseDraft, 'participants'>): DraftParticipant[] {
  return draft.participants.filter((p) => p.id.startsWith(TEMP_PARTICIPANT_PREFIX));
}

/** The payload with every invitee's "temp-" id replaced by the id the invitation gave them. */
export function withInvitedIds(payload: ExpensePayload, ids: ReadonlyMap<string, string>): ExpensePayload {
  const real = (id: string) => ids.get(id) ?? id;
  const rename = (record: Record<string, number> | undefined) =>
    record && Object.fromEntries(Object.entries(record).map(([id, value]) => [real(id), value]));
  const details: WireSplitDetails = {};
  for (const key of ['percentages', 'shares', 'amounts', 'adjustments'] as const) {
    const renamed = rename(payload.split_details[key]);
    if (renamed) details[key] = renamed;
  }
  return {
    ...payload,
    paid_by: real(payload.paid_by),
    ...(payload.payers ? { payers: payload.payers.map((p) => ({ ...p, user_id: real(p.user_id) })) } : {}),
    participants: payload.participants.map(real),
    split_with: payload.split_with.map(real),
    split_details: details,
  };
}

export interface ExpenseDraft {
  description: string;
  category: string;
  /** Decimal text of the Amount field. */
  amount: string;
  currency: string;
  split_type: SplitType;
  /** Domain units: amounts and adjustments in minor units of `currency`. */
  split_details: SplitDetails;
  participants: DraftParticipant[];
  /** The single payer; with several payers, one of them (the payload names the one who paid most). */
  paid_by: string;
  /**
   * "Several people paid": who paid, in participant order, each with the decimal text of what they paid.
   * Empty: `paid_by` paid all of it (the spec's one payer). One entry: that person paid all of it too.
   */
  payers: DraftPayer[];
  group_id: string | null;
  groupName: string;
  /** The day it happened in the device's calendar, as a date input holds it ("2026-11-20"). */
  date: string;
  /** Free text, up to 1,000 characters. */
  notes: string;
  /** Edit: the saved moment (ISO), kept when the day stays the same; null for a new expense. */
  savedDate?: string | null;
  /** Edit: the saved notes, not sent again when unchanged (older notes may be longer than 1,000). */
  savedNotes?: string | null;
}

/** One of several payers in the draft: who, and the text of their amount field. */
export interface DraftPayer {
  id: string;
  amount: string;
}

/** The payload's payments: decimal amounts, as the contract's `payers` takes them. */
export interface PayloadPayer {
  user_id: string;
  amount: number;
}

/** The create/update expense payload (section 3 plus participants and split_details, design.md). */
export interface ExpensePayload {
  description: string;
  amount: number;
  currency: string;
  category: string;
  group_id?: string;
  split_type: SplitType;
  paid_by: string;
  /** Only with several payers (then `paid_by` is the principal payer); one payer sends `paid_by` alone. */
  payers?: PayloadPayer[];
  split_with: string[];
  participants: string[];
  split_details: WireSplitDetails;
  /** ISO moment; left out of a create dated today (the server's now). */
  date?: string;
  /** Left out when unchanged on an edit and when blank on a create. */
  notes?: string;
}

export interface DraftDefaults {
  currentUser: DraftParticipant;
  currency?: string | null;
  splitType?: string | null;
  group?: { id: string; name: string } | null;
  /** Today is now's day in the device's calendar. */
  now?: Date;
}

/** The starting draft: groceries, the user's currency (EUR), equal split, the current user as sole participant and payer. */
export function createDraft(defaults: DraftDefaults): ExpenseDraft {
  const split_type = isSplitType(defaults.splitType) ? defaults.splitType : DEFAULT_SPLIT_TYPE;
  return {
    description: '',
    category: DEFAULT_CATEGORY,
    amount: '',
    currency: defaults.currency || DEFAULT_USER_CURRENCY,
    split_type,
    split_details: defaultSplitDetails(split_type, [defaults.currentUser.id]),
    participants: [defaults.currentUser],
    paid_by: defaults.currentUser.id,
    payers: [],
    group_id: defaults.group?.id ?? null,
    groupName: defaults.group?.name ?? '',
    date: localDay(defaults.now ?? new Date()),
    notes: '',
  };
}

export const participantIds = (draft: Pick<ExpenseDraft, 'participants'>) =>
  draft.participants.map((p) => p.id);

/**
 * Details kept in step with the participants: percentages are spread again (they must total 100);
 * shares, exact amounts and adjustments keep each remaining person's value, newcomers get the default.
 */
export function reconcileSplitDetails(
  type: SplitType,
  details: SplitDetails,
  ids: readonly string[],
): SplitDetails {
  const defaults = defaultSplitDetails(type, ids);
  const keep = (current: Record<string, number> | undefined, fallback: Record<string, number> | undefined) =>
    Object.fromEntries(
      ids.map((id) => [id, current && Object.hasOwn(current, id) ? current[id]! : (fallback?.[id] ?? 0)]),
    );
  switch (type) {
    case 'equal':
    case 'percentage':
      return defaults;
    case 'shares':
      return { shares: keep(details.shares, defaults.shares) };
    case 'exact':
      return { amounts: keep(details.amounts, defaults.amounts) };
    case 'adjustment':
      return { adjustments: keep(details.adjustments, defaults.adjustments) };
  }
}

export function addParticipant(draft: ExpenseDraft, person: DraftParticipant): ExpenseDraft {
  if (!person.id || draft.participants.some((p) => p.id === person.id)) return draft;
  const participants = [...draft.participants, person];
  const split_details = reconcileSplitDetails(
    draft.split_type,
    draft.split_details,
    participants.map((p) => p.id),
  );
  return { ...draft, participants, split_details };
}

/** Whether the cross is offered: never for yourself, never for the last participant. */
export function canRemoveParticipant(draft: ExpenseDraft, id: string, currentUserId: string): boolean {
  return id !== currentUserId && draft.participants.length > 1 && draft.participants.some((p) => p.id === id);
}

/**
 * Removing the payer makes the current user the payer if still present, else the first remaining
 * participant. With several payers, a removed person stops paying; the first payer left is `paid_by`.
 */
export function removeParticipant(draft: ExpenseDraft, id: string, currentUserId: string): ExpenseDraft {
  if (!canRemoveParticipant(draft, id, currentUserId)) return draft;
  const participants = draft.participants.filter((p) => p.id !== id);
  const payers = draft.payers.filter((p) => p.id !== id);
  let paid_by = draft.paid_by;
  if (paid_by === id) {
    paid_by =
      payers[0]?.id ??
      (participants.some((p) => p.id === currentUserId) ? currentUserId : (participants[0]?.id ?? ''));
  }
  const split_details = reconcileSplitDetails(
    draft.split_type,
    draft.split_details,
    participants.map((p) => p.id),
  );
  return { ...draft, participants, paid_by, payers, split_details };
}

/** Everyone who pays in the draft: the several payers, else `paid_by`. */
export function draftPayerIds(draft: Pick<ExpenseDraft, 'paid_by' | 'payers'>): string[] {
  return draft.payers.length > 0 ? draft.payers.map((p) => p.id) : [draft.paid_by];
}

/** Whether each payer enters what they paid: only when more than one person pays. */
export function hasSeveralPayers(draft: Pick<ExpenseDraft, 'payers'>): boolean {
  return draft.payers.length > 1;
}

/**
 * "Several people paid" on: the payer so far becomes the first of the payers (others are then chosen);
 * off: back to one payer, `paid_by` (one of the payers: on an edit, the one who paid the most), who pays
 * all of it.
 */
export function setSeveralPayers(draft: ExpenseDraft, on: boolean): ExpenseDraft {
  if (on) return draft.payers.length > 0 ? draft : { ...draft, payers: [{ id: draft.paid_by, amount: '' }] };
  if (draft.payers.length === 0) return draft;
  const stays = draft.payers.some((p) => p.id === draft.paid_by);
  return { ...draft, paid_by: stays ? draft.paid_by : draft.payers[0]!.id, payers: [] };
}

/**
 * The chosen payers (participants only, in participant order; at least one): each keeps the amount already
 * entered, newcomers start blank. `paid_by` stays if still paying, else becomes the first payer.
 */
export function setPayers(draft: ExpenseDraft, ids: readonly string[]): ExpenseDraft {
  const chosen = draft.participants.filter((p) => ids.includes(p.id)).map((p) => p.id);
  if (chosen.length === 0) return draft;
  const payers = chosen.map((id) => ({ id, amount: draft.payers.find((p) => p.id === id)?.amount ?? '' }));
  const paid_by = chosen.includes(draft.paid_by) ? draft.paid_by : chosen[0]!;
  return { ...draft, payers, paid_by };
}

/** One payer's amount text. */
export function setPayerAmount(draft: ExpenseDraft, id: string, amount: string): ExpenseDraft {
  if (!draft.payers.some((p) => p.id === id)) return draft;
  return { ...draft, payers: draft.payers.map((p) => (p.id === id ? { ...p, amount } : p)) };
}

/** "Split the payment equally": the total over the payers by the domain's equalPayments (needs a total). */
export function splitPaymentEqually(draft: ExpenseDraft): ExpenseDraft {
  const total = parseAmount(draft.amount, draft.currency);
  if (!total.ok || draft.payers.length === 0) return draft;
  const parts = equalPayments(
    total.value,
    draft.payers.map((p) => p.id),
  );
  return {
    ...draft,
    payers: parts.map((p) => ({ id: p.user_id, amount: formatMoney(p.amount, draft.currency) })),
  };
}

/** Each payer's amount in minor units as entered so far (blank or unreadable: left out). */
export function payerAmountsMinor(draft: Pick<ExpenseDraft, 'payers' | 'currency'>): Record<string, number> {
  const amounts: Record<string, number> = {};
  for (const p of draft.payers) {
    const parsed = p.amount.trim() === '' ? null : parseMoney(p.amount, draft.currency);
    if (parsed?.ok) amounts[p.id] = parsed.value;
  }
  return amounts;
}

/**
 * The several payers' payments in minor units, or why they cannot pay `total`: an amount the currency
 * refuses gives its own message; a blank one counts as 0; then the domain's paymentsError.
 */
export function readPayments(
  draft: Pick<ExpenseDraft, 'payers' | 'currency'>,
  total: number,
): { ok: true; payments: Payment[] } | { ok: false; error: string } {
  const payments: Payment[] = [];
  for (const p of draft.payers) {
    const parsed =
      p.amount.trim() === '' ? { ok: true as const, value: 0 } : parseMoney(p.amount, draft.currency);
    if (!parsed.ok) return { ok: false, error: parsed.error };
    payments.push({ user_id: p.id, amount: parsed.value });
  }
  const error = paymentsError(payments, total);
  return error ? { ok: false, error } : { ok: true, payments };
}

export type DraftField =
  | 'description'
  | 'amount'
  | 'participants'
  | 'payers'
  | 'split_type'
  | 'split_details'
  | 'date'
  | 'notes';

/** ok: false with no errors means the amount is not above zero: the form simply does not submit. */
export type PayloadResult =
  | { ok: true; payload: ExpensePayload }
  | { ok: false; errors: FieldErrors<DraftField> };

/** Only the participants' entries (the dialog may still hold someone who was removed). */
function pickDetails(details: SplitDetails, ids: readonly string[]): SplitDetails {
  const pick = (record: Record<string, number>) =>
    Object.fromEntries(ids.filter((id) => Object.hasOwn(record, id)).map((id) => [id, record[id]!]));
  const picked: SplitDetails = {};
  for (const key of ['percentages', 'shares', 'amounts', 'adjustments'] as const) {
    const record = details[key];
    if (record) picked[key] = pick(record);
  }
  return picked;
}

/**
 * The payload to send, or why not: the date's message (expenseDateError of the picked day, see dayToDate),
 * the notes' (more than 1,000 characters, when they changed), the section 5 messages (an unknown split type gives "Invalid split type"
 * before anything is sent), no message for an amount not above zero, parseAmount's message for any other
 * amount refused, and the split's own message when the details do not add up (the server recomputes the
 * shares anyway).
 */
export function buildExpensePayload(draft: ExpenseDraft, now: Date = new Date()): PayloadResult {
  const ids = participantIds(draft);
  const errors: FieldErrors<DraftField> = validateExpense({ ...draft, participants: ids });
  const saved = draft.savedDate ? new Date(draft.savedDate) : null;
  const date = dayToDate(draft.date ?? localDay(now), now, saved);
  const dateError = expenseDateError(date, now);
  if (dateError) errors.date = dateError;
  const notes = (draft.notes ?? '').trim();
  // Notes left as they were are not sent (an edit keeps them), so older, longer notes stay editable around.
  const notesUnchanged = draft.savedNotes != null ? draft.notes === draft.savedNotes : notes === '';
  const notesMessage = notesUnchanged ? null : notesError(notes);
  if (notesMessage) errors.notes = notesMessage;
  const parsed = parseAmount(draft.amount, draft.currency);
  if (!parsed.ok) {
    // Section 5: no amount, or one not above zero, simply does not submit; any other refusal (too many
    // decimals for the currency, above the maximum) says why at the field, by the server's own rule.
    const plain = parseMoney(draft.amount, draft.currency);
    const silent = String(draft.amount).trim() === '' || (plain.ok && plain.value <= 0);
    if (!silent) errors.amount = parsed.error;
  }
  const payments = parsed.ok && hasSeveralPayers(draft) ? readPayments(draft, parsed.value) : null;
  if (payments && !payments.ok) errors.payers = payments.error;
  if (Object.keys(errors).length > 0 || !parsed.ok) return { ok: false, errors };
  if (!draftPayerIds(draft).every((id) => ids.includes(id)))
    return { ok: false, errors: { participants: PAYER_NOT_PARTICIPANT } };
  const details = draft.split_type === 'equal' ? {} : pickDetails(draft.split_details, ids);
  const split = trySplitExpense({
    amount: parsed.value,
    participants: ids,
    split_type: draft.split_type,
    details,
  });
  if (!split.ok) return { ok: false, errors: { split_details: split.error.message } };
  // One payer: `paid_by` alone, as ever. Several: `payers`, and `paid_by` the one who paid the most.
  const several = payments?.ok ? payments.payments : null;
  const paidBy = several ? principalPayer(several) : (draftPayerIds(draft)[0] ?? draft.paid_by);
  return {
    ok: true,
    payload: {
      description: trimText(draft.description),
      amount: toDecimal(parsed.value, draft.currency),
      currency: draft.currency,
      category: draft.category,
      ...(draft.group_id ? { group_id: draft.group_id } : {}),
      split_type: draft.split_type,
      paid_by: paidBy,
      ...(several
        ? {
            payers: sortPayments(several).map((p) => ({
              user_id: p.user_id,
              amount: toDecimal(p.amount, draft.currency),
            })),
          }
        : {}),
      split_with: ids.filter((id) => id !== paidBy),
      participants: ids,
      split_details: splitDetailsToWire(details, draft.currency),
      // A new expense dated today is the server's now (a retried save stays the same request).
      ...(saved === null && date === now ? {} : { date: date.toISOString() }),
      ...(notesUnchanged ? {} : { notes }),
    },
  };
}

/** Section 8 "Create/edit expense": the server message, else the error's own message, else "Unknown error occurred". */
export function expenseSaveErrorMessage(failure: unknown): string {
  return failureMessage(failure, ({ message }) => message ?? 'Unknown error occurred');
}

/** The alert text: "Error: " followed by the message. */
export function expenseSaveAlert(failure: unknown): string {
  return `Error: ${expenseSaveErrorMessage(failure)}`;
}
