// Amounts as a person types them in their language (issue 26): a Czech person writes "12,50" and "1 226,50".
// Apart from money.ts, which the sign-in path loads: only the amount fields need this.
import { MONEY_LOCALE, parseDecimalText } from './money';

const decimalCommas = new Map<string, boolean>();

/** Whether `locale` writes a decimal comma ("12,50" in Czech), as Intl says. */
export function writesDecimalComma(locale: string = MONEY_LOCALE): boolean {
  let found = decimalCommas.get(locale);
  if (found === undefined) {
    found =
      new Intl.NumberFormat(locale).formatToParts(1.5).find((part) => part.type === 'decimal')?.value === ',';
    decimalCommas.set(locale, found);
  }
  return found;
}

/** Spaces that group digits: a space, a no-break space and a narrow no-break space ("1 226,50"). */
const GROUP_SPACE = /[ \u00a0\u202f]/g;

/**
 * What a person typed in an amount field as the plain decimal text parseMoney reads, in their locale's
 * way of writing numbers: in a language with a decimal comma (Czech) "12,50" and "1 226,50" read as
 * "12.50" and "1226.50" (a point is taken too: "12.50"); text with both a comma and a point, more than
 * one comma, or anything else that is not a number comes back as typed, for parseMoney to refuse. In
 * English the text comes back as typed: "1,226" is not read as anything. Text only, never a float.
 */
export function decimalInput(text: string, locale: string = MONEY_LOCALE): string {
  if (!writesDecimalComma(locale)) return text;
  const trimmed = text.trim();
  const compact = /^[+-]?\d{1,3}(?:[ \u00a0\u202f]\d{3})+(?:[.,]\d*)?$/.test(trimmed)
    ? trimmed.replace(GROUP_SPACE, '')
    : trimmed;
  if ((compact.match(/,/g) ?? []).length > 1 || (compact.includes(',') && compact.includes('.'))) return text;
  const plain = compact.replace(',', '.');
  return parseDecimalText(plain) === null ? text : plain;
}

/** A plain decimal ("12.50", as the forms keep amounts) written for the locale's people: Czech "12,50". */
export function decimalOutput(plain: string, locale: string = MONEY_LOCALE): string {
  return writesDecimalComma(locale) && parseDecimalText(plain.trim()) !== null
    ? plain.replace('.', ',')
    : plain;
}
