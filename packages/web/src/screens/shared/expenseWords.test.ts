import { afterEach, describe, expect, it } from 'vitest';
import '../../i18n/czech';
import { setActiveLanguage } from '../../i18n/language';
import { declinedText, directionText, groupNameText, payerText } from './expenseWords';

describe('the words of an expense row', () => {
  afterEach(() => setActiveLanguage('en'));

  it('are the spec words in English', () => {
    expect(groupNameText({ Group: null })).toBe('Personal');
    expect(groupNameText({ Group: { name: ' Chata ' } })).toBe('Chata');
    expect(declinedText({ by: { display_name: 'Bob' } })).toBe('Declined by Bob');
    expect(declinedText({ by: { display_name: ' ' } })).toBe('Declined by someone');
    expect(declinedText(null)).toBeNull();
    expect(payerText({ display_name: null, email: 'bob@example.com' })).toBe('bob@example.com');
    expect(payerText(null)).toBe('Unknown');
    expect(directionText('owe')).toBe('you owe');
    expect(directionText('owed')).toBe('you are owed');
  });

  it('are Czech in Czech', () => {
    setActiveLanguage('cs');
    expect(groupNameText({})).toBe('Osobní');
    expect(declinedText({ by: { display_name: 'Petr' } })).toBe('Odmítnuto (Petr)');
    expect(payerText({})).toBe('Neznámý');
    expect(directionText('owe')).toBe('dlužíte');
    expect(directionText('owed')).toBe('dluží vám');
  });
});
