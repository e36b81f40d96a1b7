import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectContract } from '../contract';
import type { TestContext } from '../support/context';
import { createExpense, deleteExpense, expenseBody, getExpense } from '../support/expenses';
import { groupOf, type Person } from '../support/groups';
import { bearer, registerUser } from '../support/users';
import { expectTooMany, GENEROUS } from './abuse-limits.suite';

const AUTHOR_ONLY = 'Only the person who wrote a comment can delete it.';
const CURRENT_MEMBERS_ONLY = 'Only current members of the group can comment on its expenses.';

interface CommentJson {
  id: string;
  expense_id: string;
  author: { id: string; display_name: string };
  text: string;
  created_at: string;
}

/**
 * Comments on an expense: whoever sees the expense reads and writes them, its author alone deletes one,
 * strangers (former members and other groups' people included) learn nothing, and the expense counts them.
 */
export function expenseCommentsSuite(ctx: TestContext): void {
  const url = (expenseId: string, rest = '') => `/api/expenses/${expenseId}/comments${rest}`;
  const post = (as: Person, expenseId: string, text: unknown, headers: Record<string, string> = {}) =>
    ctx.app.inject({
      method: 'POST',
      url: url(expenseId),
      headers: { ...bearer(as.token), ...headers },
      payload: { text },
    });
  const list = (as: Person, expenseId: string, query = '') =>
    ctx.app.inject({ method: 'GET', url: url(expenseId, query), headers: bearer(as.token) });
  const remove = (as: Person, expenseId: string, commentId: string) =>
    ctx.app.inject({ method: 'DELETE', url: url(expenseId, `/${commentId}`), headers: bearer(as.token) });
  const comment = async (as: Person, expenseId: string, text: string): Promise<CommentJson> => {
    const response = await post(as, expenseId, text);
    expect(response.statusCode, response.body).toBe(201);
    return expectContract<CommentJson>(response, 'createExpenseComment');
  };
  const texts = async (as: Person, expenseId: string) => {
    const response = await list(as, expenseId);
    expect(response.statusCode, response.body).toBe(200);
    return expectContract<{ comments: CommentJson[] }>(response, 'listExpenseComments').comments.map(
      (c) => c.text,
    );
  };
  const countOf = async (as: Person, expenseId: string) =>
    expectContract<{ comment_count: number }>(await getExpense(ctx.app, as, expenseId), 'getExpense')
      .comment_count;
  const commentRows = async () =>
    (await ctx.db.query('SELECT id, expense_id, author_id, text FROM expense_comments ORDER BY id')).rows;
  const expectNotFound = (response: LightMyRequestResponse) => {
    expect(response.statusCode, response.body).toBe(404);
    expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
  };

  describe('comments on an expense', () => {
    let a: Person;
    let b: Person;
    let c: Person;
    let groupId: string;
    let expenseId: string;

    beforeAll(async () => {
      const made = await groupOf(ctx.app, 3);
      [a, b, c] = made.people as [Person, Person, Person];
      groupId = made.group.id;
      expenseId = (
        await createExpense(ctx.app, a, expenseBody(a.user.id, [b.user.id], { group_id: groupId }))
      ).id;
    });

    it('any member who sees it comments (text trimmed), everyone sees them newest last, with who and when', async () => {
      const version = expectContract<{ version: number }>(
        await getExpense(ctx.app, a, expenseId),
        'getExpense',
      ).version;
      const first = await comment(b, expenseId, '  Was the tip included?  ');
      expect(first).toMatchObject({
        expense_id: expenseId,
        author: { id: b.user.id, display_name: expect.any(String) },
        text: 'Was the tip included?',
      });
      expect(Math.abs(Date.parse(first.created_at) - Date.now())).toBeLessThan(60_000);
      // c is in the group but not in the expense: a member sees it, so may comment.
      await comment(c, expenseId, 'Yes, 10%.');
      await comment(a, expenseId, 'Line one\nline two');
      for (const viewer of [a, b, c]) {
        expect(await texts(viewer, expenseId)).toEqual([
          'Was the tip included?',
          'Yes, 10%.',
          'Line one\nline two',
        ]);
      }
      expect(await countOf(c, expenseId)).toBe(3);
      // A comment is not a change of the expense: its version stays.
      expect(
        expectContract<{ version: number }>(await getExpense(ctx.app, a, expenseId), 'getExpense').version,
      ).toBe(version);
    });

    it('counts the comments on every expense answer: the group list and the person list', async () => {
      const other = (
        await createExpense(ctx.app, b, expenseBody(b.user.id, [a.user.id], { group_id: groupId, amount: 4 }))
      ).id;
      await comment(a, other, 'Thanks!');
      const groupPage = expectContract<{ expenses: { id: string; comment_count: number }[] }>(
        await ctx.app.inject({
          method: 'GET',
          url: `/api/expenses/group/${groupId}`,
          headers: bearer(a.token),
        }),
        'listGroupExpenses',
      );
      const counts = Object.fromEntries(groupPage.expenses.map((e) => [e.id, e.comment_count]));
      expect(counts[other]).toBe(1);
      expect(counts[expenseId]).toBe(await countOf(a, expenseId));
      const mine = expectContract<{ expenses: { id: string; comment_count: number }[] }>(
        await ctx.app.inject({ method: 'GET', url: '/api/expenses/user', headers: bearer(b.token) }),
        'listUserExpenses',
      );
      expect(mine.expenses.find((e) => e.id === other)?.comment_count).toBe(1);
    });

    it('refuses a blank or too long comment with 400 and keeps nothing', async () => {
      const before = await commentRows();
      for (const text of ['', '   ', '\n\t', 'x'.repeat(1001), 42]) {
        const response = await post(b, expenseId, text);
        expect(response.statusCode, response.body).toBe(400);
        expect(expectContract(response, 'createExpenseComment')).toMatchObject({
          code: 'VALIDATION_FAILED',
          errors: [expect.objectContaining({ field: 'text' })],
        });
      }
      const blank = await post(b, expenseId, '  ');
      expect(blank.json().errors).toEqual([{ field: 'text', message: 'Please write a comment' }]);
      expect(await commentRows()).toEqual(before);
      expect((await post(b, expenseId, 'y'.repeat(1000))).statusCode).toBe(201);
    });

    it('only the author deletes a comment: 403 FORBIDDEN_NOT_AUTHOR for anyone else, 404 the second time', async () => {
      const mine = await comment(b, expenseId, 'Delete me later');
      const before = await commentRows();
      // The payer and the group creator are no exception.
      for (const other of [a, c]) {
        const refused = await remove(other, expenseId, mine.id);
        expect(refused.statusCode, refused.body).toBe(403);
        expect(expectContract(refused, 'deleteExpenseComment')).toEqual({
          code: 'FORBIDDEN_NOT_AUTHOR',
          message: AUTHOR_ONLY,
        });
      }
      expect(await commentRows()).toEqual(before);
      const countBefore = await countOf(a, expenseId);
      const deleted = await remove(b, expenseId, mine.id);
      expect(deleted.statusCode, deleted.body).toBe(200);
      expect(expectContract(deleted, 'deleteExpenseComment')).toEqual({ message: 'Comment deleted' });
      expect(await texts(a, expenseId)).not.toContain('Delete me later');
      expect(await countOf(a, expenseId)).toBe(countBefore - 1);
      expectNotFound(await remove(b, expenseId, mine.id));
    });

    it('a comment is deleted only under its own expense; unknown and malformed ids are 404', async () => {
      const mine = await comment(b, expenseId, 'Mine');
      const other = (
        await createExpense(ctx.app, b, expenseBody(b.user.id, [a.user.id], { group_id: groupId, amount: 2 }))
      ).id;
      expectNotFound(await remove(b, other, mine.id));
      expectNotFound(await remove(b, expenseId, '00000000-0000-7000-8000-000000000000'));
      expectNotFound(await remove(b, expenseId, 'not-an-id'));
      expectNotFound(await list(b, 'not-an-id'));
      expect(await texts(b, expenseId)).toContain('Mine');
    });

    it('strangers, people of another group and former members get 404: they learn nothing', async () => {
      const stranger = await registerUser(ctx.app);
      const elsewhere = await groupOf(ctx.app, 2);
      const otherGroupMember = elsewhere.people[1] as Person;
      // A member who was never in the expense, then left the group.
      const made = await groupOf(ctx.app, 3);
      const [x, y, leaver] = made.people as [Person, Person, Person];
      const theirs = (
        await createExpense(ctx.app, x, expenseBody(x.user.id, [y.user.id], { group_id: made.group.id }))
      ).id;
      const written = await comment(y, theirs, 'Private to the group');
      await comment(leaver, theirs, 'Before I left');
      const left = await ctx.app.inject({
        method: 'POST',
        url: `/api/groups/${made.group.id}/leave`,
        headers: bearer(leaver.token),
      });
      expect(left.statusCode, left.body).toBe(200);
      const before = await commentRows();
      for (const outsider of [stranger, otherGroupMember, leaver]) {
        expectNotFound(await list(outsider, theirs));
        expectNotFound(await post(outsider, theirs, 'Let me in'));
        expectNotFound(await remove(outsider, theirs, written.id));
      }
      expect(await commentRows()).toEqual(before);
    });

    it('a former member who still sees an expense they paid reads its comments but no longer writes: 403', async () => {
      const made = await groupOf(ctx.app, 2);
      const [owner, leaver] = made.people as [Person, Person];
      // The leaver paid for themselves alone: their balance stays zero, so they may leave.
      const theirs = (
        await createExpense(ctx.app, leaver, expenseBody(leaver.user.id, [], { group_id: made.group.id }))
      ).id;
      const own = await comment(leaver, theirs, 'Receipt is in the drawer');
      await comment(owner, theirs, 'Thanks');
      const left = await ctx.app.inject({
        method: 'POST',
        url: `/api/groups/${made.group.id}/leave`,
        headers: bearer(leaver.token),
      });
      expect(left.statusCode, left.body).toBe(200);
      expect(await texts(leaver, theirs)).toEqual(['Receipt is in the drawer', 'Thanks']);
      const before = await commentRows();
      for (const response of [
        await post(leaver, theirs, 'Still here'),
        await remove(leaver, theirs, own.id),
      ]) {
        expect(response.statusCode, response.body).toBe(403);
        expect(response.json()).toEqual({ code: 'FORBIDDEN_NOT_MEMBER', message: CURRENT_MEMBERS_ONLY });
      }
      expect(await commentRows()).toEqual(before);
    });

    it('a personal expense: its payer and participants comment, nobody else sees them', async () => {
      const payer = await registerUser(ctx.app);
      const friend = await registerUser(ctx.app);
      const stranger = await registerUser(ctx.app);
      const personal = (await createExpense(ctx.app, payer, expenseBody(payer.user.id, [friend.user.id]))).id;
      await comment(friend, personal, 'I owe you');
      await comment(payer, personal, 'No rush');
      expect(await texts(payer, personal)).toEqual(['I owe you', 'No rush']);
      expectNotFound(await list(stranger, personal));
      expectNotFound(await post(stranger, personal, 'Hi'));
    });

    it("a deleted expense's comments are gone: 404 to list, write or delete", async () => {
      const doomed = (
        await createExpense(ctx.app, a, expenseBody(a.user.id, [b.user.id], { group_id: groupId, amount: 3 }))
      ).id;
      const written = await comment(b, doomed, 'Soon gone');
      const deleted = await deleteExpense(ctx.app, a, doomed);
      expect(deleted.statusCode, deleted.body).toBe(200);
      expectNotFound(await list(b, doomed));
      expectNotFound(await post(b, doomed, 'Hello?'));
      expectNotFound(await remove(b, doomed, written.id));
    });

    it('pages oldest first with limit and cursor; a bad cursor is a 400', async () => {
      const paged = (
        await createExpense(ctx.app, a, expenseBody(a.user.id, [b.user.id], { group_id: groupId, amount: 5 }))
      ).id;
      for (const text of ['one', 'two', 'three']) await comment(a, paged, text);
      const first = expectContract<{ comments: CommentJson[]; nextCursor: string | null }>(
        await list(a, paged, '?limit=2'),
        'listExpenseComments',
      );
      expect(first.comments.map((c) => c.text)).toEqual(['one', 'two']);
      expect(first.nextCursor).not.toBeNull();
      const second = expectContract<{ comments: CommentJson[]; nextCursor: string | null }>(
        await list(a, paged, `?limit=2&cursor=${first.nextCursor}`),
        'listExpenseComments',
      );
      expect(second).toMatchObject({
        comments: [expect.objectContaining({ text: 'three' })],
        nextCursor: null,
      });
      const bad = await list(a, paged, '?cursor=nope');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors).toEqual([{ field: 'cursor', message: expect.any(String) }]);
    });

    it('Idempotency-Key: a repeat answers the same comment and writes one', async () => {
      const headers = { 'idempotency-key': `comment-${Date.now()}` };
      const once = await post(b, expenseId, 'Only once', headers);
      const again = await post(b, expenseId, 'Only once', headers);
      expect(once.statusCode, once.body).toBe(201);
      expect(again.statusCode).toBe(201);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.body).toBe(once.body);
      expect((await texts(a, expenseId)).filter((t) => t === 'Only once')).toHaveLength(1);
      const reused = await post(b, expenseId, 'Something else', headers);
      expect(reused.statusCode).toBe(422);
    });

    it('comments count against the writes allowance like every other change', async () => {
      const app = await ctx.buildApp({ ...GENEROUS, RATE_LIMIT_WRITES: '2/1m' });
      const send = (text: string) =>
        app.inject({ method: 'POST', url: url(expenseId), headers: bearer(c.token), payload: { text } });
      expect((await send('first')).statusCode).toBe(201);
      expect((await send('second')).statusCode).toBe(201);
      expectTooMany(await send('third'), 'createExpenseComment', 60);
      expect(await texts(a, expenseId)).not.toContain('third');
    });
  });
}
