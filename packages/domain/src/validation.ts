// Form validation of section 5. Each validator returns { field: message } for the failing fields, {} when valid.
import { parseMoney } from './money';
import { isSplitType, type SplitDetails } from './splits';

export type FieldErrors<K extends string = string> = Partial<Record<K, string>>;

export const MIN_NAME_LENGTH = 2;
export const MIN_PASSWORD_LENGTH = 8;
export const MIN_CHANGE_PASSWORD_LENGTH = 6;

/** "text, @, text, dot, text": no spaces, one @ with text before it, and a dot with text on both sides after it. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isEmail(value: string | null | undefined): boolean {
  return typeof value === 'string' && EMAIL_PATTERN.test(value.trim());
}

export function hasErrors(errors: FieldErrors): boolean {
  return Object.keys(errors).length > 0;
}

const blank = (value: string | null | undefined) => (value ?? '').trim() === '';
const empty = (value: string | null | undefined) => (value ?? '') === '';

function emailError(email: string | null | undefined): string | undefined {
  if (blank(email)) return 'Email is required';
  if (!isEmail(email)) return 'Email is invalid';
  return undefined;
}

function nameError(value: string | null | undefined, label: string): string | undefined {
  if (blank(value)) return `${label} is required`;
  if ((value ?? '').trim().length < MIN_NAME_LENGTH)
    return `${label} must be at least ${MIN_NAME_LENGTH} characters`;
  return undefined;
}

function collect<K extends string>(entries: [K, string | undefined][]): FieldErrors<K> {
  const errors: FieldErrors<K> = {};
  for (const [field, message] of entries) if (message !== undefined) errors[field] = message;
  return errors;
}

export interface LoginForm {
  email: string;
  password: string;
}

export function validateLogin(form: LoginForm): FieldErrors<keyof LoginForm> {
  return collect<keyof LoginForm>([
    ['email', emailError(form.email)],
    ['password', empty(form.password) ? 'Password is required' : undefined],
  ]);
}

export interface RegisterForm {
  email: string;
  first_name: string;
  last_name: string;
  password: string;
  confirmPassword: string;
  passphrase: string;
}

export function validateRegister(form: RegisterForm): FieldErrors<keyof RegisterForm> {
  let password: string | undefined;
  if (empty(form.password)) password = 'Password is required';
  else if (form.password.length < MIN_PASSWORD_LENGTH) {
    password = `Password must be at least ${MIN_PASSWORD_LENGTH} characters`;
  }
  let confirmPassword: string | undefined;
  if (empty(form.confirmPassword)) confirmPassword = 'Please confirm your password';
  else if (form.confirmPassword !== form.password) confirmPassword = 'Passwords do not match';
  return collect<keyof RegisterForm>([
    ['email', emailError(form.email)],
    ['first_name', nameError(form.first_name, 'First name')],
    ['last_name', nameError(form.last_name, 'Last name')],
    ['password', password],
    ['confirmPassword', confirmPassword],
    ['passphrase', blank(form.passphrase) ? 'Passphrase is required' : undefined],
  ]);
}

export interface ChangePasswordForm {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** Only the first failing rule, in the spec's order: current required, then match, then length. */
export function validateChangePassword(form: ChangePasswordForm): FieldErrors<keyof ChangePasswordForm> {
  if (empty(form.currentPassword)) return { currentPassword: 'Current password is required' };
  if (form.newPassword !== form.confirmPassword) return { confirmPassword: 'Passwords do not match' };
  if (form.newPassword.length < MIN_CHANGE_PASSWORD_LENGTH) {
    return { newPassword: `New password must be at least ${MIN_CHANGE_PASSWORD_LENGTH} characters` };
  }
  return {};
}

export const DESCRIPTION_REQUIRED = 'Please enter a description for this expense';
export const PARTICIPANT_REQUIRED = 'At least one participant required';
export const INVALID_SPLIT_TYPE = 'Invalid split type';
export const SHARES_REQUIRED = 'At least one participant must have shares';

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
    ['description', blank(form.description) ? DESCRIPTION_REQUIRED : undefined],
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
    const parsed = parseMoney(form.amount, form.currency);
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

export function validateGroupName(name: string | null | undefined): FieldErrors<'name'> {
  return blank(name) ? { name: 'Please enter a group name' } : {};
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
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  const local = email.trim().split('@')[0] ?? '';
  return {
    first_name: words[0] ?? '',
    last_name: words.slice(1).join(' '),
    display_name: words.length > 0 ? words.join(' ') : local,
  };
}
