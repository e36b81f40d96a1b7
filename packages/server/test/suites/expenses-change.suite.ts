import { beforeAll, describe, expect, it } from 'vitest';
import { PERSONAL_SCOPE, scopeBalances } from '../../src/ledger/ledger';
import { expectContract } from '../contract';
import type { TestContext } from '../support/context';
import {
  createExpense,
  deleteExpense,
  expectLedgerMatchesRecompute,
  expenseBody,
  getExpense,
  moneyState,
  netsIn,
  putExpense,
} from '../support/expenses';
import { groupOf, type Person } from '../support/groups';
import { bearer } from '../support/users';

const STALE = {
  code: 'VERSION_CONFLICT',
  message: 'This expense was changed by someone else. Reload and try again.',
};
const amounts = (expense: { ExpenseSplits: { amount: number }[] }) =>
  expense.ExpenseSplits.map((s) => s.amount);

export function expensesChangeSuite(ctx: TestContext): void {
  let a: Person;
  let b: Person;
  let c: Person;
  let groupId: string;

  beforeAll(async () => {
    const made = await groupOf(ctx.app, 3);
    [a, b, c] = made.people as [Person, Person, Person];
    groupId = made.group.id;
  });

  describe('expenses: GET /api/expenses/{id}', () => {
    it('shows the expense with its payer, group, splits and version', async () => {
      const created = await createExpense(
        ctx.app,
        a,
        expenseBody(a.user.id, [b.user.id], {
          group_id: groupId,
          amount: 12.5,
          notes: 'Pizza',
          date: '2026-11-02T19:30:00.000Z',
        }),
      );
      const response = await getExpense(ctx.app, c, created.id);
      expect(response.statusCode).toBe(200);
      const expense = expectContract(response, 'getExpense');
      expect(expense).toMatchObject({
        id: created.id,
        description: 'Dinner',
        amount: 12.5,
        currency: 'EUR',
        category: 'dining',
        date: '2026-11-02T19:30:00.000Z',
        notes: 'Pizza',
        group_id: groupId,
        groupName: 'Trip to Prague',
        Group: { id: groupId, name: 'Trip to Prague' },
        paid_by: a.user.id,
        payer: { id: a.user.id, display_name: a.user.display_name, email: a.email },
        split_type: 'equal',
        participants: [a.user.id, b.user.id],
        is_settled: false,
        version: 1,
      });
      expect(expense.ExpenseSplits).toEqual([
        {
          user_id: a.user.id,
          amount: 6.25,
          percentage: null,
          shares: null,
          User: { display_name: a.user.display_name },
          display_name: a.user.display_name,
          email: a.email,
        },
        {
          user_id: b.user.id,
          amount: 6.25,
          percentage: null,
          shares: null,
          User: { display_name: b.user.display_name },
          display_name: b.user.display_name,
          email: b.email,
        },
      ]);
    });

    it('a personal expense shows no group', async () => {
      const created = await createExpense(ctx.app, a, expenseBody(a.user.id, [b.user.id]));
      const expense = expectContract(await getExpense(ctx.app, b, created.id), 'getExpense');
      expect(expense).toMatchObject({ group_id: null, groupName: null, Group: null, notes: null });
    });
  });

  describe('expenses: PUT /api/expenses/{id}', () => {
    it('recomputes the shares and the balances, and moves the version on', async () => {
      const created = await createExpense(
        ctx.app,
        a,
        expenseBody(a.user.id, [b.user.id], { group_id: groupId }),
      );
      const body = expenseBody(b.user.id, [a.user.id, c.user.id], {
        group_id: groupId,
        amount: 10,
        version: 1,
        split_type: 'shares',
        split_details: { shares: { [b.user.id]: 2, [a.user.id]: 1, [c.user.id]: 1 } },
      });
      const response = await putExpense(ctx.app, c, created.id, body);
      expect(response.statusCode, response.body).toBe(200);
      const updated = expectContract(response, 'updateExpense');
      expect(updated).toMatchObject({ paid_by: b.user.id, amount: 10, split_type: 'shares', version: 2 });
      expect(updated.participants).toEqual([b.user.id, a.user.id, c.user.id]);
      expect(amounts(updated)).toEqual([5, 2.5, 2.5]);
      expect(new Date(updated.updated_at).getTime()).toBeGreaterThanOrEqual(
        new Date(created.updated_at).getTime(),
      );
      await expectLedgerMatchesRecompute(ctx.db, groupId);
      expect(expectContract(await getExpense(ctx.app, a, created.id), 'getExpense')).toEqual(updated);
    });

    it('an edit without a date or notes keeps them: detail, lists and export still show the day it happened', async () => {
      const day = '2025-06-01T12:00:00.000Z';
      const created = await createExpense(
        ctx.app,
        a,
        expenseBody(a.user.id, [b.user.id], { group_id: groupId, date: day, notes: 'Receipt in the car' }),
      );
      const {
        date: _date,
        notes: _notes,
        ...edit
      } = expenseBody(a.user.id, [b.user.id], {
        group_id: groupId,
        amount: 42,
        version: 1,
      }) as Record<string, unknown>;
      const response = await putExpense(ctx.app, b, created.id, edit);
      expect(response.statusCode, response.body).toBe(200);
      expect(expectContract(response, 'updateExpense')).toMatchObject({
        amount: 42,
        date: day,
        notes: 'Receipt in the car',
        version: 2,
      });
      expect(expectContract(await getExpense(ctx.app, b, created.id), 'getExpense')).toMatchObject({
        date: day,
      });
      const dated = async (url: string, operation: 'listGroupExpenses' | 'listUserExpenses') => {
        const answer = await ctx.app.inject({ method: 'GET', url, headers: bearer(a.token) });
        expect(answer.statusCode, answer.body).toBe(200);
        const body = expectContract<{ expenses: { id: string; date: string }[] }>(answer, operation);
        return body.expenses.find((e) => e.id === created.id)?.date;
      };
      expect(await dated(`/api/expenses/group/${groupId}?limit=100`, 'listGroupExpenses')).toBe(day);
      expect(await dated('/api/expenses/user?limit=100', 'listUserExpenses')).toBe(day);
      const exported = await ctx.app.inject({
        method: 'GET',
        url: `/api/groups/${groupId}/export`,
        headers: bearer(a.token),
      });
      const rows = expectContract<{ expenses: { description: string; amount: number; date: string }[] }>(
        exported,
        'exportGroup',
      ).expenses;
      expect(rows.filter((r) => r.amount === 42).map((r) => r.date)).toEqual([day]);

      // A date that is given is the new date, and notes given as null clear them.
      const moved = await putExpense(ctx.app, a, created.id, {
        ...edit,
        version: 2,
        date: '2025-06-03T08:00:00.000Z',
        notes: null,
      });
      expect(moved.statusCode, moved.body).toBe(200);
      expect(expectContract(moved, 'updateExpense')).toMatchObject({
        date: '2025-06-03T08:00:00.000Z',
        notes: null,
      });
    });

    it('notes longer than 1,000 characters from before the limit stay through an edit that does not send them', async () => {
      const created = await createExpense(
        ctx.app,
        a,
        expenseBody(a.user.id, [b.user.id], { group_id: groupId }),
      );
      const old = `${'Older, longer notes. '.repeat(80)}`.trim();
      await ctx.db.query('UPDATE expenses SET notes = $1 WHERE id = $2', [old, created.id]);
      const edit = expenseBody(a.user.id, [b.user.id], { group_id: groupId, amount: 31, version: 1 });
      const response = await putExpense(ctx.app, a, created.id, edit);
      expect(response.statusCode, response.body).toBe(200);
      expect(expectContract(response, 'updateExpense')).toMatchObject({ amount: 31, notes: old });
      // Sent again as they are, they are over the limit now.
      const resent = await putExpense(ctx.app, a, created.id, { ...edit, version: 2, notes: old });
      expect(resent.statusCode, resent.body).toBe(400);
    });

    it('a date moved more than a year ahead is refused on date', async () => {
      const created = await createExpense(
        ctx.app,
        a,
        expenseBody(a.user.id, [b.user.id], { group_id: groupId }),
      );
      const later = new Date();
      later.setUTCFullYear(later.getUTCFullYear() + 2);
      const response = await putExpense(ctx.app, a, created.id, {
        ...expenseBody(a.user.id, [b.user.id], { group_id: groupId, version: 1 }),
        date: later.toISOString(),
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(JSON.parse(response.body).errors).toContainEqual({
        field: 'date',
        message: 'The date cannot be more than a year from today',
      });
    });

    it('a stale version is a 409 and changes nothing', async () => {
      const created = await createExpense(
        ctx.app,
        a,
        expenseBody(a.user.id, [b.user.id], { group_id: groupId }),
      );
      const first = await putExpense(ctx.app, a, created.id, {
        ...expenseBody(a.user.id, [b.user.id]),
        version: 1,
      });
      expect(first.statusCode, first.body).toBe(200);
      const before = await moneyState(ctx.db);
      const stale = await putExpense(ctx.app, b, created.id, {
        ...expenseBody(a.user.id, [b.user.id], { amount: 99 }),
        version: 1,
      });
      expect(stale.statusCode).toBe(409);
      expect(expectContract(stale, 'updateExpense')).toEqual(STALE);
      expect(await moneyState(ctx.db)).toEqual(before);
    });

    it('two edits based on the same version at once: one is saved, the other gets 409', async () => {
      const created = await createExpense(
        ctx.app,
        a,
        expenseBody(a.user.id, [b.user.id], { group_id: groupId }),
      );
      const edit = (who: Person, amount: number) =>
        putExpense(ctx.app, who, created.id, {
          ...expenseBody(a.user.id, [b.user.id], { amount }),
          version: 1,
        });
      const responses = await Promise.all([edit(a, 40), edit(b, 50)]);
      expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const saved = expectContract(await getExpense(ctx.app, a, created.id), 'getExpense');
      expect(saved.version).toBe(2);
      await expectLedgerMatchesRecompute(ctx.db, groupId);
    });

    it('cannot move an expense to another group or out of its group (400 on group_id)', async () => {
      const other = await groupOf(ctx.app, 1);
      const created = await createExpense(
        ctx.app,
        a,
        expenseBody(a.user.id, [b.user.id], { group_id: groupId }),
      );
      const before = await moneyState(ctx.db);
      for (const group_id of [other.group.id, null]) {
        const response = await putExpense(
          ctx.app,
          a,
          created.id,
          expenseBody(a.user.id, [b.user.id], { group_id }),
        );
        expect(response.statusCode).toBe(400);
        expect(expectContract(response, 'updateExpense').errors).toEqual([
          { field: 'group_id', message: 'The group of an expense cannot be changed.' },
        ]);
      }
      expect(await moneyState(ctx.db)).toEqual(before);
    });

    it('an invalid change is a 400 and the expense and balances stay as they were', async () => {
      const created = await createExpense(
        ctx.app,
        a,
        expenseBody(a.user.id, [b.user.id], { group_id: groupId }),
      );
      const before = await moneyState(ctx.db);
      const response = await putExpense(
        ctx.app,
        a,
        created.id,
        expenseBody(a.user.id, [b.user.id], {
          split_type: 'exact',
          split_details: { amounts: { [a.user.id]: 1 } },
        }),
      );
      expect(response.statusCode).toBe(400);
      expect(expectContract(response, 'updateExpense').errors[0].field).toBe('split_details.amounts');
      expect(await moneyState(ctx.db)).toEqual(before);
    });
  });

  describe('expenses: DELETE /api/expenses/{id}', () => {
    it('the payer deletes: gone from get and lists, balances back to what they were', async () => {
      const { group, people } = await groupOf(ctx.app, 2);
      const [p, q] = people as [Person, Person];
      const kept = await createExpense(
        ctx.app,
        p,
        expenseBody(p.user.id, [q.user.id], { group_id: group.id }),
      );
      const netsBefore = await netsIn(ctx.db, group.id);
      const doomed = await createExpense(
        ctx.app,
        p,
        expenseBody(p.user.id, [q.user.id], { group_id: group.id, amount: 41 }),
      );
      expect(await netsIn(ctx.db, group.id)).not.toEqual(netsBefore);

      const response = await deleteExpense(ctx.app, p, doomed.id);
      expect(response.statusCode).toBe(200);
      expect(expectContract(response, 'deleteExpense')).toEqual({ message: 'Expense deleted' });
      expect((await getExpense(ctx.app, p, doomed.id)).statusCode).toBe(404);
      expect(await netsIn(ctx.db, group.id)).toEqual(netsBefore);
      await expectLedgerMatchesRecompute(ctx.db, group.id);
      for (const url of [`/api/expenses/group/${group.id}`, '/api/expenses/user']) {
        const list = await ctx.app.inject({ method: 'GET', url, headers: bearer(q.token) });
        const page = expectContract(list, url.includes('group') ? 'listGroupExpenses' : 'listUserExpenses');
        expect(page.expenses.map((e: { id: string }) => e.id)).toEqual([kept.id]);
      }
    });

    it('anyone but the payer gets 403 with the exact message, and nothing changes', async () => {
      const created = await createExpense(
        ctx.app,
        a,
        expenseBody(a.user.id, [b.user.id], { group_id: groupId }),
      );
      const before = await moneyState(ctx.db);
      for (const who of [b, c]) {
        const response = await deleteExpense(ctx.app, who, created.id);
        expect(response.statusCode).toBe(403);
        expect(expectContract(response, 'deleteExpense')).toEqual({
          code: 'FORBIDDEN_NOT_PAYER',
          message: 'Only the person who paid can delete this expense',
        });
      }
      expect(await moneyState(ctx.db)).toEqual(before);
    });

    it('two deletes at once: one deletes, the other answers 404, and the balances are taken back once', async () => {
      const created = await createExpense(
        ctx.app,
        a,
        expenseBody(a.user.id, [b.user.id], { group_id: groupId }),
      );
      const responses = await Promise.all([
        deleteExpense(ctx.app, a, created.id),
        deleteExpense(ctx.app, a, created.id),
      ]);
      expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 404]);
      await expectLedgerMatchesRecompute(ctx.db, groupId);
    });

    it('a second delete answers 404 and changes nothing; the personal balances are back as before', async () => {
      const personal = async () =>
        (await scopeBalances(ctx.db, PERSONAL_SCOPE)).filter(
          (r) => r.user_id === a.user.id || r.user_id === b.user.id,
        );
      const start = await personal();
      const created = await createExpense(ctx.app, a, expenseBody(a.user.id, [b.user.id], { amount: 17 }));
      expect(await personal()).not.toEqual(start);
      expect((await deleteExpense(ctx.app, a, created.id)).statusCode).toBe(200);
      const before = await moneyState(ctx.db);
      const again = await deleteExpense(ctx.app, a, created.id);
      expect(again.statusCode).toBe(404);
      expect(expectContract(again, 'deleteExpense')).toEqual({ code: 'NOT_FOUND', message: 'Not found' });
      expect(await moneyState(ctx.db)).toEqual(before);
      expect((await personal()).filter((r) => r.paid_minor !== 0 || r.owed_minor !== 0)).toEqual(
        start.filter((r) => r.paid_minor !== 0 || r.owed_minor !== 0),
      );
    });

    it('with a stale version it is a 409; with the current one it deletes', async () => {
      const created = await createExpense(
        ctx.app,
        a,
        expenseBody(a.user.id, [b.user.id], { group_id: groupId }),
      );
      const before = await moneyState(ctx.db);
      const stale = await deleteExpense(ctx.app, a, created.id, '?version=7');
      expect(stale.statusCode).toBe(409);
      expect(expectContract(stale, 'deleteExpense')).toEqual(STALE);
      expect(await moneyState(ctx.db)).toEqual(before);
      expect((await deleteExpense(ctx.app, a, created.id, '?version=1')).statusCode).toBe(200);
    });
  });
}
