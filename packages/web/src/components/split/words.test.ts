import {
  AMOUNT_NOT_POSITIVE,
  DESCRIPTION_REQUIRED,
  EXPENSE_CATEGORIES,
  categoryDisplayName,
  parseAmount,
  SPLIT_TYPE_LABELS,
  SPLIT_TYPES,
  trySplitExpense,
} from '@kitty/domain';
import { afterEach, describe, expect, it } from 'vitest';
import '../../i18n/czech';
import { setActiveLanguage } from '../../i18n/language';
import { detailsFromTexts } from './splitForm';
import { categoryName, expenseProblem, splitTypeLabel } from './words';

// The expense rules' messages, split methods and categories: the domain's English word for word, Czech
// once the app speaks Czech, and a server's own message as it came.

describe('expense words', () => {
  afterEach(() => setActiveLanguage('en'));

  it('are the domain English in English', () => {
    for (const type of SPLIT_TYPES) expect(splitTypeLabel(type)).toBe(SPLIT_TYPE_LABELS[type]);
    for (const category of [...EXPENSE_CATEGORIES, 'custom', null])
      expect(categoryName(category)).toBe(categoryDisplayName(category));
    expect(expenseProblem(DESCRIPTION_REQUIRED)).toBe(DESCRIPTION_REQUIRED);
    const decimals = parseAmount('1.005', 'EUR');
    expect(decimals.ok ? '' : expenseProblem(decimals.error)).toBe(
      'Amount can have at most 2 decimal places',
    );
  });

  it('are Czech in Czech, the messages built from values included', () => {
    setActiveLanguage('cs');
    expect(splitTypeLabel('shares')).toBe('Rozdělit podle podílů');
    expect(categoryName('dining')).toBe('Restaurace');
    expect(categoryName('custom')).toBe('custom');
    expect(expenseProblem(DESCRIPTION_REQUIRED)).toBe('Zadejte popis výdaje');
    expect(expenseProblem(AMOUNT_NOT_POSITIVE)).toBe('Částka musí být větší než 0');
    const decimals = parseAmount('1.005', 'EUR');
    expect(decimals.ok ? '' : expenseProblem(decimals.error)).toBe(
      'Částka může mít nejvýše 2 desetinná místa',
    );
    const yen = parseAmount('1.5', 'JPY');
    expect(yen.ok ? '' : expenseProblem(yen.error)).toBe('Částky v JPY musí být celá čísla');
    const read = detailsFromTexts('percentage', { a: 'abc' }, ['a'], 'EUR');
    expect(read.ok ? '' : expenseProblem(read.error)).toBe('Procento musí být číslo');
    const split = trySplitExpense({
      amount: 100,
      participants: ['a'],
      split_type: 'adjustment',
      details: { adjustments: { b: 1 } },
    });
    expect(split.ok ? '' : expenseProblem(split.error.message)).toBe(
      'Úprava je zadaná u někoho, kdo se výdaje neúčastní',
    );
    expect(expenseProblem('A message from the server')).toBe('A message from the server');
    expect(expenseProblem(undefined)).toBeUndefined();
  });
});
