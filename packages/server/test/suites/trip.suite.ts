import { parseMoney, SPLIT_TYPES, toDecimal } from '@kitty/domain';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { expectContract } from '../contract';
import type { TestContext } from '../support/context';
import { bearer, registerUser, uniqueEmail } from '../support/users';

type Person = { id: string; token: string };

function minor(value: number, currency: string): number {
  const parsed = parseMoney(value, currency);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.value;
}

/**
 * The fewest transfers that clear these balances, by brute force: n minus the largest number of disjoint
 * zero-sum groups the nonzero balances can be cut into. Independent of the domain's algorithm.
 */
function bruteForceMinimum(balances: number[]): number {
  const nonzero = balances.filter((b) => b !== 0);
  const best = (rest: number[]): number => {
    if (rest.length === 0) return 0;
    const [first, ...others] = rest as [number, ...number[]];
    let most = 0;
    // Every zero-sum group containing `first`, then the best cut of what is left.
    for (let mask = 0; mask < 1 << others.length; mask++) {
      const inGroup = others.filter((_, i) => mask & (1 << i));
      if (inGroup.reduce((a, b) => a + b, first) !== 0) continue;
      most = Math.max(most, 1 + best(others.filter((_, i) => !(mask & (1 << i)))));
    }
    return most;
  };
  return nonzero.length - best(nonzero);
}

async function post(app: FastifyInstance, token: string, url: string, payload: object, op: string) {
  const response = await app.inject({ method: 'POST', url, headers: bearer(token), payload });
  expect(response.statusCode, response.body).toBe(201);
  // biome-ignore lint/suspicious/noExplicitAny: checked against the contract
  return expectContract<any>(response, op as never);
}

async function get(app: FastifyInstance, token: string, url: string, op: string) {
  const response = await app.inject({ method: 'GET', url, headers: bearer(token) });
  expect(response.statusCode, response.body).toBe(200);
  // biome-ignore lint/suspicious/noExplicitAny: checked against the contract
  return expectContract<any>(response, op as never);
}

export function tripSuite(ctx: TestContext): void {
  describe('trip: four people, thirty expenses, five split types, two currencies, then settle up', () => {
    it('every suggested settlement recorded leaves every balance at zero, with the fewest transfers', async () => {
      const app = ctx.app;
      const people: Person[] = [];
      for (const name of ['Anna', 'Ben', 'Cecilie']) {
        const r = await registerUser(app, { first_name: name, email: uniqueEmail(name.toLowerCase()) });
        people.push({ id: r.user.id, token: r.token });
      }
      const [anna, ben, cecilie] = people as [Person, Person, Person];
      const danEmail = uniqueEmail('dan');
      const others = await Promise.all(
        [ben, cecilie].map((p) => get(app, p.token, '/api/users/profile', 'getProfile')),
      );
      const group = await post(
        app,
        anna.token,
        '/api/groups',
        {
          name: 'Road trip',
          currency: 'EUR',
          members: [...others.map((o) => ({ email: o.data.email })), { email: danEmail, first_name: 'Dan' }],
        },
        'createGroup',
      );
      const dan = group.Members.find((m: { email: string }) => m.email === danEmail);
      expect(dan.registered).toBe(false);
      const everyone = [anna.id, ben.id, cecilie.id, dan.id as string];

      for (let i = 0; i < 30; i++) {
        if (i === 15) {
          // Dan accepts the invitation halfway through: same person, every expense and balance kept.
          const registered = await registerUser(app, { email: danEmail, first_name: 'Dan' });
          expect(registered.user.id).toBe(dan.id);
          people.push({ id: registered.user.id, token: registered.token });
        }
        const currency = i % 2 === 0 ? 'EUR' : 'CZK';
        const split_type = SPLIT_TYPES[i % SPLIT_TYPES.length]!;
        const amountMinor = 1000 + ((i * 7919) % 90_000);
        const participants = i % 3 === 0 ? everyone : everyone.slice(0, 3);
        const paid_by = everyone[i % everyone.length]!;
        const [first, second, ...rest] = participants as [string, string, ...string[]];
        const split_details =
          split_type === 'percentage'
            ? {
                percentages: Object.fromEntries(
                  participants.map((p, k) => [
                    p,
                    (participants.length === 4 ? [40, 30, 20, 10] : [50, 25, 25])[k],
                  ]),
                ),
              }
            : split_type === 'shares'
              ? { shares: Object.fromEntries(participants.map((p, k) => [p, k + 1])) }
              : split_type === 'exact'
                ? {
                    amounts: {
                      [first]: toDecimal(Math.floor(amountMinor / 2), currency),
                      [second]: toDecimal(amountMinor - Math.floor(amountMinor / 2), currency),
                      ...Object.fromEntries(rest.map((p) => [p, 0])),
                    },
                  }
                : split_type === 'adjustment'
                  ? { adjustments: { [first]: 1.5, [second]: -0.5 } }
                  : undefined;
        const expense = await post(
          app,
          anna.token,
          '/api/expenses',
          {
            description: `Stop ${i + 1}`,
            amount: toDecimal(amountMinor, currency),
            currency,
            category: 'travel',
            group_id: group.id,
            split_type,
            paid_by,
            participants,
            split_with: participants.filter((p) => p !== paid_by),
            ...(split_details ? { split_details } : {}),
          },
          'createExpense',
        );
        const owed = expense.ExpenseSplits.map((s: { amount: number }) => minor(s.amount, currency));
        expect(owed.reduce((a: number, b: number) => a + b, 0)).toBe(amountMinor);
      }

      const url = `/api/financial/settlement-suggestions/group/${group.id}`;
      const balancesUrl = `/api/financial/balances/group/${group.id}`;
      const nets = async () => {
        const { balances } = await get(app, anna.token, balancesUrl, 'getGroupBalances');
        const byCurrency: Record<string, number[]> = {};
        for (const b of balances) {
          for (const c of b.currency_breakdown) {
            byCurrency[c.currency] = [...(byCurrency[c.currency] ?? []), minor(c.net, c.currency)];
          }
        }
        return byCurrency;
      };

      const before = await nets();
      expect(Object.keys(before).sort()).toEqual(['CZK', 'EUR']);
      for (const values of Object.values(before)) expect(values.reduce((a, b) => a + b, 0)).toBe(0);
      const { suggestions } = await get(app, anna.token, url, 'listGroupSettlementSuggestions');
      for (const [currency, values] of Object.entries(before)) {
        const inCurrency = suggestions.filter((s: { currency: string }) => s.currency === currency);
        expect(inCurrency.length).toBe(bruteForceMinimum(values));
      }

      const tokenOf = new Map(people.map((p) => [p.id, p.token]));
      for (const s of suggestions) {
        await post(
          app,
          tokenOf.get(s.payer.id)!,
          '/api/financial/settlements',
          {
            from_user_id: s.payer.id,
            to_user_id: s.receiver.id,
            amount: s.amount,
            currency: s.currency,
            group_id: group.id,
            description: 'Settling up',
          },
          'createSettlement',
        );
      }

      const after = await nets();
      for (const values of Object.values(after)) expect(values.every((v) => v === 0)).toBe(true);
      expect((await get(app, anna.token, url, 'listGroupSettlementSuggestions')).suggestions).toEqual([]);
      for (const p of people) {
        const summary = await get(app, p.token, '/api/balance/summary', 'getBalanceSummary');
        expect(summary.data.overall.balances).toEqual([]);
      }
    });
  });
}
