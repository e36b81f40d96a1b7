import { describe, expect, it } from 'vitest';
import { formatDateTime, formatShortDate, formatTime, relativeDayLabel } from './dates';
import { languageOf, parseAcceptLanguage, pickLanguage } from './locale';

describe('which language a person gets', () => {
  it('reads Accept-Language by weight, leaving out q=0 and *', () => {
    expect(parseAcceptLanguage('cs-CZ,cs;q=0.9,en;q=0.8')).toEqual(['cs-CZ', 'cs', 'en']);
    expect(parseAcceptLanguage('en;q=0.5, cs')).toEqual(['cs', 'en']);
    expect(parseAcceptLanguage('de;q=0, *;q=0.1, cs;q=0.2')).toEqual(['cs']);
    expect(parseAcceptLanguage(undefined)).toEqual([]);
    expect(parseAcceptLanguage('x'.repeat(2000))).toEqual([]);
  });

  it('takes the first language Kitty speaks, English when none', () => {
    expect(pickLanguage(['de-DE', 'cs-CZ', 'en'])).toBe('cs');
    expect(pickLanguage(['en-GB', 'cs'])).toBe('en');
    expect(pickLanguage(['de', 'fr'])).toBe('en');
    expect(pickLanguage([])).toBe('en');
    expect(languageOf('CS_cz')).toBe('cs');
    expect(languageOf('sk')).toBeNull();
  });

  it('names today and yesterday in the spec words in English and in Intl words elsewhere', () => {
    expect(relativeDayLabel(0)).toBe('Today');
    expect(relativeDayLabel(-1)).toBe('Yesterday');
    expect(relativeDayLabel(0, 'cs-CZ')).toBe('Dnes');
    expect(relativeDayLabel(-1, 'cs-CZ')).toBe('Včera');
    expect(relativeDayLabel(-2, 'cs-CZ')).toBeNull();
  });
});

import { historyDayLabel } from './history';
import { formatMoneyWithSymbol } from './money';

describe('formatting in the active locale', () => {
  const date = new Date(2026, 10, 26, 17, 7);
  it('writes Czech dates as "26. 11. 2026" and English ones as the spec does', () => {
    expect(formatShortDate(date)).toBe('Nov 26, 2026');
    expect(formatShortDate(date, 'cs-CZ')).toBe('26.\u00a011.\u00a02026');
    expect(formatTime(date, 'cs-CZ')).toBe('17:07');
    expect(formatDateTime(date, 'cs-CZ')).toBe(
      new Intl.DateTimeFormat('cs-CZ', { dateStyle: 'full', timeStyle: 'short' }).format(date),
    );
  });

  it('writes koruna after the amount with a non-breaking space in Czech', () => {
    expect(formatMoneyWithSymbol(122650, 'CZK', { locale: 'cs-CZ' })).toBe('1\u00a0226,50\u00a0Kč');
    expect(formatMoneyWithSymbol(-1250, 'EUR', { locale: 'cs-CZ' })).toBe('-12,50\u00a0€');
    expect(formatMoneyWithSymbol(122650, 'USD')).toBe('$1,226.50');
  });

  it('labels today and yesterday of the history in the locale', () => {
    const now = new Date('2026-11-26T12:00:00Z');
    const options = { now, timeZone: 'Europe/Prague', locale: 'cs-CZ' };
    expect(historyDayLabel(new Date('2026-11-26T08:00:00Z'), options)).toBe('Dnes');
    expect(historyDayLabel(new Date('2026-11-25T08:00:00Z'), options)).toBe('Včera');
  });
});
