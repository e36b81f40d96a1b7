// What makes a re-import write nothing twice: every imported row carries a key, stable across exports of
// the same data. A row with an id in its source keeps it; a row without one (CSV files) is keyed by its own
// content and its ordinal among identical rows, so two genuinely identical rows stay two. Every row also
// carries an identity, the same in every export of its app (Spliit's JSON and CSV): what recognises a row
// that another format of the app wrote (docs/import.md).

import {
  IMPORT_APP,
  type ImportedExpense,
  type ImportedLedger,
  type ImportedSettlement,
  type ImportFormat,
} from './types';

/**
 * A short, stable digest of text (FNV-1a, 64 bits, as 16 hex digits): no crypto needed, only stability. The
 * 64-bit state is kept in four 16-bit limbs so that every step stays in exact small-integer arithmetic (a
 * BigInt per character made a 10 MB file's keys several times slower).
 */
export function digest(text: string): string {
  // The offset basis 0xcbf29ce484222325, lowest limb first.
  let h0 = 0x2325;
  let h1 = 0x8422;
  let h2 = 0x9ce4;
  let h3 = 0xcbf2;
  for (let i = 0; i < text.length; i++) {
    h0 ^= text.charCodeAt(i);
    // Times the prime 0x100000001b3 = 2^40 + 0x1b3, modulo 2^64: h * 0x1b3 plus h shifted by 40 bits.
    const t0 = h0 * 0x1b3;
    const t1 = h1 * 0x1b3 + (t0 >>> 16);
    const t2 = h2 * 0x1b3 + (h0 << 8) + (t1 >>> 16);
    const t3 = h3 * 0x1b3 + (h1 << 8) + (t2 >>> 16);
    h0 = t0 & 0xffff;
    h1 = t1 & 0xffff;
    h2 = t2 & 0xffff;
    h3 = t3 & 0xffff;
  }
  return [h3, h2, h1, h0].map((limb) => limb.toString(16).padStart(4, '0')).join('');
}

/**
 * Hands out keys for rows without ids: `prefix:digest(content)` and, for the n-th row with the same
 * content, `#n` after it.
 */
export function contentKeys(prefix: string): (content: string) => string {
  const seen = new Map<string, number>();
  return (content) => {
    const base = `${prefix}:${digest(content)}`;
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return n === 1 ? base : `${base}#${n}`;
  };
}

/** A row's day: the file's day, or the instant as the file wrote it (an app that keeps instants writes them alike). */
const dayOf = (date: string) => (/^\d{4}-\d{2}-\d{2}$/.test(date) ? date : date.trim());

/**
 * What identifies a row in any export of `format`'s app: `app~digest` of its day, amount, currency,
 * payers (by name, with what each paid) and description (trimmed); a payment's of who paid whom. Two
 * identical rows share it: whoever matches identities counts them.
 */
export function rowIdentity(
  format: ImportFormat,
  row: Pick<ImportedExpense, 'date' | 'amount' | 'currency' | 'payers' | 'description'> | ImportedSettlement,
): string {
  const who =
    'payers' in row
      ? [...row.payers]
          .map((p) => [p.member, p.amount] as const)
          .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      : [row.from, row.to];
  const fields = [dayOf(row.date), row.amount, row.currency, who, row.description.trim()];
  return `${IMPORT_APP[format].toLowerCase()}~${digest(JSON.stringify(fields))}`;
}

/** The ledger with every expense and payment given its identity. */
export function withIdentities(ledger: ImportedLedger): ImportedLedger {
  return {
    ...ledger,
    expenses: ledger.expenses.map((e) => ({ ...e, identity: rowIdentity(ledger.format, e) })),
    settlements: ledger.settlements.map((s) => ({ ...s, identity: rowIdentity(ledger.format, s) })),
  };
}
