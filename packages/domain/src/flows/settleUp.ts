// Types and pure helpers of the Settle Up dialog (see settleUpMachine.ts).
import { currencyExponent } from '../currencies';
import { formatScaled, parseMoney, toDecimal } from '../money';
import type { FieldErrors } from '../accountValidation';

export const LOAD_SUGGESTIONS_FAILED = 'Failed to load settlement suggestions';
export const LOAD_HISTORY_FAILED = 'Failed to load settlements';
export const RECORD_SETTLEMENT_FAILED = 'Failed to record settlement';
export const SETTLEMENT_RECORDED = 'Settlement recorded successfully';

export interface SuggestionPerson {
  id: string;
  display_name?: string | null;
}

export interface SettlementSuggestion {
  payer: SuggestionPerson;
  receiver: SuggestionPerson;
  /** Decimal amount as in JSON. */
  amount: number | string;
  currency: string;
  [key: string]: unknown;
}

export interface SettlementRecord {
  id: string;
  [key: string]: unknown;
}

export interface SettlementFormValues {
  from_user_id: string;
  to_user_id: string;
  /** Decimal text of the field. */
  amount: string;
  currency: string;
  description: string;
}

/** The settlement create payload of section 3 (amount as a JSON decimal). */
export interface SettlementPayload {
  from_user_id: string;
  to_user_id: string;
  amount: number;
  currency: string;
  group_id: string;
  description: string;
}

export interface SettlementDraft {
  payload: SettlementPayload;
  amountMinor: number;
  origin: 'form' | 'suggestion';
  /** Same for every attempt of this draft, so a retried request is recorded once. */
  idempotencyKey: string | null;
}

export interface SettleUpInput {
  groupId: string;
  currentUserId: string;
  /** The group currency: the form's default. */
  currency: string;
  /** Makes a fresh idempotency key per draft (e.g. crypto.randomUUID); without it drafts carry null. */
  newIdempotencyKey?: () => string;
}

export interface SettleUpContext extends SettleUpInput {
  suggestions: SettlementSuggestion[];
  history: SettlementRecord[];
  suggestionsError: string | null;
  historyError: string | null;
  form: SettlementFormValues;
  formErrors: FieldErrors<'amount' | 'from_user_id' | 'to_user_id'>;
  draft: SettlementDraft | null;
  submitError: string | null;
}

export type SettleUpEvent =
  | { type: 'settleUp.open' }
  | { type: 'settleUp.close' }
  | { type: 'settleUp.showSuggestions' }
  | { type: 'settleUp.showCustom' }
  | { type: 'settleUp.showHistory' }
  | { type: 'settleUp.edit'; values: Partial<SettlementFormValues> }
  | { type: 'settleUp.submitForm' }
  | { type: 'settleUp.pickSuggestion'; suggestion: SettlementSuggestion }
  | { type: 'settleUp.back' }
  | { type: 'settleUp.confirm' }
  | { type: 'settleUp.reload' };

export type SettleUpEmitted = { type: 'settleUp.recorded'; payload: SettlementPayload };

export function emptyForm(
  context: Pick<SettleUpContext, 'currentUserId' | 'currency'>,
): SettlementFormValues {
  return {
    from_user_id: context.currentUserId,
    to_user_id: '',
    amount: '',
    currency: context.currency,
    description: '',
  };
}

/** The form values a suggestion stands for. */
export function formFromSuggestion(suggestion: SettlementSuggestion): SettlementFormValues {
  const parsed = parseMoney(suggestion.amount, suggestion.currency);
  return {
    from_user_id: suggestion.payer.id,
    to_user_id: suggestion.receiver.id,
    amount: parsed.ok
      ? formatScaled(BigInt(parsed.value), currencyExponent(suggestion.currency))
      : String(suggestion.amount),
    currency: suggestion.currency,
    description: '',
  };
}

/** What a form records in a group: its amount read exactly and sent as a JSON decimal of its currency. */
export function settlementPayload(
  groupId: string,
  form: SettlementFormValues,
): { ok: true; payload: SettlementPayload; amountMinor: number } | { ok: false; error: string } {
  const parsed = parseMoney(form.amount, form.currency);
  if (!parsed.ok) return parsed;
  return {
    ok: true,
    amountMinor: parsed.value,
    payload: {
      from_user_id: form.from_user_id,
      to_user_id: form.to_user_id,
      amount: toDecimal(parsed.value, form.currency),
      currency: form.currency,
      group_id: groupId,
      description: form.description.trim(),
    },
  };
}

/** The draft of a valid form (throws for an invalid one). */
export function draftOf(
  context: SettleUpContext,
  form: SettlementFormValues,
  origin: SettlementDraft['origin'],
): SettlementDraft {
  const built = settlementPayload(context.groupId, form);
  if (!built.ok) throw new Error(built.error);
  return {
    payload: built.payload,
    amountMinor: built.amountMinor,
    origin,
    idempotencyKey: context.newIdempotencyKey?.() ?? null,
  };
}
