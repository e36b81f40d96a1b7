// Form validation of section 5 for accounts: sign-in and registration (passwordValidation.ts: a new password). Each validator returns
// { field: message } for the failing fields, {} when valid. Apart from validation.ts (expenses, settlements,
// groups) so the sign-in page's bundle does not bring the money and split rules with it.
import { blank, collect, empty } from './fieldRules';
import { hasVisibleCharacter, trimText, VISIBLE_CHARACTER_PATTERN } from './visibleText';

export type FieldErrors<K extends string = string> = Partial<Record<K, string>>;

export const MIN_NAME_LENGTH = 2;
/**
 * A registering person's first and last name, as openapi.yaml's `pattern` (the `u` flag): a visible character
 * (visibleText.ts) and two characters that are not white space, so the contract refuses what nameError does.
 */
export const NAME_PATTERN = String.raw`(?=[\s\S]*${VISIBLE_CHARACTER_PATTERN})\S[\s\S]*\S`;
/** Every password, at registration and when changed on Account: one rule (see README, spec departures). */
export const MIN_PASSWORD_LENGTH = 8;

/** "text, @, text, dot, text": no spaces, one @ with text before it, and a dot with text on both sides after it. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isEmail(value: string | null | undefined): boolean {
  return typeof value === 'string' && EMAIL_PATTERN.test(value.trim());
}

export function hasErrors(errors: FieldErrors): boolean {
  return Object.keys(errors).length > 0;
}

export function emailError(email: string | null | undefined): string | undefined {
  if (blank(email)) return 'Email is required';
  if (!isEmail(email)) return 'Email is invalid';
  return undefined;
}

function nameError(value: string | null | undefined, label: string): string | undefined {
  if (!hasVisibleCharacter(value)) return `${label} is required`;
  if (trimText(value ?? '').length < MIN_NAME_LENGTH)
    return `${label} must be at least ${MIN_NAME_LENGTH} characters`;
  return undefined;
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

/** A password chosen with its confirmation, at registration and from a reset link. */
export function newPasswordErrors(form: { password: string; confirmPassword: string }): {
  password?: string;
  confirmPassword?: string;
} {
  let password: string | undefined;
  if (empty(form.password)) password = 'Password is required';
  else if (form.password.length < MIN_PASSWORD_LENGTH) {
    password = `Password must be at least ${MIN_PASSWORD_LENGTH} characters`;
  }
  let confirmPassword: string | undefined;
  if (empty(form.confirmPassword)) confirmPassword = 'Please confirm your password';
  else if (form.confirmPassword !== form.password) confirmPassword = 'Passwords do not match';
  return { password, confirmPassword };
}

export function validateRegister(form: RegisterForm): FieldErrors<keyof RegisterForm> {
  const { password, confirmPassword } = newPasswordErrors(form);
  return collect<keyof RegisterForm>([
    ['email', emailError(form.email)],
    ['first_name', nameError(form.first_name, 'First name')],
    ['last_name', nameError(form.last_name, 'Last name')],
    ['password', password],
    ['confirmPassword', confirmPassword],
    ['passphrase', blank(form.passphrase) ? 'Passphrase is required' : undefined],
  ]);
}
