// Form validation of section 5 for expenses, settlements and groups (accounts: accountValidation.ts). Each
// validator returns { field: message } for the failing fields, {} when valid.
import { type FieldErrors, hasErrors, isEmail } from './accountValidation';
import { blank, collect } from './fieldRules';
import { parseAmount, parseMoney } from './money';
import { isSplitType, type SplitDetails } from './splits';
import { hasVisibleCharacter, trimText } from './visibleText';

export const DESCRIPTION_REQUIRED = 'Please enter a description for this expense';
export const PARTICIPANT_REQUIRED = 'At least one participant required';
export const INVALID_SPLIT_TYPE = 'Invalid split type';
export const SHARES_REQUIRED = 'At least one participant must have shares';

export const NOTES_MAX_LENGTH = 1000;
export const NOTES_TOO_LONG = 'Notes can be at most 1,000 characters';

/** How many characters the notes have, as the contract's maxLength counts them (code points). */
export const notesLength = (notes: string) => [...notes].length;

/** Why the notes cannot be saved (more than 1,000 characters), or null. */
export function notesError(notes: string): string | null {
  return notesLength(notes.trim()) > NOTES_MAX_LENGTH ? NOTES_TOO_LONG : null;
}

export interface ExpenseForm {
  description: string;
  /** Decimal text from the field, or a number. */
  amount: string | number;
  participants: readonly string[];
  split_type: string;
  split_details?: SplitDetails | null;
  currency?: string;
}

type ExpenseField = 'description' | 'participants' | 'split_type' | 'split_details';

/**
 * The messages of section 5. The amount gets no message (the form simply does not submit; see
 * canSubmitExpense). Whether the split details add up is splitExpense's job.
 */
export function validateExpense(form: ExpenseForm): FieldErrors<ExpenseField> {
  const shares = form.split_details?.shares ?? {};
  const noShares =
    form.split_type === 'shares' &&
    !form.participants.some((id) => (Object.hasOwn(shares, id) ? shares[id]! : 0) > 0);
  return collect<ExpenseField>([
    ['description', hasVisibleCharacter(form.description) ? undefined : DESCRIPTION_REQUIRED],
    ['participants', form.participants.length === 0 ? PARTICIPANT_REQUIRED : undefined],
    ['split_type', isSplitType(form.split_type) ? undefined : INVALID_SPLIT_TYPE],
    ['split_details', noShares ? SHARES_REQUIRED : undefined],
  ]);
}

/** True when the amount parses to more than zero minor units of the currency. */
export function isPositiveAmount(amount: string | number, currency?: string): boolean {
  const parsed = parseMoney(amount, currency);
  return parsed.ok && parsed.value > 0;
}

export function canSubmitExpense(form: ExpenseForm): boolean {
  return isPositiveAmount(form.amount, form.currency) && !hasErrors(validateExpense(form));
}

export const SETTLEMENT_AMOUNT_REQUIRED = 'Amount is required';
export const SETTLEMENT_AMOUNT_MIN = 'Amount must be at least 0.01';
export const SETTLEMENT_PAYER_REQUIRED = 'Please select who is paying';
export const SETTLEMENT_RECEIVER_REQUIRED = 'Please select who is receiving';
export const SETTLEMENT_SAME_PERSON = 'The payer and the receiver must be different people';

export interface SettlementForm {
  amount: string | number;
  from_user_id: string;
  to_user_id: string;
  currency?: string;
}

export function validateSettlement(
  form: SettlementForm,
): FieldErrors<'amount' | 'from_user_id' | 'to_user_id'> {
  let amount: string | undefined;
  if (typeof form.amount === 'string' && blank(form.amount)) amount = SETTLEMENT_AMOUNT_REQUIRED;
  else {
    const parsed = parseAmount(form.amount, form.currency, 'signed');
    if (!parsed.ok) amount = parsed.error;
    else if (parsed.value < 1) amount = SETTLEMENT_AMOUNT_MIN;
  }
  let to: string | undefined;
  if (blank(form.to_user_id)) to = SETTLEMENT_RECEIVER_REQUIRED;
  else if (form.to_user_id === form.from_user_id) to = SETTLEMENT_SAME_PERSON;
  return collect<'amount' | 'from_user_id' | 'to_user_id'>([
    ['amount', amount],
    ['from_user_id', blank(form.from_user_id) ? SETTLEMENT_PAYER_REQUIRED : undefined],
    ['to_user_id', to],
  ]);
}

export const GROUP_NAME_REQUIRED = 'Please enter a group name';

/** A group's name has a visible character (visibleText.ts): blank or invisible is refused. */
export function validateGroupName(name: string | null | undefined): FieldErrors<'name'> {
  return hasVisibleCharacter(name) ? {} : { name: GROUP_NAME_REQUIRED };
}

export interface GroupSettingsForm {
  currency: string | null | undefined;
  default_split_type: string | null | undefined;
  members: readonly unknown[];
}

export function validateGroupSettings(
  form: GroupSettingsForm,
): FieldErrors<'currency' | 'default_split_type' | 'members'> {
  return collect<'currency' | 'default_split_type' | 'members'>([
    ['currency', blank(form.currency) ? 'Please select a currency' : undefined],
    [
      'default_split_type',
      blank(form.default_split_type) ? 'Please select a default split method' : undefined,
    ],
    ['members', form.members.length === 0 ? 'A group must have at least one member' : undefined],
  ]);
}

export function validateNewPersonEmail(email: string | null | undefined): FieldErrors<'email'> {
  return isEmail(email) ? {} : { email: 'Please enter a valid email address' };
}

/**
 * The add-person rule: the optional name split on spaces (first word = first name, the rest = last name);
 * the display name is the name when one is given, else the part of the e-mail before the @.
 */
export function splitName(
  name: string | null | undefined,
  email: string,
): { first_name: string; last_name: string; display_name: string } {
  // A word of invisible characters alone is no word (visibleText.ts): "Eve \u200B" is Eve.
  const words = trimText(name ?? '')
    .split(/\s+/)
    .filter(hasVisibleCharacter)
    .map(trimText);
  const local = email.trim().split('@')[0] ?? '';
  return {
    first_name: words[0] ?? '',
    last_name: words.slice(1).join(' '),
    display_name: words.length > 0 ? words.join(' ') : local,
  };
}
