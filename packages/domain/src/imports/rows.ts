import { isKnownCurrency } from '../currencies';
import { formatMoney, sumMinor } from '../money';
import type { ImportedExpense, ImportedSettlement } from './types';

/**
 * Why an expense read from a file cannot be imported, or null when it can: the invariants ImportedExpense
 * promises. Parsers call it on every expense and turn a message into a problem of that line; the numbers
 * are reported as the file has them, never corrected.
 */
export function expenseProblem(e: ImportedExpense, members: ReadonlySet<string>): string | null {
  if (!isKnownCurrency(e.currency)) return `Currency ${e.currency} is not one Kitty supports`;
  if (!(e.amount > 0)) return 'The amount is not more than zero';
  if (e.payers.length === 0) return 'Nobody paid';
  if (e.splits.length === 0) return 'Nobody shares it';
  for (const part of [...e.payers, ...e.splits]) {
    if (!members.has(part.member)) return `${part.member} is not a member of the group`;
  }
  if (new Set(e.payers.map((p) => p.member)).size < e.payers.length)
    return 'Someone is listed twice as a payer';
  if (new Set(e.splits.map((s) => s.member)).size < e.splits.length)
    return 'Someone is listed twice in the split';
  if (e.payers.some((p) => p.amount <= 0)) return 'A payer paid nothing or less';
  const paid = sumMinor(e.payers.map((p) => p.amount));
  if (paid !== e.amount) {
    return `The payers paid ${formatMoney(paid, e.currency)} ${e.currency} of ${formatMoney(e.amount, e.currency)}`;
  }
  const shared = sumMinor(e.splits.map((s) => s.amount));
  if (shared !== e.amount) {
    return `The shares add up to ${formatMoney(shared, e.currency)} ${e.currency}, not ${formatMoney(e.amount, e.currency)}`;
  }
  if (e.splits.some((s) => s.amount < 0)) return 'A share is negative';
  return null;
}

/** Why a payment read from a file cannot be imported, or null when it can. */
export function settlementProblem(s: ImportedSettlement, members: ReadonlySet<string>): string | null {
  if (!isKnownCurrency(s.currency)) return `Currency ${s.currency} is not one Kitty supports`;
  if (!(s.amount > 0)) return 'The amount is not more than zero';
  for (const m of [s.from, s.to]) if (!members.has(m)) return `${m} is not a member of the group`;
  if (s.from === s.to) return 'A payment from someone to themselves';
  return null;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** "2024-02-29" when the text is a real calendar day written so, else null. */
export function isoDay(text: string): string | null {
  const m = DAY.exec(text.trim());
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return null;
  return `${m[1]}-${m[2]}-${m[3]}`;
}
