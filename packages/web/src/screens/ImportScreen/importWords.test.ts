import { MEMBER_HAS_BALANCE } from '@kitty/domain';
import { describe, expect, it } from 'vitest';
import {
  balanceDifferenceWords,
  dayText,
  FORMAT_OPTIONS,
  importedWords,
  MEMBER_STATUS_WORDS,
  moneyText,
  problemWords,
  refusalWords,
  writeWords,
} from './importWords';

describe('import words', () => {
  it('offers "Detect automatically" first, then each app with its file type', () => {
    expect(FORMAT_OPTIONS[0]).toEqual({ id: 'auto', label: 'Detect automatically' });
    expect(FORMAT_OPTIONS.map((o) => o.label)).toContain('Splitwise (CSV)');
    expect(FORMAT_OPTIONS.map((o) => o.label)).toContain('Kitty (JSON)');
  });

  it('says who each member becomes', () => {
    expect(MEMBER_STATUS_WORDS).toEqual({
      member: 'Already a member',
      account: 'Has an account: will be added',
      invitation: 'Will be invited',
      unmapped: 'Choose who this is',
    });
  });

  it('names a problem by its line', () => {
    expect(problemWords({ line: 14, message: 'The shares add up to 12.00 EUR, not 12.01 EUR' })).toBe(
      'Line 14: The shares add up to 12.00 EUR, not 12.01 EUR',
    );
  });

  it('writes a file date as a day, whatever the time zone', () => {
    expect(dayText('2026-01-05')).toBe('5 January 2026');
    expect(dayText('not a day')).toBe('not a day');
  });

  it('formats balances with the currency and says a difference in words, to the cent', () => {
    expect(moneyText(-12.5, 'EUR')).toBe('-€12.50');
    expect(moneyText(1200, 'JPY')).toBe('¥1,200');
    const balance = { member: 'Ana', currency: 'EUR', source: 10.01, imported: 10 };
    expect(balanceDifferenceWords(balance)).toBe('Differs by €0.01');
    expect(balanceDifferenceWords({ ...balance, source: 10 })).toBe('Same');
    expect(balanceDifferenceWords({ ...balance, source: null })).toBe('The file does not say');
  });

  it('says what would be written and what the group already has', () => {
    expect(writeWords({ expenses: 3, settlements: 1, already_imported: 0 })).toBe(
      '3 expenses and 1 payment to import',
    );
    expect(writeWords({ expenses: 0, settlements: 0, already_imported: 4 })).toBe(
      '0 expenses and 0 payments to import; 4 rows are already in this group',
    );
    expect(importedWords({ expenses: 1, settlements: 2 })).toBe('Imported 1 expense and 2 payments');
  });
});

describe('refusalWords', () => {
  it('picks the words by the code when the server gave one, else the flow says what failed', () => {
    expect(
      refusalWords({ status: 409, code: 'MEMBER_HAS_BALANCE', message: 'server words', data: {} }, 'import'),
    ).toBe(MEMBER_HAS_BALANCE);
    expect(refusalWords({ status: 0, message: 'No response from server' }, 'import')).toBe(
      'The import failed; nothing was written',
    );
    expect(refusalWords({ status: 0 }, 'preview')).toBe('The file could not be previewed');
  });
});
