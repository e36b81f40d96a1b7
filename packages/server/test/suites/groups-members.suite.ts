import { describe, expect, it } from 'vitest';
import { expectContract } from '../contract';
import type { TestContext } from '../support/context';
import { groupOf, groupState, recordExpense, recordSettlement } from '../support/groups';
import { bearer, registerUser, uniqueEmail } from '../support/users';

const CANNOT_LEAVE =
  'You cannot leave because you either have an outstanding balance or are the group admin.';

export function groupsMembersSuite(ctx: TestContext): void {
  const call = (method: 'POST' | 'DELETE', url: string, token: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const tokenOf = (p: { token: string } | undefined) => (p as { token: string }).token;

  describe('groups: POST /api/groups/{id}/leave', () => {
    it('a member with a zero balance leaves; the group no longer lists them', async () => {
      const { group, people, ids } = await groupOf(ctx.app, 3);
      const response = await call('POST', `/api/groups/${group.id}/leave`, tokenOf(people[2]));
      expect(response.statusCode).toBe(200);
      expect(expectContract(response, 'leaveGroup')).toEqual({ message: 'You have left the group.' });
      const detail = await ctx.app.inject({
        method: 'GET',
        url: `/api/groups/${group.id}`,
        headers: bearer(tokenOf(people[0])),
      });
      expect(expectContract(detail, 'getGroup')).toMatchObject({ memberCount: 2, version: 2 });
      const gone = await ctx.app.inject({
        method: 'GET',
        url: `/api/groups/${group.id}`,
        headers: bearer(tokenOf(people[2])),
      });
      expect(gone.statusCode).toBe(404);
      expect(ids).toHaveLength(3);
    });

    it('the creator cannot leave, nor a member with a balance in any currency: 409 and nothing changes', async () => {
      const { group, owner, people, ids } = await groupOf(ctx.app, 3);
      const [a, b] = ids as [string, string];
      await recordExpense(ctx.app, {
        groupId: group.id,
        paidBy: a,
        currency: 'JPY',
        shares: { [a]: 100, [b]: 100 },
      });
      const before = await groupState(ctx.db, group.id);
      for (const token of [owner.token, tokenOf(people[1])]) {
        const response = await call('POST', `/api/groups/${group.id}/leave`, token);
        expect(response.statusCode).toBe(409);
        expect(expectContract(response, 'leaveGroup')).toEqual({
          code: 'CANNOT_LEAVE_GROUP',
          message: CANNOT_LEAVE,
        });
      }
      expect(await groupState(ctx.db, group.id)).toEqual(before);
    });
  });

  describe('groups: POST /api/groups/{id}/members', () => {
    it('adds an existing person, or a new not-registered one named from the request; a repeat changes nothing', async () => {
      const { group, people } = await groupOf(ctx.app, 2);
      const existing = await registerUser(ctx.app);
      const member = tokenOf(people[1]);
      const url = `/api/groups/${group.id}/members`;

      const first = await call('POST', url, member, { email: existing.email.toUpperCase() });
      expect(first.statusCode).toBe(200);
      expect(expectContract(first, 'addGroupMember').Members.map((m: { id: string }) => m.id)).toEqual([
        ...people.map((p) => p.user.id),
        existing.user.id,
      ]);

      const email = uniqueEmail('invitee');
      const second = await call('POST', url, member, { email, first_name: 'Ivo', last_name: 'Ra' });
      const added = expectContract(second, 'addGroupMember').Members;
      expect(added).toHaveLength(4);
      expect(added[3]).toMatchObject({
        email,
        first_name: 'Ivo',
        last_name: 'Ra',
        display_name: 'Ivo Ra',
        registered: false,
      });

      const { rows: invitations } = await ctx.db.query(
        'SELECT group_id FROM invitations WHERE lower(email) = lower($1)',
        [email],
      );
      expect(invitations).toEqual([{ group_id: group.id }]);

      const before = await groupState(ctx.db, group.id);
      const repeat = await call('POST', url, member, { email: email.toUpperCase(), first_name: 'Other' });
      expect(expectContract(repeat, 'addGroupMember').Members).toEqual(added);
      expect(await groupState(ctx.db, group.id)).toEqual(before);
    });

    it('refuses an address that is not one with 400 and adds nobody', async () => {
      const { group, owner } = await groupOf(ctx.app, 1);
      const before = await groupState(ctx.db, group.id);
      const response = await call('POST', `/api/groups/${group.id}/members`, owner.token, {
        email: 'a@b@c.de',
      });
      expect(response.statusCode).toBe(400);
      expect(expectContract(response, 'addGroupMember').errors).toEqual([
        { field: 'email', message: 'Please enter a valid email address' },
      ]);
      expect(await groupState(ctx.db, group.id)).toEqual(before);
    });
  });

  describe('groups: DELETE /api/groups/{id}', () => {
    it('only the creator may delete: another member gets 403 and nothing changes', async () => {
      const { group, people } = await groupOf(ctx.app, 2);
      const before = await groupState(ctx.db, group.id);
      const response = await call('DELETE', `/api/groups/${group.id}`, tokenOf(people[1]));
      expect(response.statusCode).toBe(403);
      expect(expectContract(response, 'deleteGroup')).toEqual({
        code: 'FORBIDDEN_NOT_CREATOR',
        message: 'Only the group creator can delete this group.',
      });
      expect(await groupState(ctx.db, group.id)).toEqual(before);
    });

    it('refuses while any balance is nonzero, in any currency', async () => {
      const { group, owner, ids } = await groupOf(ctx.app, 2);
      const [a, b] = ids as [string, string];
      await recordExpense(ctx.app, {
        groupId: group.id,
        paidBy: b,
        currency: 'CHF',
        shares: { [a]: 1, [b]: 1 },
      });
      const before = await groupState(ctx.db, group.id);
      const response = await call('DELETE', `/api/groups/${group.id}`, owner.token);
      expect(response.statusCode).toBe(409);
      expect(expectContract(response, 'deleteGroup')).toEqual({
        code: 'GROUP_HAS_BALANCES',
        message: 'Settle every balance before deleting this group.',
      });
      expect(await groupState(ctx.db, group.id)).toEqual(before);
    });

    it('deletes a settled group with its expenses, splits, settlements, events, balances and members', async () => {
      const { group, owner, ids } = await groupOf(ctx.app, 2);
      const [a, b] = ids as [string, string];
      const expenseId = await recordExpense(ctx.app, {
        groupId: group.id,
        paidBy: a,
        currency: 'EUR',
        shares: { [a]: 500, [b]: 500 },
      });
      const settlementId = await recordSettlement(ctx.app, {
        groupId: group.id,
        from: b,
        to: a,
        currency: 'EUR',
        amountMinor: 500,
      });
      const personal = await recordExpense(ctx.app, {
        groupId: null,
        paidBy: a,
        currency: 'EUR',
        shares: { [a]: 1, [b]: 1 },
      });

      const response = await call('DELETE', `/api/groups/${group.id}`, owner.token);
      expect(response.statusCode).toBe(200);
      expect(expectContract(response, 'deleteGroup')).toEqual({ message: 'Group deleted.' });
      const state = await groupState(ctx.db, group.id);
      expect(state).toMatchObject({ group: [], members: [], expenses: [], settlements: [], balances: [] });
      const left = async (sql: string, id: string) => (await ctx.db.query(sql, [id])).rows.length;
      expect(await left('SELECT 1 FROM expense_splits WHERE expense_id = $1', expenseId)).toBe(0);
      expect(await left('SELECT 1 FROM settlement_events WHERE settlement_id = $1', settlementId)).toBe(0);
      expect(await left('SELECT 1 FROM pair_balances WHERE scope_id = $1', group.id)).toBe(0);
      // Money outside the group is untouched.
      expect(await left('SELECT 1 FROM expenses WHERE id = $1', personal)).toBe(1);
      const gone = await ctx.app.inject({
        method: 'GET',
        url: `/api/groups/${group.id}`,
        headers: bearer(owner.token),
      });
      expect(gone.statusCode).toBe(404);
    });
  });
}
