import { splitExpense } from '@kitty/domain';
import { describe, expect, it } from 'vitest';
import { expectContract } from '../contract';
import type { TestContext } from '../support/context';
import { createExpense, expenseBody, getExpense, putExpense } from '../support/expenses';
import { groupOf, type Person } from '../support/groups';
import { bearer } from '../support/users';

type Split = { user_id: string; amount: number };
const sharesOf = (expense: { ExpenseSplits: Split[] }) =>
  Object.fromEntries(expense.ExpenseSplits.map((s) => [s.user_id, s.amount]));

export function expensesLeftoversSuite(ctx: TestContext): void {
  describe('expenses: leftover cents go round the group', () => {
    /** Each member's total share of the group's expenses, in cents. */
    async function totalShares(groupId: string): Promise<number[]> {
      const { rows } = await ctx.db.query<{ total: number }>(
        `SELECT sum(s.amount_minor)::float8 AS total FROM expense_splits s JOIN expenses e ON e.id = s.expense_id
          WHERE e.group_id = $1 AND e.deleted_at IS NULL GROUP BY s.user_id`,
        [groupId],
      );
      return rows.map((r) => r.total);
    }

    it('50 splits of 1.00 among three: every member’s total share within 0.01 of the others', async () => {
      const { group, people, ids } = await groupOf(ctx.app, 3);
      for (let i = 0; i < 50; i++) {
        const payer = people[i % 3]!;
        const others = ids.filter((id) => id !== payer.user.id);
        await createExpense(
          ctx.app,
          payer,
          expenseBody(payer.user.id, others, { group_id: group.id, amount: 1 }),
        );
      }
      const totals = await totalShares(group.id);
      expect(totals.sort()).toEqual([1666, 1667, 1667]);
    });

    it('an adjustment split is recorded wherever the turn of the group stands (its leftover cent never makes a share negative)', async () => {
      const { group, owner, ids } = await groupOf(ctx.app, 2);
      const [a, b] = ids as [string, string];
      for (const [first, second] of [
        [-0.01, 0.01],
        [0.01, -0.01],
      ] as const) {
        // One leftover cent moves the group's turn on; then 0.01 with adjustments of -0.01 and +0.01.
        await createExpense(ctx.app, owner, expenseBody(a, [b], { group_id: group.id, amount: 0.01 }));
        const expense = await createExpense(
          ctx.app,
          owner,
          expenseBody(a, [b], {
            group_id: group.id,
            amount: 0.01,
            split_type: 'adjustment',
            split_details: { adjustments: { [a]: first, [b]: second } },
          }),
        );
        const shares = sharesOf(expense);
        expect(shares[a]! + shares[b]!).toBe(0.01);
        expect(Math.min(shares[a]!, shares[b]!)).toBe(0);
      }
    });

    it('creates at the same time still take turns', async () => {
      const { group, owner, ids } = await groupOf(ctx.app, 3);
      const others = ids.slice(1);
      await Promise.all(
        Array.from({ length: 20 }, () =>
          createExpense(
            ctx.app,
            owner,
            expenseBody(owner.user.id, others, { group_id: group.id, amount: 1 }),
          ),
        ),
      );
      const totals = await totalShares(group.id);
      expect(Math.max(...totals) - Math.min(...totals)).toBeLessThanOrEqual(1);
    });

    it('a stored split never changes because another expense changed, nor when its own text is edited', async () => {
      const { group, owner, ids } = await groupOf(ctx.app, 3);
      const others = ids.slice(1);
      const body = (amount: number) => expenseBody(owner.user.id, others, { group_id: group.id, amount });
      const first = await createExpense(ctx.app, owner, body(1));
      const second = await createExpense(ctx.app, owner, body(1));
      const third = await createExpense(ctx.app, owner, body(1));
      // Three leftover cents, three different people.
      const receivers = [first, second, third].map(
        (e) => Object.entries(sharesOf(e)).find(([, amount]) => amount === 0.34)?.[0],
      );
      expect(new Set(receivers).size).toBe(3);

      const edited = await putExpense(ctx.app, owner, second.id, {
        ...body(2),
        version: second.version,
      });
      expect(edited.statusCode, edited.body).toBe(200);
      const renamed = await putExpense(ctx.app, owner, third.id, {
        ...body(1),
        description: 'Lunch',
        version: third.version,
      });
      expect(renamed.statusCode, renamed.body).toBe(200);
      expect(sharesOf(renamed.json())).toEqual(sharesOf(third));
      for (const e of [first, third]) {
        expect(sharesOf((await getExpense(ctx.app, owner, e.id)).json())).toEqual(sharesOf(e));
      }
    });

    it('the group answers where the next create starts its leftovers, and every expense answers its own start', async () => {
      const { group, people, owner, ids } = await groupOf(ctx.app, 3);
      const others = ids.slice(1);
      const body = (amount: number) => expenseBody(owner.user.id, others, { group_id: group.id, amount });
      const nextStart = async (as: Person) =>
        expectContract(
          await ctx.app.inject({ method: 'GET', url: `/api/groups/${group.id}`, headers: bearer(as.token) }),
          'getGroup',
        ).next_leftover_start;

      expect(await nextStart(owner)).toBe(0);
      for (const amount of [1, 1, 0.05, 2]) {
        // Any member reads the same count: what the next create, whoever records it, uses.
        const start = await nextStart(people[1]!);
        expect(await nextStart(owner)).toBe(start);
        const created = await createExpense(ctx.app, owner, body(amount));
        expect(created.leftover_start).toBe(start);
        const preview = splitExpense({
          amount: Math.round(amount * 100),
          participants: ids,
          split_type: 'equal',
          rotation: start,
        });
        expect(
          Object.fromEntries(Object.entries(sharesOf(created)).map(([id, a]) => [id, Math.round(a * 100)])),
        ).toEqual(preview);
      }
      // 1.00, 1.00, 0.05 (two leftover cents), 2.00 (two): six handed out.
      expect(await nextStart(owner)).toBe(6);

      const [first] = expectContract(
        await ctx.app.inject({ method: 'GET', url: `/api/groups/${group.id}`, headers: bearer(owner.token) }),
        'getGroup',
      ).expenses.slice(-1);
      expect(first.leftover_start).toBe(0);
      const latest = expectContract(
        await ctx.app.inject({ method: 'GET', url: `/api/groups/${group.id}`, headers: bearer(owner.token) }),
        'getGroup',
      ).expenses[0];
      expect(latest.leftover_start).toBe(4);
      // An edit keeps its start (and so the answer's), and moves nobody's next.
      const edited = await putExpense(ctx.app, owner, latest.id, { ...body(1), version: latest.version });
      expect(expectContract(edited, 'updateExpense').leftover_start).toBe(4);
      expect(expectContract(await getExpense(ctx.app, owner, latest.id), 'getExpense').leftover_start).toBe(
        4,
      );
      expect(await nextStart(owner)).toBe(6);
    });

    it('a personal expense starts its leftovers at 0, as its answer says', async () => {
      const { people, owner } = await groupOf(ctx.app, 3);
      const created = await createExpense(
        ctx.app,
        owner,
        expenseBody(owner.user.id, [people[1]!.user.id, people[2]!.user.id], { amount: 1 }),
      );
      expect(created.leftover_start).toBe(0);
    });
  });
}
