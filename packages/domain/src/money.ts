// Integer minor units inside, decimals only at the edges. Nothing here multiplies a float by 100:
// decimal input is read from its text (a number through its shortest decimal text, String(n)).
import { currencyExponent, currencySymbol, getCurrency } from './currencies';
import { valueMessageWords } from './valueMessages';

/** An amount in integer minor units of some currency (cents for EUR, yen for JPY). */
export type Minor = number & { readonly __minor: unique symbol };

export type MoneyResult = { ok: true; value: Minor } | { ok: false; error: string };

export const ZERO_MINOR = 0 as Minor;

export function isMinor(value: unknown): value is Minor {
  return typeof value === 'number' && Number.isSafeInteger(value);
}

/** Brands a number as minor units; throws a RangeError unless it is a safe integer. */
export function asMinor(value: number, label = 'Amount'): Minor {
  if (!isMinor(value)) {
    throw new RangeError(
      Number.isInteger(value) ? `${label} is too large` : `${label} must be a whole number of minor units`,
    );
  }
  return value;
}

export function addMinor(a: number, b: number): Minor {
  return asMinor(asMinor(a) + asMinor(b), 'Total');
}

export function subtractMinor(a: number, b: number): Minor {
  return asMinor(asMinor(a) - asMinor(b), 'Difference');
}

/** Sum of minor amounts; throws a RangeError when a value or the total leaves the safe integer range. */
export function sumMinor(values: Iterable<number>): Minor {
  let total = 0n;
  for (const v of values) total += BigInt(asMinor(v));
  if (total > BigInt(Number.MAX_SAFE_INTEGER) || total < BigInt(Number.MIN_SAFE_INTEGER)) {
    throw new RangeError('Total is too large');
  }
  return Number(total) as Minor;
}

// ---- exact decimals -------------------------------------------------------------------------------

/** A decimal number held exactly: (negative ? -1 : 1) * coefficient / 10^scale, no trailing zeros. */
export interface ExactDecimal {
  readonly negative: boolean;
  readonly coefficient: bigint;
  readonly scale: number;
}

const DECIMAL_TEXT = /^([+-])?(\d*)(?:\.(\d*))?$/;

/** Reads "12", "-0.5", "+3.", ".25"; null when the text is not a plain decimal number. */
export function parseDecimalText(text: string): ExactDecimal | null {
  const m = DECIMAL_TEXT.exec(text);
  if (!m) return null;
  const int = m[2] ?? '';
  const frac = (m[3] ?? '').replace(/0+$/, '');
  if (int === '' && (m[3] ?? '') === '') return null;
  const coefficient = BigInt(`${int}${frac}` || '0');
  return { negative: m[1] === '-' && coefficient !== 0n, coefficient, scale: frac.length };
}

/** The exact decimal a finite number stands for, read from its shortest text (so 0.1 is 1/10). */
export function decimalOfNumber(value: number): ExactDecimal {
  if (!Number.isFinite(value)) throw new RangeError('Not a finite number');
  const text = String(value);
  const m = /^(-?)(\d+)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
  if (!m) return parseDecimalText(text)!;
  const [, sign = '', int = '', frac = '', exp = '0'] = m;
  const digits = int + frac;
  const point = int.length + Number(exp);
  let plain: string;
  if (point <= 0) plain = `0.${'0'.repeat(-point)}${digits}`;
  else if (point >= digits.length) plain = digits + '0'.repeat(point - digits.length);
  else plain = `${digits.slice(0, point)}.${digits.slice(point)}`;
  return parseDecimalText(sign + plain)!;
}

/** The decimal as an integer count of 10^-scale units; null when it has more decimals than scale. */
export function scaleDecimal(value: ExactDecimal, scale: number): bigint | null {
  if (value.scale > scale) return null;
  const scaled = value.coefficient * 10n ** BigInt(scale - value.scale);
  return value.negative ? -scaled : scaled;
}

/** Writes units of 10^-scale as decimal text with exactly `scale` decimals: (-1250n, 2) -> "-12.50". */
export function formatScaled(units: bigint, scale: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const int = digits.slice(0, digits.length - scale);
  const frac = digits.slice(digits.length - scale);
  return `${negative ? '-' : ''}${int}${scale > 0 ? `.${frac}` : ''}`;
}

/**
 * A finite number as the exact decimal text it stands for, never in exponent form and without trailing
 * zeros (33.33 -> "33.33", 1e-7 -> "0.0000001", 100 -> "100"): how a file writes a percentage.
 */
export function decimalText(value: number): string {
  const d = decimalOfNumber(value);
  return formatScaled(d.negative ? -d.coefficient : d.coefficient, d.scale);
}

/**
 * decimalText's inverse: the number a plain decimal text ("33.33", "-0.5") stands for, or null when the
 * text is not a plain decimal or no double holds it exactly (more than about 15 significant digits).
 */
export function numberOfDecimalText(text: string): number | null {
  const d = parseDecimalText(text.trim());
  if (!d) return null;
  const value = Number(formatScaled(d.negative ? -d.coefficient : d.coefficient, d.scale));
  const back = decimalOfNumber(value);
  const same = back.coefficient === d.coefficient && back.scale === d.scale && back.negative === d.negative;
  return same ? value + 0 : null;
}

/** Rounds an exact decimal to `decimals` places, halves away from zero, and writes it with that many. */
export function roundDecimalText(value: number, decimals: number): string {
  const d = decimalOfNumber(value);
  let units: bigint;
  if (d.scale <= decimals) units = d.coefficient * 10n ** BigInt(decimals - d.scale);
  else {
    const divisor = 10n ** BigInt(d.scale - decimals);
    units = (d.coefficient * 2n + divisor) / (2n * divisor);
  }
  return formatScaled(d.negative && units !== 0n ? -units : units, decimals);
}

// ---- money at the edges ---------------------------------------------------------------------------

const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/**
 * Reads a decimal amount ("12.50", 12.5, "-3") into minor units of `currency` (default: two decimals).
 * Negative amounts are accepted (adjustments); callers that need a positive amount check `value > 0`.
 */
export function parseMoney(input: string | number, currency?: string): MoneyResult {
  if (currency !== undefined && !getCurrency(currency))
    return fail(valueMessageWords({ id: 'unknownCurrency', values: { currency } }));
  let decimal: ExactDecimal | null;
  if (typeof input === 'number') {
    if (Number.isNaN(input)) return fail('Amount must be a number');
    if (!Number.isFinite(input)) return fail('Amount must be a finite number');
    decimal = decimalOfNumber(input);
  } else if (typeof input === 'string') {
    const text = input.trim();
    if (text === '') return fail('Amount is required');
    decimal = parseDecimalText(text);
    if (!decimal) return fail('Amount must be a number');
  } else {
    return fail('Amount must be a number');
  }
  const exponent = currencyExponent(currency);
  const units = scaleDecimal(decimal, exponent);
  if (units === null) {
    return fail(
      valueMessageWords(
        exponent === 0
          ? { id: 'amountWhole', values: { currency: currency ?? '' } }
          : { id: 'amountDecimals', values: { count: exponent } },
      ),
    );
  }
  if (units > MAX_SAFE || units < -MAX_SAFE) return fail('Amount is too large');
  return { ok: true, value: Number(units) as Minor };
}

function fail(error: string): MoneyResult {
  return { ok: false, error };
}

/** The largest amount anyone records, in whole units of any currency (openapi.yaml: every amount's maximum). */
export const MAX_AMOUNT = 1_000_000_000;
export const AMOUNT_NOT_POSITIVE = 'Amount must be greater than 0';
export const AMOUNT_NEGATIVE = 'Amount cannot be negative';
export const AMOUNT_TOO_LARGE = 'Amount cannot be more than 1,000,000,000';

/** Which amounts a field takes: above zero (an expense, a payment), zero or more, or any sign (adjustments). */
export type AmountSign = 'positive' | 'nonNegative' | 'signed';

/**
 * The rule of every amount a person enters, in forms and on the server alike: a decimal with no more
 * decimals than the currency has (100.005 EUR, 1000.50 JPY are refused), within MAX_AMOUNT either way,
 * and of the sign the field takes. The result holds minor units, or the message to show at the field.
 */
export function parseAmount(
  input: string | number,
  currency: string | undefined,
  sign: AmountSign = 'positive',
): MoneyResult {
  const parsed = parseMoney(input, currency);
  if (!parsed.ok) return parsed;
  const limit = BigInt(MAX_AMOUNT) * 10n ** BigInt(currencyExponent(currency));
  const units = BigInt(parsed.value);
  if (units > limit || units < -limit) return fail(AMOUNT_TOO_LARGE);
  if (sign === 'positive' && units <= 0n) return fail(AMOUNT_NOT_POSITIVE);
  if (sign === 'nonNegative' && units < 0n) return fail(AMOUNT_NEGATIVE);
  return parsed;
}

/**
 * The minor units of an amount as JSON carries it (the server's 12.5 EUR is 1250: toDecimal's inverse); null
 * when there is none or it is not an amount of the currency. A caller that compares it treats null as unknown,
 * never as zero.
 */
export function decimalToMinor(amount: number | string | null | undefined, currency: string): Minor | null {
  if (amount === null || amount === undefined) return null;
  const parsed = parseMoney(amount, currency);
  return parsed.ok ? parsed.value : null;
}

/** Like parseMoney but throws a RangeError with the same message. */
export function parseMoneyOrThrow(input: string | number, currency?: string): Minor {
  const result = parseMoney(input, currency);
  if (!result.ok) throw new RangeError(result.error);
  return result.value;
}

/**
 * The plain decimal with as many decimals as the currency has ("12.50", JPY "1200", "-12.50"), no symbol
 * and no grouping: for input fields and files a program reads back (CSV), where a grouping comma would split
 * the value. What people read goes through formatMoneyWithSymbol.
 */
export function formatMoney(minor: number, currency?: string): string {
  return formatScaled(BigInt(asMinor(minor)), currencyExponent(currency));
}

/** The locale amounts are written in by default: the spec's English. */
export const MONEY_LOCALE = 'en-US';

export interface MoneyFormatOptions {
  /** "+€12.50" for a positive amount (the spec's "+$50.00"); a zero is never signed. */
  signed?: boolean;
  /** The Intl locale: "en-US" (default) writes "Kč 1,226.50", "cs-CZ" writes "1 226,50 Kč". */
  locale?: string;
}

const formatters = new Map<string, { intl: Intl.NumberFormat; symbol: string }>();

function moneyFormatter(
  currency: string,
  signed: boolean,
  locale: string,
): { intl: Intl.NumberFormat; symbol: string } | null {
  // Intl takes any well-formed ISO code; anything else is written by hand below.
  if (!/^[A-Z]{3}$/.test(currency)) return null;
  const key = `${locale}:${currency}:${signed}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    // The decimals come from Kitty's table, not Intl's: Intl writes HUF without its two decimals, and a
    // shown amount must never be rounded.
    const digits = currencyExponent(currency);
    const intl = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      currencyDisplay: 'narrowSymbol',
      signDisplay: signed ? 'exceptZero' : 'auto',
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    // Intl's own symbol, found once: format() and one replacement cost a quarter of formatToParts.
    const symbol = intl.formatToParts(0).find((part) => part.type === 'currency')?.value ?? '';
    formatter = { intl, symbol };
    formatters.set(key, formatter);
  }
  return formatter;
}

/**
 * The one way an amount is shown to people: Intl.NumberFormat for the currency (its decimals, grouping,
 * where the symbol goes, the minus before the symbol), with the symbol from Kitty's currency table (the
 * one GET /config/currencies lists): "€1,226.50", "-€12.50", "¥1,000", "Kč 1,226.50", "CA$5.00".
 * The amount is handed to Intl as exact decimal text, so no float ever rounds it.
 */
export function formatMoneyWithSymbol(
  minor: number,
  currency: string,
  options: MoneyFormatOptions = {},
): string {
  const text = formatMoney(minor, currency);
  const signed = options.signed === true;
  const symbol = currencySymbol(currency);
  const formatter = moneyFormatter(currency, signed, options.locale ?? MONEY_LOCALE);
  if (!formatter) {
    const sign = text.startsWith('-') ? '-' : signed && minor > 0 ? '+' : '';
    return `${sign}${symbol}${text.replace(/^-/, '')}`;
  }
  // The number's own characters (digits, separators, signs) never contain a currency symbol.
  return formatter.intl.format(text as `${number}`).replace(formatter.symbol, () => symbol);
}

/**
 * The decimal number for JSON (1250 -> 12.5): Number() of the exact decimal text. A double carries any
 * decimal of up to 15 significant digits back to the same text, so this is exact for |minor| < 10^15;
 * beyond that it throws rather than let a cent drift (checked, not assumed).
 */
export function toDecimal(minor: number, currency?: string): number {
  const exponent = currencyExponent(currency);
  // Below 10^15 the quotient is the decimal itself: both operands are exact doubles and division rounds the
  // true quotient to the nearest double, exactly as Number() rounds its text. (+ 0 turns -0 into 0.)
  if (Number.isSafeInteger(minor) && Math.abs(minor) < 1e15) return minor / 10 ** exponent + 0;
  const units = BigInt(asMinor(minor));
  const decimal = Number(formatScaled(units, exponent));
  if (scaleDecimal(decimalOfNumber(decimal), exponent) !== units) {
    throw new RangeError('Amount is too large to write exactly as a decimal');
  }
  return decimal;
}
