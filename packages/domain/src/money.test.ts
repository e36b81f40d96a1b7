import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AMOUNT_NEGATIVE,
  AMOUNT_NOT_POSITIVE,
  AMOUNT_TOO_LARGE,
  addMinor,
  decimalText,
  decimalToMinor,
  formatMoney,
  formatMoneyWithSymbol,
  MONEY_LOCALE,
  MAX_AMOUNT,
  numberOfDecimalText,
  parseAmount,
  parseMoney,
  roundDecimalText,
  sumMinor,
  toDecimal,
} from './money';
import { CURRENCY_CODES, currencyExponent, currencySymbol } from './currencies';
import { minorArb } from './testing/arbitraries';

const ok = (value: number) => ({ ok: true, value });
const err = (error: string) => ({ ok: false, error });

describe('parseMoney reads decimal text exactly', () => {
  it('reads strings and numbers into minor units without float arithmetic', () => {
    expect(parseMoney('12.50')).toEqual(ok(1250));
    expect(parseMoney(' 12.5 ')).toEqual(ok(1250));
    expect(parseMoney(12.5)).toEqual(ok(1250));
    expect(parseMoney(0.07)).toEqual(ok(7)); // 0.07 * 100 is 7.000000000000001 in floats
    expect(parseMoney(1.15)).toEqual(ok(115)); // 1.15 * 100 is 114.99999999999999
    expect(parseMoney('95')).toEqual(ok(9500));
    expect(parseMoney('-3.20')).toEqual(ok(-320));
    expect(parseMoney('.5')).toEqual(ok(50));
    expect(parseMoney('12.500')).toEqual(ok(1250));
    expect(parseMoney(1e-2)).toEqual(ok(1));
  });

  it('rejects empty, non-numeric, NaN and Infinity with clear messages', () => {
    expect(parseMoney('')).toEqual(err('Amount is required'));
    expect(parseMoney('   ')).toEqual(err('Amount is required'));
    expect(parseMoney('abc')).toEqual(err('Amount must be a number'));
    expect(parseMoney('1,50')).toEqual(err('Amount must be a number'));
    expect(parseMoney('1e3')).toEqual(err('Amount must be a number'));
    expect(parseMoney('.')).toEqual(err('Amount must be a number'));
    expect(parseMoney(Number.NaN)).toEqual(err('Amount must be a number'));
    expect(parseMoney(Number.POSITIVE_INFINITY)).toEqual(err('Amount must be a finite number'));
  });

  it('rejects more decimals than the currency has (never rounds a cent away)', () => {
    expect(parseMoney('1.005')).toEqual(err('Amount can have at most 2 decimal places'));
    expect(parseMoney(0.1 + 0.2)).toEqual(err('Amount can have at most 2 decimal places'));
    expect(parseMoney(1e-7)).toEqual(err('Amount can have at most 2 decimal places'));
    expect(parseMoney('1200', 'JPY')).toEqual(ok(1200));
    expect(parseMoney('1200.00', 'JPY')).toEqual(ok(1200));
    expect(parseMoney('12.5', 'JPY')).toEqual(err('Amounts in JPY must be whole numbers'));
    expect(parseMoney('1', 'XYZ')).toEqual(err('Unknown currency XYZ'));
  });

  it('rejects amounts beyond Number.MAX_SAFE_INTEGER minor units', () => {
    expect(parseMoney('90071992547409.91')).toEqual(ok(Number.MAX_SAFE_INTEGER));
    expect(parseMoney('90071992547409.92')).toEqual(err('Amount is too large'));
    expect(parseMoney(1e21)).toEqual(err('Amount is too large'));
    expect(parseMoney('-90071992547409.92')).toEqual(err('Amount is too large'));
  });
});

describe("formatMoney writes the plain decimal with the currency's decimals", () => {
  it('formats positive, negative, small and zero amounts', () => {
    expect(formatMoney(1250)).toBe('12.50');
    expect(formatMoney(-1250)).toBe('-12.50');
    expect(formatMoney(5)).toBe('0.05');
    expect(formatMoney(-5)).toBe('-0.05');
    expect(formatMoney(0)).toBe('0.00');
    expect(formatMoney(123456789)).toBe('1234567.89');
    expect(formatMoney(1200, 'JPY')).toBe('1200');
    expect(formatMoney(122650, 'CZK')).toBe('1226.50');
  });

  it('refuses to format something that is not whole minor units', () => {
    expect(() => formatMoney(1.5)).toThrow('whole number of minor units');
  });
});

describe('formatMoneyWithSymbol writes amounts for people through Intl', () => {
  it('gives yen no decimals and groups thousands', () => {
    expect(formatMoneyWithSymbol(1000, 'JPY')).toBe('¥1,000');
    expect(formatMoneyWithSymbol(333, 'JPY')).toBe('¥333');
    expect(formatMoneyWithSymbol(-1234567, 'JPY')).toBe('-¥1,234,567');
  });

  it('writes koruna with grouping and its symbol set apart by a no-break space', () => {
    expect(formatMoneyWithSymbol(122650, 'CZK')).toBe('Kč\u00a01,226.50');
    expect(formatMoneyWithSymbol(99, 'CZK')).toBe('Kč\u00a00.99');
  });

  it('writes euro and dollar amounts with two decimals and grouping', () => {
    expect(formatMoneyWithSymbol(1250, 'EUR')).toBe('€12.50');
    expect(formatMoneyWithSymbol(123456789, 'EUR')).toBe('€1,234,567.89');
    expect(formatMoneyWithSymbol(5000, 'USD')).toBe('$50.00');
    expect(formatMoneyWithSymbol(1000, 'GBP')).toBe('£10.00');
  });

  it('puts the minus before the symbol, and a plus only when asked (the spec\'s "+$50.00")', () => {
    expect(formatMoneyWithSymbol(-1250, 'EUR')).toBe('-€12.50');
    expect(formatMoneyWithSymbol(-600, 'USD', { signed: true })).toBe('-$6.00');
    expect(formatMoneyWithSymbol(5000, 'USD', { signed: true })).toBe('+$50.00');
    expect(formatMoneyWithSymbol(-122650, 'CZK', { signed: true })).toBe('-Kč\u00a01,226.50');
  });

  it('writes zero unsigned (the spec\'s "$0.00 settled")', () => {
    expect(formatMoneyWithSymbol(0, 'USD')).toBe('$0.00');
    expect(formatMoneyWithSymbol(0, 'USD', { signed: true })).toBe('$0.00');
    expect(formatMoneyWithSymbol(0, 'JPY', { signed: true })).toBe('¥0');
  });

  it("uses Kitty's symbol and decimals, never rounding (HUF keeps its fillér)", () => {
    expect(formatMoneyWithSymbol(500, 'CAD')).toBe('CA$5.00');
    expect(formatMoneyWithSymbol(500, 'MXN')).toBe('$5.00');
    expect(formatMoneyWithSymbol(122650, 'HUF')).toBe('Ft\u00a01,226.50');
    expect(formatMoneyWithSymbol(Number.MAX_SAFE_INTEGER, 'USD')).toBe('$90,071,992,547,409.91');
  });

  it("every currency, any amount: Intl's own parts, with Kitty's symbol in place of Intl's", () => {
    fc.assert(
      fc.property(minorArb(), fc.constantFrom(...CURRENCY_CODES), fc.boolean(), (m, code, signed) => {
        const digits = currencyExponent(code);
        const parts = new Intl.NumberFormat(MONEY_LOCALE, {
          style: 'currency',
          currency: code,
          currencyDisplay: 'narrowSymbol',
          signDisplay: signed ? 'exceptZero' : 'auto',
          minimumFractionDigits: digits,
          maximumFractionDigits: digits,
        }).formatToParts(formatMoney(m, code) as `${number}`);
        const expected = parts.map((p) => (p.type === 'currency' ? currencySymbol(code) : p.value)).join('');
        expect(formatMoneyWithSymbol(m, code, { signed })).toBe(expected);
      }),
    );
  });

  it('writes an unknown code in place of a symbol', () => {
    expect(formatMoneyWithSymbol(1000, 'XYZ')).toBe('XYZ\u00a010.00');
    expect(formatMoneyWithSymbol(-1000, 'xx', { signed: true })).toBe('-xx10.00');
  });
});

describe('money round-trips between minor units and decimals', () => {
  it('parseMoney(formatMoney(m)) is m for every safe amount', () => {
    fc.assert(
      fc.property(minorArb(), (m) => {
        expect(parseMoney(formatMoney(m))).toEqual(ok(m));
        expect(parseMoney(formatMoney(m, 'JPY'), 'JPY')).toEqual(ok(m));
      }),
    );
  });

  it('the JSON decimal reads back to the same minor units (|m| < 10^15)', () => {
    const m15 = 10 ** 15 - 1;
    fc.assert(
      fc.property(fc.integer({ min: -m15, max: m15 }), fc.constantFrom('EUR', 'JPY', 'USD'), (m, cur) => {
        const decimal = toDecimal(m, cur);
        expect(decimal).toBe(Number(formatMoney(m, cur)));
        expect(parseMoney(decimal, cur)).toEqual(ok(m));
        expect(parseMoney(JSON.parse(JSON.stringify(decimal)) as number, cur)).toEqual(ok(m));
      }),
    );
  });

  it('toDecimal refuses an amount that a JSON number cannot carry exactly', () => {
    expect(() => toDecimal(Number.MAX_SAFE_INTEGER)).toThrow('too large to write exactly as a decimal');
  });
});

describe('decimalText writes a number as its exact decimal text, numberOfDecimalText reads it back', () => {
  it('writes plain decimals, never an exponent', () => {
    expect(decimalText(33.33)).toBe('33.33');
    expect(decimalText(100)).toBe('100');
    expect(decimalText(1e-7)).toBe('0.0000001');
    expect(decimalText(-0.5)).toBe('-0.5');
    expect(decimalText(1e21)).toBe('1000000000000000000000');
  });

  it('reads back the very same number for every finite double', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (n) => {
        expect(numberOfDecimalText(decimalText(n))).toBe(n + 0);
      }),
    );
  });

  it('refuses text that is not a plain decimal or that no double holds exactly', () => {
    expect(numberOfDecimalText('12.5')).toBe(12.5);
    expect(numberOfDecimalText('1e3')).toBeNull();
    expect(numberOfDecimalText('abc')).toBeNull();
    expect(numberOfDecimalText('33.333333333333333333')).toBeNull();
  });
});

describe('decimalToMinor reads a JSON amount into minor units, or null when it is not one', () => {
  it('reads the decimals of the currency exactly', () => {
    expect(decimalToMinor(12.5, 'EUR')).toBe(1250);
    expect(decimalToMinor('-0.1', 'EUR')).toBe(-10);
    expect(decimalToMinor(1200, 'JPY')).toBe(1200);
  });

  it('gives null, never 0, for a missing amount or one with more decimals than the currency has', () => {
    expect(decimalToMinor(null, 'EUR')).toBeNull();
    expect(decimalToMinor(undefined, 'EUR')).toBeNull();
    expect(decimalToMinor(0.001, 'EUR')).toBeNull();
    expect(decimalToMinor(0.5, 'JPY')).toBeNull();
    expect(decimalToMinor('abc', 'EUR')).toBeNull();
  });
});

describe('sums stay within safe integers', () => {
  it('adds exactly and throws instead of losing a cent to overflow', () => {
    expect(sumMinor([1, 2, 3])).toBe(6);
    expect(addMinor(-5, 5)).toBe(0);
    expect(() => sumMinor([Number.MAX_SAFE_INTEGER, 1])).toThrow('Total is too large');
    expect(() => addMinor(0.5, 1)).toThrow('whole number');
    expect(sumMinor([Number.MAX_SAFE_INTEGER, 1, -1])).toBe(Number.MAX_SAFE_INTEGER);
  });
});

describe('roundDecimalText rounds the exact decimal, halves away from zero', () => {
  it('rounds 1.005 up even though the float is below it', () => {
    expect(roundDecimalText(1.005, 2)).toBe('1.01');
    expect(roundDecimalText(-1.005, 2)).toBe('-1.01');
    expect(roundDecimalText(33.333333, 2)).toBe('33.33');
    expect(roundDecimalText(5, 2)).toBe('5.00');
    expect(roundDecimalText(-0.001, 2)).toBe('0.00');
  });
});

describe('parseAmount: the one rule of an amount a person enters', () => {
  it('refuses more decimals than the currency has, with a message for the field', () => {
    expect(parseAmount('100.005', 'EUR')).toEqual({
      ok: false,
      error: 'Amount can have at most 2 decimal places',
    });
    expect(parseAmount('1000.50', 'JPY')).toEqual({
      ok: false,
      error: 'Amounts in JPY must be whole numbers',
    });
    expect(parseAmount('30.0000000000000000001', 'EUR').ok).toBe(false);
    expect(parseAmount('100.00', 'EUR')).toEqual({ ok: true, value: 10000 });
    expect(parseAmount('1000', 'JPY')).toEqual({ ok: true, value: 1000 });
  });

  it('refuses anything above the maximum, in any currency, and what is not of the field sign', () => {
    expect(parseAmount(MAX_AMOUNT, 'EUR')).toEqual({ ok: true, value: MAX_AMOUNT * 100 });
    expect(parseAmount('1000000000.01', 'EUR')).toEqual({ ok: false, error: AMOUNT_TOO_LARGE });
    expect(parseAmount('1000000001', 'JPY')).toEqual({ ok: false, error: AMOUNT_TOO_LARGE });
    expect(parseAmount('-1000000000.01', 'EUR', 'signed')).toEqual({ ok: false, error: AMOUNT_TOO_LARGE });
    expect(parseAmount('0', 'EUR')).toEqual({ ok: false, error: AMOUNT_NOT_POSITIVE });
    expect(parseAmount('0', 'EUR', 'nonNegative')).toEqual({ ok: true, value: 0 });
    expect(parseAmount('-1', 'EUR', 'nonNegative')).toEqual({ ok: false, error: AMOUNT_NEGATIVE });
    expect(parseAmount('-1', 'EUR', 'signed')).toEqual({ ok: true, value: -100 });
    expect(parseAmount('', 'EUR')).toEqual({ ok: false, error: 'Amount is required' });
  });
});
