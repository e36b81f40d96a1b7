import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { OperationId } from '../../src/http/route';
import { expectContract } from '../contract';
import type { TestContext } from '../support/context';
import { createExpense, expenseBody } from '../support/expenses';
import { groupOf, type Person } from '../support/groups';
import { bearer, registerUser } from '../support/users';

interface Listed {
  id: string;
  date: string;
}

/** Follows nextCursor to the end; answers every page's ids. */
async function pageThrough(app: FastifyInstance, as: Person, url: string, op: OperationId, limit: number) {
  const pages: Listed[][] = [];
  let cursor: string | null = null;
  do {
    const query: string = `limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const response = await app.inject({ method: 'GET', url: `${url}?${query}`, headers: bearer(as.token) });
    expect(response.statusCode, response.body).toBe(200);
    const page = expectContract(response, op);
    pages.push(page.expenses);
    cursor = page.nextCursor;
    expect(pages.length).toBeLessThan(50);
  } while (cursor);
  return pages;
}

/** Newest first: date descending, then (same date) the later recorded first. */
const newestFirst = (a: { date: string; id: string }, b: { date: string; id: string }) =>
  a.date === b.date ? (a.id < b.id ? 1 : -1) : a.date < b.date ? 1 : -1;

export function expensesListsSuite(ctx: TestContext): void {
  describe('expenses: GET /api/expenses/group/{id} and GET /api/expenses/user', () => {
    let a: Person;
    let b: Person;
    let groupId: string;
    const created: Listed[] = [];

    beforeAll(async () => {
      const made = await groupOf(ctx.app, 2);
      [a, b] = made.people as [Person, Person];
      groupId = made.group.id;
      // 25 expenses over 10 days, several on the same day and instant, recorded out of date order.
      for (let i = 0; i < 25; i++) {
        const day = String(1 + ((i * 7) % 10)).padStart(2, '0');
        const expense = await createExpense(
          ctx.app,
          i % 3 === 0 ? b : a,
          expenseBody(i % 3 === 0 ? b.user.id : a.user.id, [i % 3 === 0 ? a.user.id : b.user.id], {
            group_id: groupId,
            description: `Expense ${i}`,
            date: `2026-10-${day}T12:00:00.000Z`,
          }),
        );
        created.push({ id: expense.id, date: expense.date });
      }
    });

    it('a group list pages through all 25 newest first, with no duplicates or gaps', async () => {
      const pages = await pageThrough(ctx.app, a, `/api/expenses/group/${groupId}`, 'listGroupExpenses', 10);
      expect(pages.map((p) => p.length)).toEqual([10, 10, 5]);
      const listed = pages.flat().map((e) => ({ id: e.id, date: e.date }));
      expect(listed).toEqual([...created].sort(newestFirst));
    });

    it('the group list carries the group, and the default page is 20', async () => {
      const response = await ctx.app.inject({
        method: 'GET',
        url: `/api/expenses/group/${groupId}`,
        headers: bearer(b.token),
      });
      const page = expectContract(response, 'listGroupExpenses');
      expect(page.expenses).toHaveLength(20);
      expect(page.nextCursor).toEqual(expect.any(String));
      expect(page.group).toMatchObject({ id: groupId, name: 'Trip to Prague', memberCount: 2 });
    });

    it('the user list pages through the same 25 for each member, who paid or shared every one', async () => {
      for (const who of [a, b]) {
        const pages = await pageThrough(ctx.app, who, '/api/expenses/user', 'listUserExpenses', 7);
        const listed = pages.flat().map((e) => ({ id: e.id, date: e.date }));
        expect(listed).toEqual([...created].sort(newestFirst));
        expect(pages.at(-1)?.length).toBe(4);
      }
    });

    it('the user list holds what the caller paid, what they share without paying, and nothing else', async () => {
      const me = await registerUser(ctx.app);
      const friend = await registerUser(ctx.app);
      const other = await registerUser(ctx.app);
      const paid = await createExpense(ctx.app, me, expenseBody(me.user.id, [friend.user.id]));
      const shared = await createExpense(ctx.app, friend, expenseBody(friend.user.id, [me.user.id]));
      const forMe = await createExpense(
        ctx.app,
        friend,
        expenseBody(friend.user.id, [], { participants: [me.user.id] }),
      );
      await createExpense(ctx.app, friend, expenseBody(friend.user.id, [other.user.id]));
      const pages = await pageThrough(ctx.app, me, '/api/expenses/user', 'listUserExpenses', 20);
      expect(
        pages
          .flat()
          .map((e) => e.id)
          .sort(),
      ).toEqual([paid.id, shared.id, forMe.id].sort());
    });

    it('a cursor that was not given by the server is a 400 on cursor', async () => {
      for (const cursor of ['nonsense', Buffer.from('["1", "x"]').toString('base64url')]) {
        const response = await ctx.app.inject({
          method: 'GET',
          url: `/api/expenses/user?cursor=${cursor}`,
          headers: bearer(a.token),
        });
        expect(response.statusCode).toBe(400);
        expect(expectContract(response, 'listUserExpenses').errors[0].field).toBe('cursor');
      }
    });

    it('a limit above 100 is a 400 on limit', async () => {
      const response = await ctx.app.inject({
        method: 'GET',
        url: '/api/expenses/user?limit=101',
        headers: bearer(a.token),
      });
      expect(response.statusCode).toBe(400);
      expect(expectContract(response, 'listUserExpenses').errors[0].field).toBe('limit');
    });
  });

  describe('expenses: GET /api/expenses/user with search, and its total', () => {
    let me: Person;
    let friend: Person;
    const ids: Record<string, string> = {};

    const list = async (as: Person, query: string) => {
      const response = await ctx.app.inject({
        method: 'GET',
        url: `/api/expenses/user?${query}`,
        headers: bearer(as.token),
      });
      expect(response.statusCode, response.body).toBe(200);
      return expectContract(response, 'listUserExpenses');
    };
    const described = (page: { expenses: { description: string }[] }) =>
      page.expenses.map((e) => e.description);

    beforeAll(async () => {
      me = await registerUser(ctx.app);
      friend = await registerUser(ctx.app);
      const stranger = await registerUser(ctx.app);
      const group = async (name: string) => {
        const response = await ctx.app.inject({
          method: 'POST',
          url: '/api/groups',
          headers: bearer(me.token),
          payload: { name, members: [{ email: friend.email }] },
        });
        expect(response.statusCode, response.body).toBe(201);
        return response.json().id as string;
      };
      const ski = await group('Ski trip');
      const club = await group('Dinner club');
      const add = async (
        as: Person,
        description: string,
        day: number,
        more: Record<string, unknown> = {},
      ) => {
        const others = as === me ? [friend.user.id] : [me.user.id];
        const expense = await createExpense(
          ctx.app,
          as,
          expenseBody(as.user.id, others, {
            description,
            date: `2026-09-${String(day).padStart(2, '0')}T12:00:00.000Z`,
            ...more,
          }),
        );
        ids[description] = expense.id;
      };
      // 28 expenses: the Dinner is the oldest, far past the first page of 20.
      await add(me, 'Team Dinner', 1, { group_id: ski });
      await add(friend, 'Bus tickets', 2, { group_id: club });
      await add(me, '100% juice', 3);
      for (let i = 0; i < 25; i++) await add(i % 2 ? me : friend, `Coffee ${i}`, 4 + i, { group_id: ski });
      // Not the caller's: another person's dinner, and a deleted one.
      await createExpense(ctx.app, stranger, expenseBody(stranger.user.id, [], { description: 'Dinner' }));
      await add(me, 'Dinner deleted', 2);
      const removed = await ctx.app.inject({
        method: 'DELETE',
        url: `/api/expenses/${ids['Dinner deleted']}`,
        headers: bearer(me.token),
      });
      expect(removed.statusCode, removed.body).toBe(200);
    });

    it('without a search the total counts every expense of the person, not the page', async () => {
      const page = await list(me, '');
      expect(page.expenses).toHaveLength(20);
      expect(page.total).toBe(28);
      expect((await list(friend, 'limit=5')).total).toBe(28);
    });

    it('finds an expense of any page by its description or its group name, in any case', async () => {
      const page = await list(me, 'search=dinner');
      expect(described(page)).toEqual(['Bus tickets', 'Team Dinner']);
      expect(page.total).toBe(2);
      expect(page.nextCursor).toBeNull();
      expect(described(await list(me, 'search=%20SKI%20')).length).toBe(20);
      expect((await list(me, 'search=SKI')).total).toBe(26);
      expect((await list(me, 'search=nothing-like-it')).total).toBe(0);
    });

    it('pages through a search with its cursor, the total on every page', async () => {
      const first = await list(me, 'search=dinner&limit=1');
      expect(described(first)).toEqual(['Bus tickets']);
      expect(first.total).toBe(2);
      const second = await list(
        me,
        `search=dinner&limit=1&cursor=${encodeURIComponent(first.nextCursor as string)}`,
      );
      expect(described(second)).toEqual(['Team Dinner']);
      expect(second.total).toBe(2);
      expect(second.nextCursor).toBeNull();
    });

    it('takes % and _ as plain characters, and a blank search as none', async () => {
      expect(described(await list(me, 'search=%25'))).toEqual(['100% juice']);
      expect((await list(me, 'search=_')).total).toBe(0);
      expect((await list(me, 'search=%20%20')).total).toBe(28);
    });

    it('a search longer than 100 characters is a 400 on search', async () => {
      const response = await ctx.app.inject({
        method: 'GET',
        url: `/api/expenses/user?search=${'a'.repeat(101)}`,
        headers: bearer(me.token),
      });
      expect(response.statusCode).toBe(400);
      expect(expectContract(response, 'listUserExpenses').errors[0].field).toBe('search');
    });
  });

  describe('expenses: GET /api/expenses/categories', () => {
    it('lists the domain categories with their display names, in display order', async () => {
      const me = await registerUser(ctx.app);
      const response = await ctx.app.inject({
        method: 'GET',
        url: '/api/expenses/categories',
        headers: bearer(me.token),
      });
      const { categories } = expectContract(response, 'listExpenseCategories');
      expect(categories[0]).toEqual({ value: 'groceries', displayName: 'Groceries' });
      expect(categories).toContainEqual({ value: 'dining', displayName: 'Dining Out' });
      expect(categories).toHaveLength(12);
    });

    it("follow an administrator's list: a new category can be used, a retired one only by expenses that had it", async () => {
      const admin = await registerUser(ctx.app);
      const app = await ctx.buildApp({ ADMIN_EMAILS: admin.email });
      const put = (values: string[], displayNames: Record<string, string>) =>
        app.inject({
          method: 'PUT',
          url: '/api/config',
          headers: bearer(admin.token),
          payload: { expenseCategories: { values, displayNames } },
        });
      const old = await createExpense(app, admin, expenseBody(admin.user.id, [], { category: 'dining' }));
      try {
        expect((await put(['groceries', 'pets'], { groceries: 'Groceries', pets: 'Pets' })).statusCode).toBe(
          200,
        );
        const listed = await app.inject({
          method: 'GET',
          url: '/api/expenses/categories',
          headers: bearer(admin.token),
        });
        expect(expectContract(listed, 'listExpenseCategories').categories).toEqual([
          { value: 'groceries', displayName: 'Groceries' },
          { value: 'pets', displayName: 'Pets' },
        ]);
        await createExpense(app, admin, expenseBody(admin.user.id, [], { category: 'pets' }));
        const retired = await app.inject({
          method: 'POST',
          url: '/api/expenses',
          headers: bearer(admin.token),
          payload: expenseBody(admin.user.id, [], { category: 'dining' }),
        });
        expect(retired.statusCode).toBe(400);
        expect(expectContract(retired, 'createExpense').errors[0].field).toBe('category');
        const kept = await app.inject({
          method: 'PUT',
          url: `/api/expenses/${old.id}`,
          headers: bearer(admin.token),
          payload: expenseBody(admin.user.id, [], { category: 'dining', amount: 31 }),
        });
        expect(kept.statusCode, kept.body).toBe(200);
      } finally {
        await ctx.db.query("DELETE FROM app_settings WHERE key = 'expense_categories'");
      }
    });

    it('needs a signed-in caller', async () => {
      const response = await ctx.app.inject({ method: 'GET', url: '/api/expenses/categories' });
      expect(response.statusCode).toBe(401);
      expectContract(response, 'listExpenseCategories');
    });
  });
}
