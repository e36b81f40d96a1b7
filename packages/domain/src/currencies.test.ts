import { describe, expect, it } from 'vitest';
import {
  CURRENCY_CODES,
  currencyConfig,
  currencyExponent,
  currencyLabel,
  currencySymbol,
  DEFAULT_USER_CURRENCY,
  FALLBACK_CURRENCY,
  isKnownCurrency,
} from './currencies';

describe('currencies', () => {
  it('uses the spec fallback symbols for GBP, EUR, CZK and MXN', () => {
    expect(currencySymbol('GBP')).toBe('£');
    expect(currencySymbol('EUR')).toBe('€');
    expect(currencySymbol('CZK')).toBe('Kč');
    expect(currencySymbol('MXN')).toBe('$');
  });

  it('shows an unknown code as itself and no code as the USD "$"', () => {
    expect(currencySymbol('XYZ')).toBe('XYZ');
    expect(currencySymbol(undefined)).toBe('$');
    expect(currencySymbol('')).toBe('$');
  });

  it("has the spec defaults: user EUR, fallback USD (a new group takes its creator's currency)", () => {
    expect(DEFAULT_USER_CURRENCY).toBe('EUR');
    expect(FALLBACK_CURRENCY).toBe('USD');
  });

  it('knows the listed currencies and caps input decimals at two (JPY none)', () => {
    for (const code of ['USD', 'EUR', 'GBP', 'CZK', 'MXN', 'CAD', 'AUD', 'CHF', 'JPY', 'PLN', 'SEK', 'NOK']) {
      expect(isKnownCurrency(code)).toBe(true);
    }
    expect(isKnownCurrency('eur')).toBe(false);
    expect(isKnownCurrency('toString')).toBe(false);
    expect(currencyExponent('JPY')).toBe(0);
    expect(currencyExponent('EUR')).toBe(2);
    expect(Object.keys(currencyConfig())).toEqual(CURRENCY_CODES);
    expect(currencyConfig().EUR).toEqual({ name: 'Euro', symbol: '€' });
  });

  it('names a currency in every picker as "EUR - Euro", with the configuration\'s name when given', () => {
    expect(currencyLabel('EUR')).toBe('EUR - Euro');
    expect(currencyLabel('JPY', 'Yen')).toBe('JPY - Yen');
    expect(currencyLabel('XYZ')).toBe('XYZ - XYZ');
  });
});
