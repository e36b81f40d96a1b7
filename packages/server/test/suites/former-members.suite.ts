import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectContract } from '../contract';
import type { TestContext } from '../support/context';
import { createExpense, deleteExpense, expenseBody, putExpense } from '../support/expenses';
import { groupOf, groupState, type Person } from '../support/groups';
import { bearer } from '../support/users';

const CURRENT_MEMBERS_ONLY = {
  code: 'FORBIDDEN_NOT_MEMBER',
  message: 'Only current members of the group can change its expenses and settlements.',
};
const SOMEONE_LEFT = {
  code: 'MEMBER_LEFT_GROUP',
  message: 'Someone in this expense has left the group, so it can no longer change.',
};

/**
 * Someone who has left a group no longer moves its money: every write path refuses them (403 where they
 * still see the expense, 404 where they no longer see the group), nobody changes an expense that involves
 * them while they are away (409), and the members' balances keep summing to zero.
 */
export function formerMembersSuite(ctx: TestContext): void {
  describe('former members: only current members write to a group', () => {
    let a: Person;
    let b: Person;
    let c: Person;
    let groupId: string;
    /** Paid by c (who then leaves), shared by a, b and c. */
    let paidByLeaver: string;
    /** Paid by a, shared by a and c. */
    let sharedWithLeaver: string;
    let debtId: string;

    const send = (as: Person, method: 'GET' | 'POST', url: string, payload?: object) =>
      ctx.app.inject({ method, url, headers: bearer(as.token), ...(payload ? { payload } : {}) });
    const refused = async (response: Promise<LightMyRequestResponse>, status: number, body?: object) => {
      const before = await groupState(ctx.db, groupId);
      const answer = await response;
      expect(answer.statusCode, answer.body).toBe(status);
      if (body) expect(answer.json()).toEqual(body);
      expect(await groupState(ctx.db, groupId)).toEqual(before);
    };
    const memberBalancesSum = async () => {
      const detail = expectContract<{ memberBalances: Record<string, number> }>(
        await send(a, 'GET', `/api/groups/${groupId}`),
        'getGroup',
      );
      return Math.round(Object.values(detail.memberBalances).reduce((sum, v) => sum + v * 100, 0));
    };

    beforeAll(async () => {
      const made = await groupOf(ctx.app, 3);
      [a, b, c] = made.people as [Person, Person, Person];
      groupId = made.group.id;
      paidByLeaver = (
        await createExpense(ctx.app, c, expenseBody(c.user.id, [a.user.id, b.user.id], { group_id: groupId }))
      ).id;
      sharedWithLeaver = (
        await createExpense(ctx.app, a, expenseBody(a.user.id, [c.user.id], { group_id: groupId, amount: 8 }))
      ).id;
      // a pays for b: b owes a, a debt of the group c could try to settle after leaving.
      await createExpense(ctx.app, a, expenseBody(a.user.id, [b.user.id], { group_id: groupId, amount: 6 }));
      // c is owed 20 and owes 4 (net 16): b and a each pay c 10, c pays a 4, and c stands at zero.
      for (const [from, to, amount] of [
        [b, c, 10],
        [a, c, 10],
        [c, a, 4],
      ] as const) {
        const paid = await send(from, 'POST', '/api/financial/settlements', {
          from_user_id: from.user.id,
          to_user_id: to.user.id,
          amount,
          currency: 'EUR',
          group_id: groupId,
        });
        expect(paid.statusCode, paid.body).toBe(201);
      }
      const left = await send(c, 'POST', `/api/groups/${groupId}/leave`);
      expect(left.statusCode, left.body).toBe(200);
      const debts = expectContract<{ debts: { id: string; from: { id: string } }[] }>(
        await send(a, 'GET', `/api/financial/group/${groupId}/debts`),
        'listGroupDebts',
      ).debts;
      debtId = debts.find((d) => d.from.id === b.user.id)?.id as string;
      expect(debtId).toBeDefined();
      expect(await memberBalancesSum()).toBe(0);
    });

    it('deleting an expense they paid: 403, and nothing changes', async () => {
      await refused(deleteExpense(ctx.app, c, paidByLeaver), 403, CURRENT_MEMBERS_ONLY);
    });

    it('editing an expense they paid: 403, and nothing changes', async () => {
      const body = expenseBody(c.user.id, [a.user.id], { amount: 99, version: 1 });
      await refused(putExpense(ctx.app, c, paidByLeaver, body), 403, CURRENT_MEMBERS_ONLY);
    });

    it('settling an expense they paid or share in: 403, and nothing changes', async () => {
      for (const id of [paidByLeaver, sharedWithLeaver]) {
        await refused(
          send(c, 'POST', `/api/financial/settle/${id}`, { expense_id: id }),
          403,
          CURRENT_MEMBERS_ONLY,
        );
      }
    });

    it('adding an expense to the group: 404 as for an unknown group, and nothing changes', async () => {
      const body = expenseBody(c.user.id, [a.user.id], { group_id: groupId });
      await refused(send(c, 'POST', '/api/expenses', body), 404);
    });

    it('recording a settlement in the group: 404, and nothing changes', async () => {
      const body = {
        from_user_id: a.user.id,
        to_user_id: b.user.id,
        amount: 1,
        currency: 'EUR',
        group_id: groupId,
      };
      await refused(send(c, 'POST', '/api/financial/settlements', body), 404);
    });

    it("settling one of the group's debts: 404, and nothing changes", async () => {
      await refused(send(c, 'POST', `/api/financial/debts/${debtId}/settle`), 404);
    });

    it('a current member cannot delete, edit or settle an expense that involves them: 409, nothing changes', async () => {
      await refused(deleteExpense(ctx.app, a, sharedWithLeaver), 409, SOMEONE_LEFT);
      const body = expenseBody(a.user.id, [b.user.id], { amount: 8, version: 1 });
      await refused(putExpense(ctx.app, a, sharedWithLeaver, body), 409, SOMEONE_LEFT);
      await refused(
        send(a, 'POST', `/api/financial/settle/${sharedWithLeaver}`, { expense_id: sharedWithLeaver }),
        409,
        SOMEONE_LEFT,
      );
      await refused(
        send(a, 'POST', `/api/financial/settle/${paidByLeaver}`, { expense_id: paidByLeaver }),
        409,
        SOMEONE_LEFT,
      );
      expect(await memberBalancesSum()).toBe(0);
    });

    it('back in the group, they write again', async () => {
      const added = await send(a, 'POST', `/api/groups/${groupId}/members`, { email: c.email });
      expect(added.statusCode, added.body).toBe(200);
      const deleted = await deleteExpense(ctx.app, c, paidByLeaver);
      expect(deleted.statusCode, deleted.body).toBe(200);
      expect(await memberBalancesSum()).toBe(0);
    });
  });
}
