import {
  minimalTransfers,
  parseMoneyOrThrow,
  settlesExactly,
  type Transfer,
} from '../packages/domain/src/index';
import type { Db } from '../packages/server/src/db';
import { ACCEPT_ENCODING } from './load';
import { calls, type Person, type Schemas } from './calls';
import type { GroupPlan } from './history';

/** One currency of a group's settle-up suggestions, held against the domain's minimum. */
export interface MinimalCheck {
  when: string;
  currency: string;
  /** Nonzero balances in the group's running balances. */
  nonzero: number;
  /** Transfers the server suggested. */
  suggested: number;
  /** The domain's count for these balances: n - g, a proven minimum up to EXACT_SETTLE_LIMIT balances. */
  minimum: number;
  /** Paying every suggested transfer brings every balance to exactly zero. */
  settles: boolean;
  pass: boolean;
}

/**
 * Asks for a group's suggestions as one of its members and compares them, currency by currency, with the
 * group's running balances in PostgreSQL: as many transfers as the domain's minimum, and they settle
 * every balance exactly.
 */
export async function checkSuggestions(
  base: string,
  person: Person,
  group: GroupPlan,
  db: Db,
  when: string,
): Promise<MinimalCheck[]> {
  const call = calls.suggestions(person, group);
  const response = await fetch(new URL(call.path, base), {
    headers: { 'accept-encoding': ACCEPT_ENCODING, ...call.headers },
  });
  if (response.status !== 200) throw new Error(`${call.path} answered ${response.status}`);
  const { suggestions } = (await response.json()) as Schemas['SettlementSuggestions'];
  const { rows } = await db.query<{ user_id: string; currency: string; net_minor: number }>(
    'SELECT user_id, currency, net_minor FROM member_balances WHERE scope_id = $1 AND net_minor <> 0',
    [group.id],
  );
  const balances = new Map<string, Record<string, number>>();
  for (const r of rows) {
    const currency = r.currency.trim();
    balances.set(currency, { ...balances.get(currency), [r.user_id]: r.net_minor });
  }
  const transfers = new Map<string, Transfer[]>();
  for (const s of suggestions) {
    const list = transfers.get(s.currency) ?? [];
    list.push({ from: s.payer.id, to: s.receiver.id, amount: parseMoneyOrThrow(s.amount, s.currency) });
    transfers.set(s.currency, list);
  }
  const currencies = [...new Set([...balances.keys(), ...transfers.keys()])].sort();
  return currencies.map((currency) => {
    const owed = balances.get(currency) ?? {};
    const suggested = transfers.get(currency) ?? [];
    const minimum = minimalTransfers(owed).length;
    const settles = settlesExactly(suggested, owed);
    return {
      when,
      currency,
      nonzero: Object.keys(owed).length,
      suggested: suggested.length,
      minimum,
      settles,
      pass: settles && suggested.length === minimum,
    };
  });
}
