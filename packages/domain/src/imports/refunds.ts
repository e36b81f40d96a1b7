import { addMinor, formatMoney, type Minor, sumMinor } from '../money';
import { joinNotes } from './categoryNames';
import type { ImportedExpense, ImportedPart } from './types';

// Refunds and income: rows with a negative amount, which the peers keep (Splitwise, Spliit, Cospend) and
// Kitty, whose expenses are never negative, carries as an expense with the same effect on every balance.

/**
 * Who is owed and who owes, from what a row with a negative cost (a refund, or money the group received)
 * does to each member's balance (`nets`: positive, owed to them): Kitty has no negative expense, so the row
 * becomes one whose payers are the members whose balance goes up (each paid that much) and whose exact
 * split is the members whose balance goes down (each owes that much). Every balance moves by exactly its
 * net; the amount is what the row moves, and the original cost goes into the notes (refundNote). A refund
 * gives back at most its cost: nets that move more than minus the cost cannot come from it, and are
 * refused saying so, as is one that moves nothing.
 */
export function refundOfNets(
  cost: Minor,
  nets: readonly ImportedPart[],
  currency: string,
): { payers: ImportedPart[]; splits: ImportedPart[] } | string {
  const payers = nets.filter((n) => n.amount > 0);
  if (payers.length === 0) return `A refund of ${formatMoney(cost, currency)} that changes nobody's balance`;
  const splits = nets
    .filter((n) => n.amount < 0)
    .map((n) => ({ member: n.member, amount: -n.amount as Minor }));
  const moved = sumMinor(payers.map((n) => n.amount));
  if (moved > -cost) {
    return `A refund of ${formatMoney(cost, currency)} that gives ${formatMoney(moved, currency)} back, more than its amount`;
  }
  return { payers: payers.map((n) => ({ ...n })), splits };
}

/** The notes line that keeps a refund's own amount as the file has it: "-160.00 CHF". */
export function refundNote(amount: Minor, currency: string): string {
  return `${formatMoney(amount, currency)} ${currency}`;
}

/**
 * A row read as the peer keeps it, an expense with a negative amount (its payers' amounts and its shares
 * negative too, adding up to it), as the expense Kitty carries (refundOfNets), the original amount first
 * in the notes; or why it cannot be.
 */
export function refundExpense(e: ImportedExpense): ImportedExpense | string {
  const nets = new Map<string, number>();
  for (const p of e.payers) nets.set(p.member, addMinor(nets.get(p.member) ?? 0, p.amount));
  for (const s of e.splits) nets.set(s.member, addMinor(nets.get(s.member) ?? 0, -s.amount));
  const parts = refundOfNets(
    e.amount,
    [...nets].map(([member, amount]) => ({ member, amount: addMinor(0, amount) })),
    e.currency,
  );
  if (typeof parts === 'string') return parts;
  return {
    ...e,
    amount: sumMinor(parts.payers.map((p) => p.amount)),
    notes: joinNotes(refundNote(e.amount, e.currency), e.notes),
    ...parts,
  };
}
