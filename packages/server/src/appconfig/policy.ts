import { DEFAULT_CATEGORY } from '@kitty/domain';
import type { FieldError } from '../http/errors';
import type { ExpenseCategories } from './categories';

export const ADMIN_ONLY = 'Only instance administrators can change the configuration.';
export const DEFAULT_CATEGORY_REQUIRED = `The default category ${DEFAULT_CATEGORY} must stay in the list`;
export const DISPLAY_NAME_REQUIRED = 'Every category needs a display name';
export const DISPLAY_NAME_UNUSED = 'A display name was given for a category that is not in the list';

/**
 * Instance administrators are the accounts of the ADMIN_EMAILS addresses (kept lower-case, compared
 * case-insensitively) that proved their address: whoever registers an admin's address first gains nothing.
 */
export function isAdmin(
  adminEmails: readonly string[],
  user: { email: string; email_verified: boolean },
): boolean {
  return user.email_verified && adminEmails.includes(user.email.trim().toLowerCase());
}

/**
 * The categories as they will be saved (labels trimmed, in the order of `values`), or the field errors.
 * The contract's schema has already checked the value format, count and uniqueness.
 */
export function checkCategories(
  input: ExpenseCategories,
): { ok: true; categories: ExpenseCategories } | { ok: false; errors: FieldError[] } {
  const errors: FieldError[] = [];
  if (!input.values.includes(DEFAULT_CATEGORY)) {
    errors.push({ field: 'expenseCategories.values', message: DEFAULT_CATEGORY_REQUIRED });
  }
  const displayNames: Record<string, string> = {};
  for (const value of input.values) {
    const label = Object.hasOwn(input.displayNames, value) ? input.displayNames[value]?.trim() : undefined;
    if (!label)
      errors.push({ field: `expenseCategories.displayNames.${value}`, message: DISPLAY_NAME_REQUIRED });
    else displayNames[value] = label;
  }
  for (const key of Object.keys(input.displayNames)) {
    if (!input.values.includes(key)) {
      errors.push({ field: `expenseCategories.displayNames.${key}`, message: DISPLAY_NAME_UNUSED });
    }
  }
  if (errors.length > 0) return { ok: false, errors };
  return { ok: true, categories: { values: [...input.values], displayNames } };
}
