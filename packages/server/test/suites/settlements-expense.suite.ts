import { describe, expect, it } from 'vitest';
import { expectContract } from '../contract';
import type { TestContext } from '../support/context';
import {
  addExpense,
  expectLedgerMatchesRecompute,
  financialState,
  groupWith,
  netsByName,
  ok,
  type Person,
  people,
  request,
} from './financial-support';

// biome-ignore lint/suspicious/noExplicitAny: contract-checked JSON
type Json = any;

export function settlementsExpenseSuite(ctx: TestContext): void {
  async function setting() {
    const [ana, ben, cyd, dan] = (await people(ctx.app, 'Ana', 'Ben', 'Cyd', 'Dan')) as [
      Person,
      Person,
      Person,
      Person,
    ];
    const groupId = await groupWith(ctx.app, [ana, ben, cyd, dan], 'EUR');
    const [a, b, c] = [ana.user.id, ben.user.id, cyd.user.id];
    const other = await addExpense(ctx.app, cyd, { groupId, shares: { [a]: 700, [b]: 300 } });
    const dinner = await addExpense(ctx.app, ana, {
      groupId,
      description: 'Pizza',
      shares: { [a]: 1000, [b]: 1500, [c]: 500 },
    });
    return { ana, ben, cyd, dan, groupId, dinner, other };
  }

  const settle = (as: Person, id: string, body: object = { expense_id: id }) =>
    request(ctx.app, as, 'POST', `/api/financial/settle/${id}`, body);

  const nets = (as: Person, groupId: string) => netsByName(ctx.app, as, groupId);

  describe('financial: POST /api/financial/settle/{expenseId}', () => {
    it('records each participant’s share as a payment to the payer, marks the expense settled, and moves balances by the shares', async () => {
      const { ana, ben, groupId, dinner } = await setting();
      const before = await nets(ben, groupId);
      const response = await settle(ben, dinner);
      expect(response.statusCode, response.body).toBe(201);
      const body: Json = expectContract(response, 'settleExpense');
      expect(body.message).toBe('Expense settled');
      expect(
        body.settlements.map((s: Json) => [
          s.payer.display_name,
          s.receiver.display_name,
          s.amount,
          s.currency,
          s.group_id,
        ]),
      ).toEqual(
        expect.arrayContaining([
          ['Ben', 'Ana', 15, 'EUR', groupId],
          ['Cyd', 'Ana', 5, 'EUR', groupId],
        ]),
      );
      expect(body.settlements).toHaveLength(2);
      expect(
        body.settlements.every((s: Json) => s.created_by.id === ben.user.id && s.description === 'Pizza'),
      ).toBe(true);
      const after = await nets(ben, groupId);
      // Ana received 15 + 5, Ben and Cyd paid their shares; Dan is untouched.
      expect(before).toEqual({ Ana: 13, Ben: -18, Cyd: 5, Dan: 0 });
      expect(after).toEqual({ Ana: -7, Ben: -3, Cyd: 10, Dan: 0 });
      const expense = await request(ctx.app, ana, 'GET', `/api/expenses/${dinner}`);
      expect(expectContract(expense, 'getExpense').is_settled).toBe(true);
      await expectLedgerMatchesRecompute(ctx.db, groupId);
    });

    it('an expense already settled is a 409 "This expense is already settled." and nothing is written', async () => {
      const { ben, dinner } = await setting();
      expect((await settle(ben, dinner)).statusCode).toBe(201);
      const before = await financialState(ctx.db);
      const again = await settle(ben, dinner);
      expect(again.statusCode).toBe(409);
      expect(expectContract(again, 'settleExpense')).toEqual({
        code: 'ALREADY_SETTLED',
        message: 'This expense is already settled.',
      });
      expect(await financialState(ctx.db)).toEqual(before);
    });

    it('settling one expense twice at once settles it once: the second answers 409', async () => {
      const { ana, ben, groupId, dinner } = await setting();
      const answers = await Promise.all([settle(ana, dinner), settle(ben, dinner)]);
      for (const answer of answers) expectContract(answer, 'settleExpense');
      expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
      const { rows } = await ctx.db.query('SELECT count(*)::int AS n FROM settlements WHERE group_id = $1', [
        groupId,
      ]);
      expect(rows[0]).toEqual({ n: 2 });
      await expectLedgerMatchesRecompute(ctx.db, groupId);
    });

    it('refuses a body naming another expense (400), a group member outside the expense (403), and anyone else (404)', async () => {
      const { ben, dan, dinner, other } = await setting();
      const [stranger] = await people(ctx.app, 'Stan');
      const before = await financialState(ctx.db);
      const mismatch = await settle(ben, dinner, { expense_id: other });
      expect(mismatch.statusCode).toBe(400);
      expect(expectContract(mismatch, 'settleExpense').errors).toEqual([
        { field: 'expense_id', message: expect.stringContaining('expense_id') },
      ]);
      const notInIt = await settle(dan, dinner);
      expect(notInIt.statusCode).toBe(403);
      expect(expectContract(notInIt, 'settleExpense').code).toBe('FORBIDDEN_NOT_PARTY');
      for (const [who, id] of [
        [stranger!, dinner],
        [ben, crypto.randomUUID()],
        [ben, 'not-an-id'],
      ] as const) {
        const response = await settle(who, id);
        expect(response.statusCode).toBe(404);
        expect(expectContract(response, 'settleExpense')).toEqual({
          code: 'NOT_FOUND',
          message: 'Not found',
        });
      }
      expect(await financialState(ctx.db)).toEqual(before);
    });

    it('an expense outside any group settles outside groups; a deleted one is 404', async () => {
      const [ana, ben] = (await people(ctx.app, 'Ana', 'Ben')) as [Person, Person];
      const id = await addExpense(ctx.app, ana, {
        groupId: null,
        currency: 'USD',
        shares: { [ben.user.id]: 250 },
      });
      const body: Json = await ok(ctx.app, ana, 'settleExpense', 'POST', `/api/financial/settle/${id}`, {
        expense_id: id,
      });
      expect(body.settlements).toHaveLength(1);
      expect(body.settlements[0]).toMatchObject({
        group_id: null,
        amount: 2.5,
        currency: 'USD',
        balance_impact: { new_balance: 0 },
      });
      expect(await ok(ctx.app, ben, 'getMyBalance', 'GET', '/api/financial/balance')).toEqual({
        balances: [],
      });

      const gone = await addExpense(ctx.app, ana, { groupId: null, shares: { [ben.user.id]: 100 } });
      expect((await request(ctx.app, ana, 'DELETE', `/api/expenses/${gone}`)).statusCode).toBe(200);
      const response = await settle(ana, gone);
      expect(response.statusCode).toBe(404);
      expectContract(response, 'settleExpense');
    });
  });
}
