import type { components } from '@kitty/api/schema';
import { isSettledAmount, sortMembersByNet } from '@kitty/domain';
import type { Db } from '../db';
import { callerBalance, netsByCurrency } from '../groups/balances';
import { notFound } from '../http/errors';
import { userBalances } from '../ledger/ledger';
import { toUserSummary } from '../users/present';
import type { CurrentUser } from '../users/repo';
import { currencyAmounts, money } from './present';
import { balancesView, groupOfMember, summaryView } from './repo';

type Schemas = components['schemas'];

/**
 * The caller's overall balance (every group and the expenses outside groups) and their balance in each
 * of their groups. `overall.currency` is their default currency, or their only other currency when they
 * hold nothing in the default one. Never converted.
 */
export async function balanceSummary(db: Db, caller: CurrentUser): Promise<Schemas['BalanceSummary']> {
  const { balances: rows, groups } = await summaryView(db, caller.id);
  const nets = netsByCurrency(rows);
  const held = [...nets].filter(([, net]) => !isSettledAmount(net)).map(([currency]) => currency);
  const currency =
    isSettledAmount(nets.get(caller.currency) ?? 0) && held.length === 1 && held[0]
      ? held[0]
      : caller.currency;
  return {
    data: {
      overall: {
        total_balance: money(nets.get(currency) ?? 0, currency),
        currency,
        balances: currencyAmounts(nets),
      },
      groups: groups.map((g) => ({
        group_id: g.id,
        name: g.name,
        currency: g.currency,
        ...callerBalance(
          rows.filter((r) => r.scope_id === g.id),
          g.currency,
        ),
      })),
    },
  };
}

/**
 * Every member's balance in a group, highest net (in the group currency) first; a member without any
 * activity is listed with zeros. A former member who still holds a balance is listed too, so the nets
 * shown always add up to zero.
 */
export async function groupBalances(
  db: Db,
  groupId: string,
  caller: CurrentUser,
): Promise<Schemas['GroupBalances']> {
  const view = await balancesView(db, groupId, caller.id);
  if (!view) throw notFound();
  const { group, balances: rows, stats } = view;
  const owing = new Set(rows.filter((r) => !isSettledAmount(r.net_minor)).map((r) => r.user_id));
  const people = [...view.members, ...view.others.filter((p) => owing.has(p.id))];

  const entries = people.map((person) => {
    const own = rows.filter((r) => r.user_id === person.id);
    const user = toUserSummary(person);
    return {
      id: person.id,
      name: user.display_name,
      net: own.find((r) => r.currency === group.currency)?.net_minor ?? 0,
      json: {
        user,
        is_current_user: person.id === caller.id,
        net_balance: 0,
        currency_breakdown: own
          .filter((r) => r.paid_minor !== 0 || r.owed_minor !== 0)
          .map((r) => ({
            currency: r.currency,
            paid: money(r.paid_minor, r.currency),
            owed: money(r.owed_minor, r.currency),
            net: money(r.net_minor, r.currency),
          })),
      },
    };
  });
  return {
    balances: sortMembersByNet(entries).map((e) => ({
      ...e.json,
      net_balance: money(e.net, group.currency),
    })),
    group_stats: stats.map((s) => ({
      currency: s.currency,
      total_flow: money(s.total_minor, s.currency),
      expense_count: s.expense_count,
    })),
  };
}

/** The caller's nonzero nets per currency over everything. */
export async function myBalance(db: Db, caller: CurrentUser): Promise<Schemas['MyBalance']> {
  return { balances: currencyAmounts(netsByCurrency(await userBalances(db, caller.id))) };
}

/** The caller's net in one of their groups: the group currency's figure and every nonzero net. */
export async function myGroupBalance(
  db: Db,
  groupId: string,
  caller: CurrentUser,
): Promise<Schemas['MyGroupBalance']> {
  const group = await groupOfMember(db, groupId, caller.id);
  if (!group) throw notFound();
  const rows = (await userBalances(db, caller.id)).filter((r) => r.scope_id === group.id);
  return {
    group_id: group.id,
    currency: group.currency,
    balance: callerBalance(rows, group.currency).balance,
    balances: currencyAmounts(netsByCurrency(rows)),
  };
}
