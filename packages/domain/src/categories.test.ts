import { describe, expect, it } from 'vitest';
import { categoryConfig, categoryDisplayName, DEFAULT_CATEGORY, EXPENSE_CATEGORIES } from './categories';

describe('categories', () => {
  it('defaults to groceries and shows display names', () => {
    expect(DEFAULT_CATEGORY).toBe('groceries');
    expect(categoryDisplayName('dining')).toBe('Dining Out');
    expect(categoryDisplayName('groceries')).toBe('Groceries');
    expect(categoryDisplayName('mystery')).toBe('mystery');
    expect(categoryDisplayName(null)).toBe('Other');
    expect(EXPENSE_CATEGORIES).toHaveLength(12);
    expect(categoryConfig().displayNames.transport).toBe('Transport');
  });
});
