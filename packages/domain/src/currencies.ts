// Currencies Kitty knows: ISO 4217 code, English name, display symbol and minor-unit exponent.
// Amounts in JSON carry at most two decimals, so the exponent used for parsing is min(ISO exponent, 2);
// amounts are shown with that many decimals (a JPY amount of 1200 is shown "¥1,200"; see money.ts).

export interface Currency {
  readonly code: string;
  readonly name: string;
  readonly symbol: string;
  /** ISO 4217 minor-unit exponent (JPY 0, most others 2). */
  readonly exponent: number;
}

export const FALLBACK_CURRENCY = 'USD';
export const DEFAULT_USER_CURRENCY = 'EUR';

const TABLE = [
  { code: 'USD', name: 'US Dollar', symbol: '$', exponent: 2 },
  { code: 'EUR', name: 'Euro', symbol: '€', exponent: 2 },
  { code: 'GBP', name: 'British Pound', symbol: '£', exponent: 2 },
  { code: 'CZK', name: 'Czech Koruna', symbol: 'Kč', exponent: 2 },
  { code: 'MXN', name: 'Mexican Peso', symbol: '$', exponent: 2 },
  { code: 'CAD', name: 'Canadian Dollar', symbol: 'CA$', exponent: 2 },
  { code: 'AUD', name: 'Australian Dollar', symbol: 'A$', exponent: 2 },
  { code: 'CHF', name: 'Swiss Franc', symbol: 'CHF', exponent: 2 },
  { code: 'JPY', name: 'Japanese Yen', symbol: '¥', exponent: 0 },
  { code: 'PLN', name: 'Polish Zloty', symbol: 'zł', exponent: 2 },
  { code: 'SEK', name: 'Swedish Krona', symbol: 'kr', exponent: 2 },
  { code: 'NOK', name: 'Norwegian Krone', symbol: 'kr', exponent: 2 },
  { code: 'DKK', name: 'Danish Krone', symbol: 'kr', exponent: 2 },
  { code: 'HUF', name: 'Hungarian Forint', symbol: 'Ft', exponent: 2 },
  { code: 'INR', name: 'Indian Rupee', symbol: '₹', exponent: 2 },
  { code: 'CNY', name: 'Chinese Yuan', symbol: '¥', exponent: 2 },
  { code: 'BRL', name: 'Brazilian Real', symbol: 'R$', exponent: 2 },
  { code: 'NZD', name: 'New Zealand Dollar', symbol: 'NZ$', exponent: 2 },
] as const satisfies readonly Currency[];

export type CurrencyCode = (typeof TABLE)[number]['code'];

export const CURRENCIES: Readonly<Record<CurrencyCode, Currency>> = Object.fromEntries(
  TABLE.map((c) => [c.code, c]),
) as Record<CurrencyCode, Currency>;

/** Known codes, in the order the pickers list them. */
export const CURRENCY_CODES: readonly CurrencyCode[] = TABLE.map((c) => c.code);

export function isKnownCurrency(code: unknown): code is CurrencyCode {
  return typeof code === 'string' && Object.hasOwn(CURRENCIES, code);
}

export function getCurrency(code: string): Currency | undefined {
  return isKnownCurrency(code) ? CURRENCIES[code] : undefined;
}

/** The symbol to show before an amount; an unknown code shows as itself, no code at all as "$" (USD). */
export function currencySymbol(code: string | null | undefined): string {
  if (!code) return CURRENCIES[FALLBACK_CURRENCY].symbol;
  return getCurrency(code)?.symbol ?? code;
}

export function currencyName(code: string): string {
  return getCurrency(code)?.name ?? code;
}

/** How every currency picker names a currency: "EUR - Euro" (the name from the configuration when given). */
export function currencyLabel(code: string, name: string = currencyName(code)): string {
  return `${code} - ${name}`;
}

/**
 * Decimal places an amount in this currency may carry on input and in JSON: min(ISO exponent, 2).
 * One minor unit of a currency is 10^-currencyExponent(code) of its main unit. Unknown codes: 2.
 */
export function currencyExponent(code: string | null | undefined): number {
  const currency = code ? getCurrency(code) : undefined;
  return Math.min(currency?.exponent ?? 2, 2);
}

/** The shape of GET /config/currencies: code -> { name, symbol }. */
export function currencyConfig(): Record<string, { name: string; symbol: string }> {
  return Object.fromEntries(TABLE.map((c) => [c.code, { name: c.name, symbol: c.symbol }]));
}
