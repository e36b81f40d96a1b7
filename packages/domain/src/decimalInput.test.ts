import { describe, expect, it } from 'vitest';
import { decimalInput, decimalOutput, writesDecimalComma } from './decimalInput';
import { parseAmount } from './money';

// A Czech person types amounts with a decimal comma; what they type is read exactly, never through a float.

describe('amounts as a person types them', () => {
  it('knows which locales write a decimal comma', () => {
    expect(writesDecimalComma('cs-CZ')).toBe(true);
    expect(writesDecimalComma('en-US')).toBe(false);
    expect(writesDecimalComma()).toBe(false);
  });

  it('reads a Czech decimal comma and grouping spaces as the plain decimal', () => {
    expect(decimalInput('12,50', 'cs-CZ')).toBe('12.50');
    expect(decimalInput(' 0,1 ', 'cs-CZ')).toBe('0.1');
    expect(decimalInput('1 226,50', 'cs-CZ')).toBe('1226.50');
    expect(decimalInput('1\u00a0226,50', 'cs-CZ')).toBe('1226.50');
    expect(decimalInput('12 345 678', 'cs-CZ')).toBe('12345678');
    expect(decimalInput('-3,5', 'cs-CZ')).toBe('-3.5');
    expect(decimalInput('12,', 'cs-CZ')).toBe('12.');
  });

  it('still takes a point in Czech, and leaves what is not a number as typed', () => {
    expect(decimalInput('12.50', 'cs-CZ')).toBe('12.50');
    expect(decimalInput('1,2,3', 'cs-CZ')).toBe('1,2,3');
    expect(decimalInput('1.226,50', 'cs-CZ')).toBe('1.226,50');
    expect(decimalInput('12 34,5', 'cs-CZ')).toBe('12 34,5');
    expect(decimalInput('abc', 'cs-CZ')).toBe('abc');
  });

  it('leaves English as typed: a comma is no decimal point there', () => {
    expect(decimalInput('12,50', 'en-US')).toBe('12,50');
    expect(decimalInput('12.50')).toBe('12.50');
    expect(parseAmount(decimalInput('1,226', 'en-US'), 'EUR')).toEqual({
      ok: false,
      error: 'Amount must be a number',
    });
  });

  it('gives exact minor units through parseAmount, and the currency rules still hold', () => {
    expect(parseAmount(decimalInput('0,29', 'cs-CZ'), 'CZK')).toEqual({ ok: true, value: 29 });
    expect(parseAmount(decimalInput('1 226,50', 'cs-CZ'), 'CZK')).toEqual({ ok: true, value: 122650 });
    expect(parseAmount(decimalInput('12,505', 'cs-CZ'), 'EUR')).toEqual({
      ok: false,
      error: 'Amount can have at most 2 decimal places',
    });
    expect(parseAmount(decimalInput('1 000,5', 'cs-CZ'), 'JPY').ok).toBe(false);
  });

  it('writes a plain decimal back with the comma for Czech, as typed for English', () => {
    expect(decimalOutput('12.50', 'cs-CZ')).toBe('12,50');
    expect(decimalOutput('12.50', 'en-US')).toBe('12.50');
    expect(decimalOutput('', 'cs-CZ')).toBe('');
    expect(decimalInput(decimalOutput('1226.05', 'cs-CZ'), 'cs-CZ')).toBe('1226.05');
  });
});
