import { beforeAll, describe, expect, it } from 'vitest';
import type { OperationId } from '../../src/http/route';
import { expectContract } from '../contract';
import type { TestContext } from '../support/context';
import { createExpense, expenseBody, getExpense, moneyState } from '../support/expenses';
import { groupOf, type Person } from '../support/groups';
import { bearer, registerUser } from '../support/users';

const NOT_FOUND = { code: 'NOT_FOUND', message: 'Not found' };

export function expensesAccessSuite(ctx: TestContext): void {
  describe('expenses: who may see and change an expense', () => {
    let a: Person;
    let b: Person;
    let c: Person;
    let stranger: Person;
    let groupId: string;
    let groupExpense: string;
    let personalExpense: string;

    beforeAll(async () => {
      const made = await groupOf(ctx.app, 3);
      [a, b, c] = made.people as [Person, Person, Person];
      groupId = made.group.id;
      stranger = await registerUser(ctx.app);
      groupExpense = (
        await createExpense(ctx.app, a, expenseBody(a.user.id, [b.user.id], { group_id: groupId }))
      ).id;
      personalExpense = (await createExpense(ctx.app, a, expenseBody(a.user.id, [b.user.id]))).id;
    });

    const calls = (id: string, as: Person) =>
      [
        ['getExpense', { method: 'GET', url: `/api/expenses/${id}` }],
        ['updateExpense', { method: 'PUT', url: `/api/expenses/${id}`, payload: expenseBody(as.user.id) }],
        ['deleteExpense', { method: 'DELETE', url: `/api/expenses/${id}` }],
      ] as const;

    it('a signed-in stranger gets 404 and no data on get, update and delete, and nothing changes', async () => {
      const before = await moneyState(ctx.db);
      for (const id of [groupExpense, personalExpense]) {
        for (const [op, request] of calls(id, stranger)) {
          const response = await ctx.app.inject({ ...request, headers: bearer(stranger.token) });
          expect(response.statusCode, `${op} ${response.body}`).toBe(404);
          expect(expectContract(response, op as OperationId)).toEqual(NOT_FOUND);
        }
      }
      const list = await ctx.app.inject({
        method: 'GET',
        url: `/api/expenses/group/${groupId}`,
        headers: bearer(stranger.token),
      });
      expect(list.statusCode).toBe(404);
      expect(expectContract(list, 'listGroupExpenses')).toEqual(NOT_FOUND);
      const mine = await ctx.app.inject({
        method: 'GET',
        url: '/api/expenses/user',
        headers: bearer(stranger.token),
      });
      expect(expectContract(mine, 'listUserExpenses')).toEqual({ expenses: [], nextCursor: null, total: 0 });
      expect(await moneyState(ctx.db)).toEqual(before);
    });

    it('unknown and malformed ids answer exactly like invisible ones', async () => {
      for (const id of [crypto.randomUUID(), 'not-an-id']) {
        for (const [op, request] of calls(id, a)) {
          const response = await ctx.app.inject({ ...request, headers: bearer(a.token) });
          expect(response.statusCode, op).toBe(404);
          expect(expectContract(response, op as OperationId)).toEqual(NOT_FOUND);
        }
        const list = await ctx.app.inject({
          method: 'GET',
          url: `/api/expenses/group/${id}`,
          headers: bearer(a.token),
        });
        expect(expectContract(list, 'listGroupExpenses')).toEqual(NOT_FOUND);
      }
    });

    it('without a token every expense operation is 401', async () => {
      const requests = [
        ['listExpenseCategories', 'GET', '/api/expenses/categories'],
        ['createExpense', 'POST', '/api/expenses'],
        ['listUserExpenses', 'GET', '/api/expenses/user'],
        ['listGroupExpenses', 'GET', `/api/expenses/group/${groupId}`],
        ['getExpense', 'GET', `/api/expenses/${groupExpense}`],
        ['updateExpense', 'PUT', `/api/expenses/${groupExpense}`],
        ['deleteExpense', 'DELETE', `/api/expenses/${groupExpense}`],
      ] as const;
      for (const [op, method, url] of requests) {
        const response = await ctx.app.inject({ method, url });
        expect(response.statusCode, op).toBe(401);
        expectContract(response, op);
      }
    });

    it('a group member sees a group expense they do not share in; outside a group only its people do', async () => {
      expect((await getExpense(ctx.app, c, groupExpense)).statusCode).toBe(200);
      expect((await getExpense(ctx.app, b, personalExpense)).statusCode).toBe(200);
      expect((await getExpense(ctx.app, c, personalExpense)).statusCode).toBe(404);
    });

    it('a group member who does not share in an expense may change it (anyone who can see it may)', async () => {
      const response = await ctx.app.inject({
        method: 'PUT',
        url: `/api/expenses/${groupExpense}`,
        headers: bearer(c.token),
        payload: expenseBody(a.user.id, [b.user.id, c.user.id], { amount: 33 }),
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(expectContract(response, 'updateExpense').participants).toEqual([
        a.user.id,
        b.user.id,
        c.user.id,
      ]);
    });
  });
}
