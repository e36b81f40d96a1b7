// Expense categories: stored values and the names people see.

export const EXPENSE_CATEGORIES = [
  'groceries',
  'dining',
  'transport',
  'accommodation',
  'travel',
  'entertainment',
  'utilities',
  'rent',
  'shopping',
  'health',
  'gifts',
  'other',
] as const;

export type ExpenseCategory = (typeof EXPENSE_CATEGORIES)[number];

export const DEFAULT_CATEGORY: ExpenseCategory = 'groceries';

export const CATEGORY_DISPLAY_NAMES: Readonly<Record<ExpenseCategory, string>> = {
  groceries: 'Groceries',
  dining: 'Dining Out',
  transport: 'Transport',
  accommodation: 'Accommodation',
  travel: 'Travel',
  entertainment: 'Entertainment',
  utilities: 'Utilities',
  rent: 'Rent',
  shopping: 'Shopping',
  health: 'Health',
  gifts: 'Gifts',
  other: 'Other',
};

export function isExpenseCategory(value: unknown): value is ExpenseCategory {
  return typeof value === 'string' && Object.hasOwn(CATEGORY_DISPLAY_NAMES, value);
}

/** Display name of a category; an unknown value is shown as given, a missing one as "Other". */
export function categoryDisplayName(value: string | null | undefined): string {
  if (!value) return CATEGORY_DISPLAY_NAMES.other;
  return isExpenseCategory(value) ? CATEGORY_DISPLAY_NAMES[value] : value;
}

/** The shape of GET /config/categories: the values list plus display names. */
export function categoryConfig(): {
  values: ExpenseCategory[];
  displayNames: Record<ExpenseCategory, string>;
} {
  return { values: [...EXPENSE_CATEGORIES], displayNames: { ...CATEGORY_DISPLAY_NAMES } };
}
