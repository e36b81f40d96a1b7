import { describe, expect, it } from 'vitest';
import type { OperationId } from '../../src/http/route';
import { expectContract } from '../contract';
import type { TestContext } from '../support/context';
import { groupOf, groupState, recordExpense } from '../support/groups';
import { bearer, registerUser, uniqueEmail } from '../support/users';

interface Call {
  operation: OperationId;
  method: 'GET' | 'PUT' | 'POST' | 'DELETE';
  url: (id: string) => string;
  payload?: (memberIds: string[]) => object;
}

const CALLS: Call[] = [
  { operation: 'getGroup', method: 'GET', url: (id) => `/api/groups/${id}` },
  {
    operation: 'updateGroupSettings',
    method: 'PUT',
    url: (id) => `/api/groups/${id}/settings`,
    payload: (ids) => ({
      currency: 'EUR',
      default_split_type: 'equal',
      members: [{ id: ids[0], email: 'x@example.com' }],
    }),
  },
  { operation: 'leaveGroup', method: 'POST', url: (id) => `/api/groups/${id}/leave` },
  { operation: 'deleteGroup', method: 'DELETE', url: (id) => `/api/groups/${id}` },
  {
    operation: 'addGroupMember',
    method: 'POST',
    url: (id) => `/api/groups/${id}/members`,
    payload: () => ({ email: uniqueEmail('intruder-friend') }),
  },
  { operation: 'exportGroup', method: 'GET', url: (id) => `/api/groups/${id}/export` },
];

export function groupsAuthzSuite(ctx: TestContext): void {
  describe('groups: authorization matrix', () => {
    for (const call of CALLS) {
      it(`${call.operation}: a signed-in stranger gets 404, learns nothing and changes nothing`, async () => {
        const { group, ids } = await groupOf(ctx.app, 2, { name: 'Secret group' });
        const [a, b] = ids as [string, string];
        await recordExpense(ctx.app, { groupId: group.id, paidBy: a, currency: 'EUR', shares: { [b]: 100 } });
        const stranger = await registerUser(ctx.app);
        const before = await groupState(ctx.db, group.id);
        const response = await ctx.app.inject({
          method: call.method,
          url: call.url(group.id),
          headers: bearer(stranger.token),
          ...(call.payload ? { payload: call.payload(ids) } : {}),
        });
        expect(response.statusCode).toBe(404);
        expect(expectContract(response, call.operation)).toEqual({ code: 'NOT_FOUND', message: 'Not found' });
        expect(response.body).not.toContain('Secret');
        expect(await groupState(ctx.db, group.id)).toEqual(before);
      });

      it(`${call.operation}: an unknown or malformed id is the same 404; no token is 401`, async () => {
        const { ids } = await groupOf(ctx.app, 1);
        const someone = await registerUser(ctx.app);
        for (const id of [crypto.randomUUID(), 'not-a-uuid']) {
          const response = await ctx.app.inject({
            method: call.method,
            url: call.url(id),
            headers: bearer(someone.token),
            ...(call.payload ? { payload: call.payload(ids) } : {}),
          });
          expect(response.statusCode, id).toBe(404);
          expect(expectContract(response, call.operation)).toEqual({
            code: 'NOT_FOUND',
            message: 'Not found',
          });
        }
        const anonymous = await ctx.app.inject({ method: call.method, url: call.url(crypto.randomUUID()) });
        expect(anonymous.statusCode).toBe(401);
        expectContract(anonymous, call.operation);
      });
    }

    it('a former member loses access once they have left', async () => {
      const { group, people } = await groupOf(ctx.app, 2);
      const leaver = (people[1] as { token: string }).token;
      const left = await ctx.app.inject({
        method: 'POST',
        url: `/api/groups/${group.id}/leave`,
        headers: bearer(leaver),
      });
      expect(left.statusCode).toBe(200);
      const response = await ctx.app.inject({
        method: 'GET',
        url: `/api/groups/${group.id}/export`,
        headers: bearer(leaver),
      });
      expect(response.statusCode).toBe(404);
    });
  });
}
