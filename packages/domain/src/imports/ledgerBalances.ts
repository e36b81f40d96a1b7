import { addMinor, type Minor } from '../money';
import type { ImportedBalance, ImportedExpense, ImportedLedger, ImportedSettlement } from './types';

/**
 * Adds to `nets` (currency -> member -> minor units) what an expense does to balances: each payer is owed
 * what they paid, each participant owes their share.
 */
export function addExpenseNets(nets: Map<string, Map<string, number>>, e: ImportedExpense): void {
  for (const p of e.payers) add(nets, e.currency, p.member, p.amount);
  for (const s of e.splits) add(nets, e.currency, s.member, -s.amount);
}

/** Adds what a payment does: the payer's balance goes up, the payee's down. */
export function addSettlementNets(nets: Map<string, Map<string, number>>, s: ImportedSettlement): void {
  add(nets, s.currency, s.from, s.amount);
  add(nets, s.currency, s.to, -s.amount);
}

function add(nets: Map<string, Map<string, number>>, currency: string, member: string, amount: number) {
  let byMember = nets.get(currency);
  if (!byMember) {
    byMember = new Map();
    nets.set(currency, byMember);
  }
  byMember.set(member, addMinor(byMember.get(member) ?? 0, amount));
}

/** The nets as a list: by member in the order of `members`, then currency; zeros kept out. */
export function balanceList(
  nets: Map<string, Map<string, number>>,
  members: readonly { name: string }[],
): ImportedBalance[] {
  const out: ImportedBalance[] = [];
  const currencies = [...nets.keys()].sort();
  for (const { name } of members) {
    for (const currency of currencies) {
      const amount = nets.get(currency)?.get(name) ?? 0;
      if (amount !== 0) out.push({ member: name, currency, amount: amount as Minor });
    }
  }
  return out;
}

/** The balances the ledger's importable rows make, as Kitty will hold them. Each currency sums to zero. */
export function importedBalances(ledger: Pick<ImportedLedger, 'members' | 'expenses' | 'settlements'>) {
  const nets = new Map<string, Map<string, number>>();
  for (const e of ledger.expenses) addExpenseNets(nets, e);
  for (const s of ledger.settlements) addSettlementNets(nets, s);
  return balanceList(nets, ledger.members);
}
