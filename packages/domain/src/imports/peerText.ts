import { CURRENCY_CODES, getCurrency, isKnownCurrency } from '../currencies';
import { readCsv } from './csvRecords';
import type { ImportParseResult } from './types';

// Small rules the Spliit and IHateMoney readers share: how a member's name is kept, how a spreadsheet's
// formula guard is undone, and which currency a bare symbol stands for.

/** A member's name as Kitty keeps it: trimmed, in Unicode NFC (so "é" typed two ways is one person). */
export function memberName(text: string): string {
  return text.normalize('NFC').trim();
}

/** A line break inside a cell as Kitty keeps it: \n, whatever the file's line ends. */
export function lineBreaks(text: string): string {
  return text.replace(/\r\n?/g, '\n');
}

/**
 * A cell as it was before the exporter guarded it against spreadsheet formulas: Spliit's escapeCsvFormula
 * (src/app/groups/[groupId]/expenses/export/csv/route.ts) and IHateMoney's escape_csv_formulae
 * (ihatemoney/utils.py) put a single quote before a text that starts with =, +, -, @, a tab or a line break.
 */
export function unguardFormula(cell: string): string {
  return /^'[=+\-@\t\r\n]/.test(cell) ? cell.slice(1) : cell;
}

/**
 * The ISO code a currency written as a code, a symbol or a name stands for: the code itself when Kitty
 * knows it, else the one currency Kitty knows with that symbol ("€" is EUR) or name ("Swiss Franc"); null
 * when none or several do ("$" is the US dollar's and the Mexican peso's, "kr" three crowns').
 */
export function currencyOf(text: string): string | null {
  const written = text.trim();
  if (isKnownCurrency(written.toUpperCase())) return written.toUpperCase();
  const lower = written.toLowerCase();
  const matches = CURRENCY_CODES.filter((code) => {
    const c = getCurrency(code);
    return c && (c.symbol === written || c.name.toLowerCase() === lower);
  });
  return matches.length === 1 ? (matches[0] as string) : null;
}

/**
 * The currency a file writes (`currencyOf`), else, when what it writes does not name one (nothing, a
 * symbol several currencies share, a free-text name), the currency the person chose: `assumed` then. A
 * code Kitty does not support (THB) is never taken as another currency.
 */
export function currencyOrChosen(
  written: string,
  chosen: string | null,
): { currency: string | null; assumed: boolean } {
  const named = currencyOf(written);
  if (named !== null) return { currency: named, assumed: false };
  if (/^[A-Za-z]{3}$/.test(written.trim()) || chosen === null) return { currency: null, assumed: false };
  return { currency: chosen, assumed: true };
}

/** The cells of a CSV text's first line (the header a reader's sniff looks at), or null. */
export function firstCsvLine(content: string): string[] | null {
  const end = content.search(/\r|\n/);
  const first = readCsv(end < 0 ? content : content.slice(0, end));
  return first.ok && first.records.length === 1 ? (first.records[0]?.cells ?? null) : null;
}

/** A file that cannot be read at all: where reading stopped and why. */
export function unreadable(line: number, message: string): ImportParseResult {
  return { ok: false, error: { line, message } };
}
