import { describe, expect, it } from 'vitest';
import type { TestContext } from '../support/context';
import { addExpense, expectLedgerMatchesRecompute, groupWith, minor, ok, people } from './financial-support';

// biome-ignore lint/suspicious/noExplicitAny: contract-checked JSON
type Json = any;

export function financialBalancesSuite(ctx: TestContext): void {
  describe('financial: GET /api/financial/balances/group/{groupId}', () => {
    it('lists every member, highest net first, with paid/owed/net per currency; nets sum to zero per currency', async () => {
      const [ana, ben, cyd, dan] = await people(ctx.app, 'Ana', 'Ben', 'Cyd', 'Dan');
      const members = [ana!, ben!, cyd!, dan!];
      const groupId = await groupWith(ctx.app, members, 'EUR');
      const [a, b, c] = [ana!.user.id, ben!.user.id, cyd!.user.id];
      await addExpense(ctx.app, ana!, { groupId, shares: { [a]: 3000, [b]: 3000, [c]: 3000 } });
      await addExpense(ctx.app, ben!, { groupId, currency: 'USD', shares: { [a]: 1000, [b]: 1000 } });
      await addExpense(ctx.app, cyd!, { groupId, shares: { [b]: 1501 } });

      const body: Json = await ok(
        ctx.app,
        ben!,
        'getGroupBalances',
        'GET',
        `/api/financial/balances/group/${groupId}`,
      );
      const byName = Object.fromEntries(body.balances.map((m: Json) => [m.user.display_name, m]));
      expect(body.balances.map((m: Json) => m.user.display_name)).toEqual(['Ana', 'Dan', 'Cyd', 'Ben']);
      expect(body.balances.map((m: Json) => m.net_balance)).toEqual([60, 0, -14.99, -45.01]);
      expect(byName.Ana.currency_breakdown).toEqual([
        { currency: 'EUR', paid: 90, owed: 30, net: 60 },
        { currency: 'USD', paid: 0, owed: 10, net: -10 },
      ]);
      expect(byName.Ben.currency_breakdown).toEqual([
        { currency: 'EUR', paid: 0, owed: 45.01, net: -45.01 },
        { currency: 'USD', paid: 20, owed: 10, net: 10 },
      ]);
      expect(byName.Dan.currency_breakdown).toEqual([]);
      expect(byName.Ben.is_current_user).toBe(true);
      expect(body.balances.filter((m: Json) => m.is_current_user)).toHaveLength(1);
      expect(byName.Ana.user).toEqual({ id: a, display_name: 'Ana', email: ana!.email });
      for (const currency of ['EUR', 'USD']) {
        const nets = body.balances.flatMap((m: Json) =>
          m.currency_breakdown
            .filter((r: Json) => r.currency === currency)
            .map((r: Json) => minor(r.net, currency)),
        );
        expect(nets.reduce((x: number, y: number) => x + y, 0)).toBe(0);
      }
      expect(body.group_stats).toEqual([
        { currency: 'EUR', total_flow: 105.01, expense_count: 2 },
        { currency: 'USD', total_flow: 20, expense_count: 1 },
      ]);
      await expectLedgerMatchesRecompute(ctx.db, groupId);
    });

    it('a group without any expense lists every member at zero and no statistics', async () => {
      const [ana, ben] = await people(ctx.app, 'Ana', 'Ben');
      const groupId = await groupWith(ctx.app, [ana!, ben!]);
      const body: Json = await ok(
        ctx.app,
        ana!,
        'getGroupBalances',
        'GET',
        `/api/financial/balances/group/${groupId}`,
      );
      expect(body.balances).toHaveLength(2);
      expect(body.balances.every((m: Json) => m.net_balance === 0 && m.currency_breakdown.length === 0)).toBe(
        true,
      );
      expect(body.group_stats).toEqual([]);
    });

    it('a deleted expense leaves the balances and the statistics', async () => {
      const [ana, ben] = await people(ctx.app, 'Ana', 'Ben');
      const groupId = await groupWith(ctx.app, [ana!, ben!]);
      const id = await addExpense(ctx.app, ana!, { groupId, shares: { [ben!.user.id]: 700 } });
      await addExpense(ctx.app, ana!, { groupId, shares: { [ben!.user.id]: 300 } });
      const gone = await ctx.app.inject({
        method: 'DELETE',
        url: `/api/expenses/${id}`,
        headers: { authorization: `Bearer ${ana!.token}` },
      });
      expect(gone.statusCode, gone.body).toBe(200);
      const body: Json = await ok(
        ctx.app,
        ben!,
        'getGroupBalances',
        'GET',
        `/api/financial/balances/group/${groupId}`,
      );
      expect(body.balances.map((m: Json) => m.net_balance)).toEqual([3, -3]);
      expect(body.group_stats).toEqual([{ currency: 'EUR', total_flow: 3, expense_count: 1 }]);
      await expectLedgerMatchesRecompute(ctx.db, groupId);
    });
  });

  describe('financial: GET /api/balance/summary', () => {
    it('overall is per currency over every group and personal expenses, never converted; groups show their currency', async () => {
      const [ana, ben, cyd] = await people(ctx.app, 'Ana', 'Ben', 'Cyd');
      const euro = await groupWith(ctx.app, [ana!, ben!], 'EUR');
      const dollar = await groupWith(ctx.app, [ana!, cyd!], 'USD');
      const [a, b] = [ana!.user.id, ben!.user.id];
      await addExpense(ctx.app, ana!, { groupId: euro, shares: { [a]: 1000, [b]: 2500 } });
      await addExpense(ctx.app, cyd!, { groupId: dollar, currency: 'USD', shares: { [a]: 400 } });
      await addExpense(ctx.app, cyd!, { groupId: dollar, currency: 'EUR', shares: { [a]: 100 } });
      await addExpense(ctx.app, ana!, { groupId: null, shares: { [b]: 550 } });

      const body: Json = await ok(ctx.app, ana!, 'getBalanceSummary', 'GET', '/api/balance/summary');
      expect(body.data.overall).toEqual({
        total_balance: 29.5,
        currency: 'EUR',
        balances: [
          { currency: 'EUR', amount: 29.5 },
          { currency: 'USD', amount: -4 },
        ],
      });
      const groups = Object.fromEntries(body.data.groups.map((g: Json) => [g.group_id, g]));
      expect(Object.keys(groups).sort()).toEqual([euro, dollar].sort());
      expect(groups[euro]).toMatchObject({ currency: 'EUR', balance: 25, balances: [] });
      expect(groups[dollar]).toMatchObject({
        currency: 'USD',
        balance: -4,
        balances: [{ currency: 'EUR', amount: -1 }],
      });
    });

    it('with nothing in the default currency but one other, overall.currency is that one', async () => {
      const [ana, ben] = await people(ctx.app, 'Ana', 'Ben');
      const groupId = await groupWith(ctx.app, [ana!, ben!], 'USD');
      await addExpense(ctx.app, ben!, { groupId, currency: 'USD', shares: { [ana!.user.id]: 1234 } });
      const body: Json = await ok(ctx.app, ana!, 'getBalanceSummary', 'GET', '/api/balance/summary');
      expect(body.data.overall).toEqual({
        total_balance: -12.34,
        currency: 'USD',
        balances: [{ currency: 'USD', amount: -12.34 }],
      });
    });

    it('someone with no activity is all settled in their default currency', async () => {
      const [ana] = await people(ctx.app, 'Ana');
      const body: Json = await ok(ctx.app, ana!, 'getBalanceSummary', 'GET', '/api/balance/summary');
      expect(body).toEqual({
        data: { overall: { total_balance: 0, currency: 'EUR', balances: [] }, groups: [] },
      });
    });
  });

  describe('financial: GET /api/financial/balance and /api/financial/group/{groupId}/balance', () => {
    it('answer the caller’s nonzero nets per currency, overall and in one group', async () => {
      const [ana, ben] = await people(ctx.app, 'Ana', 'Ben');
      const groupId = await groupWith(ctx.app, [ana!, ben!], 'GBP');
      const [a, b] = [ana!.user.id, ben!.user.id];
      await addExpense(ctx.app, ana!, { groupId, currency: 'GBP', shares: { [a]: 500, [b]: 500 } });
      await addExpense(ctx.app, ben!, { groupId, currency: 'JPY', shares: { [a]: 1200 } });
      await addExpense(ctx.app, ben!, { groupId: null, currency: 'CZK', shares: { [a]: 10000 } });

      expect(await ok(ctx.app, ana!, 'getMyBalance', 'GET', '/api/financial/balance')).toEqual({
        balances: [
          { currency: 'CZK', amount: -100 },
          { currency: 'GBP', amount: 5 },
          { currency: 'JPY', amount: -1200 },
        ],
      });
      expect(
        await ok(ctx.app, ana!, 'getMyGroupBalance', 'GET', `/api/financial/group/${groupId}/balance`),
      ).toEqual({
        group_id: groupId,
        currency: 'GBP',
        balance: 5,
        balances: [
          { currency: 'GBP', amount: 5 },
          { currency: 'JPY', amount: -1200 },
        ],
      });
      const [cyd] = await people(ctx.app, 'Cyd');
      expect(await ok(ctx.app, cyd!, 'getMyBalance', 'GET', '/api/financial/balance')).toEqual({
        balances: [],
      });
    });
  });
}
