import { GROUP_MEMBER_LIMIT_REACHED, MEMBER_HAS_BALANCE } from '@kitty/domain';
import { afterEach, describe, expect, it } from 'vitest';
import '../../i18n/czech';
import { setActiveLanguage } from '../../i18n/language';
import {
  balanceDifferenceWords,
  blockerWords,
  dayText,
  formatOptions,
  importedWords,
  memberStatusWords,
  moneyText,
  problemWords,
  recognisedWords,
  recurringWords,
  refusalWords,
  writeWords,
} from './importWords';

describe('import words', () => {
  it('offers "Detect automatically" first, then each app with its file type', () => {
    expect(formatOptions()[0]).toEqual({ id: 'auto', label: 'Detect automatically' });
    expect(formatOptions().map((o) => o.label)).toContain('Splitwise (CSV)');
    expect(formatOptions().map((o) => o.label)).toContain('Kitty (JSON)');
  });

  it('says who each member becomes', () => {
    expect((['member', 'account', 'invitation', 'unmapped'] as const).map(memberStatusWords)).toEqual([
      'Already a member',
      'Has an account: will be added',
      'Will be invited',
      'Choose who this is',
    ]);
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

  it('lists each row the group already has with its line, day, description and amount', () => {
    const row = { line: 4, date: '2024-06-03', description: 'Café', amount: 1, currency: 'EUR' };
    expect(recognisedWords(row)).toBe('Line 4: 3 June 2024, Café, €1.00');
    expect(recognisedWords({ ...row, date: '2024-06-03T10:00:00.000Z', description: ' ' })).toBe(
      'Line 4: 3 June 2024, €1.00',
    );
  });
});

const rules = [
  { line: 4, description: 'Rent', status: 'paused', paused_by_import: true },
  { line: 9, description: 'Gym', status: 'active', paused_by_import: false },
];

describe('recurring expenses of a file', () => {
  it('counts them and says which comes in paused, and why', () => {
    expect(recurringWords(rules)).toEqual({
      count: '2 recurring expenses',
      paused: [
        'Rent (line 4) is imported paused: it began more than a year ago. Resume it to go on from that day.',
      ],
    });
    expect(recurringWords([])).toEqual({ count: '0 recurring expenses', paused: [] });
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
    // In English the server's own sentence (the domain's); in Czech the words of the code (below).
    expect(
      refusalWords(
        { status: 409, code: 'GROUP_MEMBER_LIMIT_REACHED', message: GROUP_MEMBER_LIMIT_REACHED, data: {} },
        'import',
      ),
    ).toBe(GROUP_MEMBER_LIMIT_REACHED);
  });
});

describe('why Import waits', () => {
  it("says the domain's reasons in the spec's words", () => {
    expect(blockerWords({ reason: 'chooseWho', names: ['Ana'] })).toBe('Choose who Ana is');
    expect(blockerWords({ reason: 'chooseWho', names: ['Ana', 'Bob', 'Chloé'] })).toBe(
      'Choose who Ana, Bob and Chloé are',
    );
    expect(blockerWords({ reason: 'nothingNew' })).toBe(
      'Nothing new to import: every row is already in this group',
    );
  });
});

describe('the import in Czech', () => {
  afterEach(() => setActiveLanguage('en'));

  it('counts with Czech plural forms, money and days', () => {
    setActiveLanguage('cs');
    expect(writeWords({ expenses: 1, settlements: 3, already_imported: 5 })).toBe(
      'K importu: 1 výdaj a 3 platby; 5 řádků už je v této skupině',
    );
    expect(importedWords({ expenses: 22, settlements: 0 })).toBe('Importováno: 22 výdajů a 0 plateb');
    expect(moneyText(-1226.5, 'CZK')).toBe('-1\u00a0226,50\u00a0Kč');
    expect(dayText('2026-01-05')).toBe('5. ledna 2026');
    expect(
      recognisedWords({ line: 2, date: '2026-01-05', description: 'Pizza', amount: 20, currency: 'EUR' }),
    ).toBe('Řádek 2: 5. ledna 2026, Pizza, 20,00\u00a0€');
    expect(balanceDifferenceWords({ member: 'Ana', currency: 'EUR', source: 10.01, imported: 10 })).toBe(
      'Liší se o 0,01\u00a0€',
    );
    expect(blockerWords({ reason: 'chooseWho', names: ['Ana', 'Bob'] })).toBe('Vyberte, kdo jsou Ana a Bob');
    expect(refusalWords({ status: 0 }, 'preview')).toBe('Náhled souboru se nepodařilo vytvořit');
    expect(recurringWords(rules)).toEqual({
      count: '2 opakované výdaje',
      paused: [
        'Rent (řádek 4) se importuje pozastavený: začal před více než rokem. Když ho obnovíte, bude pokračovat od toho dne.',
      ],
    });
    expect(
      refusalWords(
        { status: 409, code: 'GROUP_MEMBER_LIMIT_REACHED', message: 'server words', data: {} },
        'import',
      ),
    ).toBe('Skupina může mít nejvýš 200 členů.');
  });
});
