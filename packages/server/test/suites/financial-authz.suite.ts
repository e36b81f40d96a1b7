import { describe, expect, it } from 'vitest';
import type { OperationId } from '../../src/http/route';
import { expectContract } from '../contract';
import type { TestContext } from '../support/context';
import { addExpense, financialState, groupWith, ok, type Person, people, request } from './financial-support';

interface Fixture {
  groupId: string;
  expenseId: string;
  debtId: string;
  members: string[];
}

interface Call {
  operation: OperationId;
  method: 'GET' | 'POST';
  url: (f: Fixture, id?: string) => string;
  payload?: (f: Fixture, id?: string) => object;
}

/** Every financial operation that takes an id, with the id it names replaceable. */
const CALLS: Call[] = [
  {
    operation: 'getGroupBalances',
    method: 'GET',
    url: (f, id = f.groupId) => `/api/financial/balances/group/${id}`,
  },
  {
    operation: 'listGroupSettlementSuggestions',
    method: 'GET',
    url: (f, id = f.groupId) => `/api/financial/settlement-suggestions/group/${id}`,
  },
  {
    operation: 'listGroupSettlements',
    method: 'GET',
    url: (f, id = f.groupId) => `/api/financial/settlements/group/${id}`,
  },
  {
    operation: 'getMyGroupBalance',
    method: 'GET',
    url: (f, id = f.groupId) => `/api/financial/group/${id}/balance`,
  },
  {
    operation: 'listGroupDebts',
    method: 'GET',
    url: (f, id = f.groupId) => `/api/financial/group/${id}/debts`,
  },
  {
    operation: 'settleExpense',
    method: 'POST',
    url: (f, id = f.expenseId) => `/api/financial/settle/${id}`,
    payload: (f, id = f.expenseId) => ({ expense_id: id }),
  },
  { operation: 'settleDebt', method: 'POST', url: (f, id = f.debtId) => `/api/financial/debts/${id}/settle` },
  {
    operation: 'createSettlement',
    method: 'POST',
    url: () => '/api/financial/settlements',
    payload: (f, id = f.groupId) => ({
      from_user_id: f.members[1],
      to_user_id: f.members[0],
      amount: 1,
      currency: 'EUR',
      group_id: id,
    }),
  },
];

export function financialAuthzSuite(ctx: TestContext): void {
  async function secretGroup(): Promise<Fixture & { crew: Person[] }> {
    const crew = (await people(ctx.app, 'Secretia', 'Hiddenbert')) as [Person, Person];
    const groupId = await groupWith(ctx.app, crew, 'EUR');
    const members = crew.map((p) => p.user.id);
    const expenseId = await addExpense(ctx.app, crew[0], {
      groupId,
      description: 'Confidential',
      shares: { [members[0] as string]: 500, [members[1] as string]: 1500 },
    });
    await ok(ctx.app, crew[0], 'createSettlement', 'POST', '/api/financial/settlements', {
      from_user_id: members[1],
      to_user_id: members[0],
      amount: 2,
      currency: 'EUR',
      group_id: groupId,
    });
    const { debts } = await ok(
      ctx.app,
      crew[0],
      'listGroupDebts',
      'GET',
      `/api/financial/group/${groupId}/debts`,
    );
    return { crew, groupId, expenseId, debtId: debts[0].id, members };
  }

  const send = (as: Person, call: Call, f: Fixture, id?: string) =>
    request(
      ctx.app,
      as,
      call.method,
      call.url(f, id),
      call.payload?.(f, id) ?? (call.method === 'POST' ? {} : undefined),
    );

  describe('financial: authorization matrix', () => {
    for (const call of CALLS) {
      it(`${call.operation}: a signed-in stranger gets 404, learns nothing and changes nothing`, async () => {
        const f = await secretGroup();
        const [stranger] = await people(ctx.app, 'Stranger');
        const before = await financialState(ctx.db);
        const response = await send(stranger!, call, f);
        expect(response.statusCode, response.body).toBe(404);
        expect(expectContract(response, call.operation)).toEqual({ code: 'NOT_FOUND', message: 'Not found' });
        expect(response.body).not.toMatch(/Secretia|Hiddenbert|Confidential/);
        expect(await financialState(ctx.db)).toEqual(before);
      });

      it(`${call.operation}: unknown and malformed ids are the same 404; without a token, 401`, async () => {
        const f = await secretGroup();
        const member = f.crew[0] as Person;
        for (const id of [crypto.randomUUID(), 'not-an-id']) {
          const response = await send(member, call, f, id);
          expect(response.statusCode, `${id}: ${response.body}`).toBe(404);
          expect(expectContract(response, call.operation)).toEqual({
            code: 'NOT_FOUND',
            message: 'Not found',
          });
        }
        const anonymous = await ctx.app.inject({
          method: call.method,
          url: call.url(f),
          payload: call.payload?.(f),
        });
        expect(anonymous.statusCode).toBe(401);
        expectContract(anonymous, call.operation);
      });
    }

    it('the caller’s own views (summary, balance, debts, suggestions, settlements) show a stranger nothing of others', async () => {
      await secretGroup();
      const [stranger] = await people(ctx.app, 'Stranger');
      const views: [OperationId, string, unknown][] = [
        [
          'getBalanceSummary',
          '/api/balance/summary',
          { data: { overall: { total_balance: 0, currency: 'EUR', balances: [] }, groups: [] } },
        ],
        ['getMyBalance', '/api/financial/balance', { balances: [] }],
        ['listMyDebts', '/api/financial/debts', { debts: [] }],
        ['listSettlementSuggestions', '/api/financial/settlement-suggestions', { suggestions: [] }],
        ['listSettlements', '/api/financial/settlements', { settlements: [], nextCursor: null }],
      ];
      for (const [operation, url, empty] of views) {
        expect(await ok(ctx.app, stranger!, operation, 'GET', url)).toEqual(empty);
        const anonymous = await ctx.app.inject({ method: 'GET', url });
        expect(anonymous.statusCode).toBe(401);
        expectContract(anonymous, operation);
      }
    });
  });
}
