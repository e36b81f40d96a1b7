// Concurrent edits: whatever moved a version on (an edit, a settle, a member joining or leaving), a change
// or a deletion based on the version before it is a 409 with the message and changes nothing; a deleted
// expense stays deleted.
import { describe, expect, it } from 'vitest';
import { expectContract } from '../contract';
import type { TestContext } from '../support/context';
import { deleteExpense, expenseBody, getExpense, moneyState, putExpense } from '../support/expenses';
import { groupOf, groupState } from '../support/groups';
import { bearer, uniqueEmail } from '../support/users';

const STALE_EXPENSE = {
  code: 'VERSION_CONFLICT',
  message: 'This expense was changed by someone else. Reload and try again.',
};
const STALE_GROUP = {
  code: 'VERSION_CONFLICT',
  message: 'These group settings were changed by someone else. Reload and try again.',
};

export function idempotencyVersionsSuite(ctx: TestContext): void {
  const create = async (who: Awaited<ReturnType<typeof groupOf>>) => {
    const [a, b] = who.ids as [string, string];
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/expenses',
      headers: bearer(who.owner.token),
      payload: expenseBody(a, [b], { group_id: who.group.id }),
    });
    expect(response.statusCode, response.body).toBe(201);
    return expectContract(response, 'createExpense') as { id: string; version: number };
  };

  describe('idempotency: changes based on a stale version', () => {
    it('an edit based on the version before the expense was settled is a 409 and changes nothing', async () => {
      const made = await groupOf(ctx.app, 2);
      const [a, b] = made.ids as [string, string];
      const expense = await create(made);
      const settled = await ctx.app.inject({
        method: 'POST',
        url: `/api/financial/settle/${expense.id}`,
        headers: bearer(made.owner.token),
        payload: { expense_id: expense.id },
      });
      expect(settled.statusCode, settled.body).toBe(201);
      const before = await moneyState(ctx.db);
      const stale = await putExpense(ctx.app, made.owner, expense.id, {
        ...expenseBody(a, [b], { amount: 44 }),
        version: expense.version,
      });
      expect(stale.statusCode, stale.body).toBe(409);
      expect(expectContract(stale, 'updateExpense')).toEqual(STALE_EXPENSE);
      const deletion = await deleteExpense(ctx.app, made.owner, expense.id, `?version=${expense.version}`);
      expect(deletion.statusCode, deletion.body).toBe(409);
      expect(expectContract(deletion, 'deleteExpense')).toEqual(STALE_EXPENSE);
      expect(await moneyState(ctx.db)).toEqual(before);
    });

    it('a deletion based on the version before an edit is a 409; with the current one it deletes, once', async () => {
      const made = await groupOf(ctx.app, 2);
      const [a, b] = made.ids as [string, string];
      const expense = await create(made);
      const edited = await putExpense(ctx.app, made.people[1]!, expense.id, {
        ...expenseBody(a, [b], { amount: 45 }),
        version: expense.version,
      });
      expect(edited.statusCode, edited.body).toBe(200);
      const current = expectContract(edited, 'updateExpense').version as number;
      expect(current).toBe(expense.version + 1);

      const before = await moneyState(ctx.db);
      const stale = await deleteExpense(ctx.app, made.owner, expense.id, `?version=${expense.version}`);
      expect(stale.statusCode, stale.body).toBe(409);
      expect(expectContract(stale, 'deleteExpense')).toEqual(STALE_EXPENSE);
      expect(await moneyState(ctx.db)).toEqual(before);

      const deleted = await deleteExpense(ctx.app, made.owner, expense.id, `?version=${current}`);
      expect(deleted.statusCode, deleted.body).toBe(200);
      const after = await moneyState(ctx.db);
      // A repeated delete (with or without the version) and an edit of the deleted expense change nothing.
      for (const again of [
        await deleteExpense(ctx.app, made.owner, expense.id, `?version=${current}`),
        await deleteExpense(ctx.app, made.owner, expense.id),
        await putExpense(ctx.app, made.owner, expense.id, { ...expenseBody(a, [b]), version: current + 1 }),
      ]) {
        expect(again.statusCode, again.body).toBe(404);
        expect(again.json()).toEqual({ code: 'NOT_FOUND', message: 'Not found' });
      }
      expect(await moneyState(ctx.db)).toEqual(after);
      expect((await getExpense(ctx.app, made.owner, expense.id)).statusCode).toBe(404);
    });

    it('saving group settings based on the version before a member joined is a 409 and changes nothing', async () => {
      const made = await groupOf(ctx.app, 2);
      const opened = made.group.version as number;
      const joined = await ctx.app.inject({
        method: 'POST',
        url: `/api/groups/${made.group.id}/members`,
        headers: bearer(made.owner.token),
        payload: { email: uniqueEmail('joiner') },
      });
      expect(joined.statusCode, joined.body).toBeLessThan(300);
      const before = await groupState(ctx.db, made.group.id);
      const stale = await ctx.app.inject({
        method: 'PUT',
        url: `/api/groups/${made.group.id}/settings`,
        headers: bearer(made.people[1]!.token),
        payload: {
          currency: 'CZK',
          default_split_type: 'equal',
          members: made.ids.map((id) => ({ id, email: 'kept@example.com' })),
          version: opened,
        },
      });
      expect(stale.statusCode, stale.body).toBe(409);
      expect(expectContract(stale, 'updateGroupSettings')).toEqual(STALE_GROUP);
      expect(await groupState(ctx.db, made.group.id)).toEqual(before);
    });

    it('saving group settings based on the version before a member left is a 409', async () => {
      const made = await groupOf(ctx.app, 3);
      const opened = made.group.version as number;
      const left = await ctx.app.inject({
        method: 'POST',
        url: `/api/groups/${made.group.id}/leave`,
        headers: bearer(made.people[2]!.token),
      });
      expect(left.statusCode, left.body).toBe(200);
      const stale = await ctx.app.inject({
        method: 'PUT',
        url: `/api/groups/${made.group.id}/settings`,
        headers: bearer(made.owner.token),
        payload: {
          currency: 'EUR',
          default_split_type: 'equal',
          members: made.ids.slice(0, 2).map((id) => ({ id, email: 'kept@example.com' })),
          version: opened,
        },
      });
      expect(stale.statusCode, stale.body).toBe(409);
      expect(expectContract(stale, 'updateGroupSettings')).toEqual(STALE_GROUP);
    });
  });
}
