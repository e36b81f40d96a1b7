import type { components } from '@kitty/api/schema';
import type { ImportFormat } from '@kitty/domain';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { importFile } from '../../src/imports/service';
import { findByEmail } from '../../src/users/repo';
import { expectContract } from '../contract';
import type { TestContext } from '../support/context';
import { createExpense, expenseBody, getExpense, postExpense, putExpense } from '../support/expenses';
import { createGroup, groupOf, type Person } from '../support/groups';
import { LedgerBuilder } from '../support/imports';
import { bearer, registration, uniqueEmail } from '../support/users';
import { recurringApi, ruleBody } from './recurring.suite';

/** Zero-width space, word joiner, byte-order mark, Hangul filler, Braille blank: each shows nothing. */
const INVISIBLE = '\u200B\u2060\uFEFF\u3164\u2800';

/**
 * A name that shows nothing is an empty name (packages/domain/src/visibleText.ts): every field that names
 * something refuses it with 400 VALIDATION_FAILED on that field, in the field's "required" words, and
 * changes nothing; what is kept loses its blank ends (trimText).
 */
export function visibleNamesSuite(ctx: TestContext): void {
  const expectRefused = (
    response: LightMyRequestResponse,
    operationId: string,
    field: string,
    message: string,
  ) => {
    expect(response.statusCode, response.body).toBe(400);
    const body = expectContract(response, operationId as never) as { code: string; errors: unknown[] };
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.errors).toEqual([{ field, message }]);
  };
  const count = async (sql: string, values: unknown[] = []) =>
    (await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${sql}`, values)).rows[0]?.n;

  describe('names that show nothing', () => {
    let owner: Person;
    let other: Person;
    let groupId: string;

    beforeAll(async () => {
      const made = await groupOf(ctx.app, 2, { name: 'Names trip' });
      [owner, other] = made.people as [Person, Person];
      groupId = made.group.id;
    });

    it('a registering first or last name of zero-width characters is required, and no account is made', async () => {
      const payload = registration({ first_name: INVISIBLE, last_name: '\u200B\u200C\u200D' });
      const response = await ctx.app.inject({ method: 'POST', url: '/api/users/register', payload });
      expect(response.statusCode, response.body).toBe(400);
      expect(expectContract(response, 'registerUser').errors).toEqual([
        { field: 'first_name', message: 'first_name is required' },
        { field: 'last_name', message: 'last_name is required' },
      ]);
      expect(await count('users WHERE email = $1', [payload.email])).toBe(0);
      // One visible character between blank ones is one character: still too short.
      const short = await ctx.app.inject({
        method: 'POST',
        url: '/api/users/register',
        payload: registration({ first_name: '\u200BA\u200B' }),
      });
      expectRefused(short, 'registerUser', 'first_name', 'first_name must be at least 2 characters');
    });

    it('a registering name is kept without its blank ends', async () => {
      const payload = registration({ first_name: '\u200BAda\uFEFF', last_name: ' Lovelace\u2060' });
      const response = await ctx.app.inject({ method: 'POST', url: '/api/users/register', payload });
      expect(response.statusCode, response.body).toBe(201);
      expect(expectContract(response, 'registerUser')).toMatchObject({
        first_name: 'Ada',
        last_name: 'Lovelace',
        display_name: 'Ada',
      });
    });

    it("a new group's name of invisible characters is refused and no group is made; a kept name loses its blank ends", async () => {
      const before = await count('groups');
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/groups',
        headers: bearer(owner.token),
        payload: { name: INVISIBLE, currency: 'EUR' },
      });
      expectRefused(response, 'createGroup', 'name', 'Please enter a group name');
      expect(await count('groups')).toBe(before);

      const kept = await createGroup(ctx.app, owner, {
        name: '\u200BCafe\u0301 \u2764\uFE0F\u2060',
        description: INVISIBLE,
      });
      expect(kept).toMatchObject({ name: 'Cafe\u0301 \u2764\uFE0F', description: '' });
    });

    it('a person added with a name that shows nothing is named by their e-mail, as without a name', async () => {
      const email = uniqueEmail('zoe');
      const group = await createGroup(ctx.app, owner, {
        members: [{ email, display_name: INVISIBLE, first_name: '\u200B', last_name: '\u2800' }],
      });
      const zoe = group.Members.find((m: { email: string }) => m.email === email);
      expect(zoe).toMatchObject({
        display_name: email.split('@')[0],
        first_name: '',
        last_name: '',
      });
    });

    it('renaming a group to invisible characters is refused and the group keeps its name', async () => {
      const response = await ctx.app.inject({
        method: 'PUT',
        url: `/api/groups/${groupId}/settings`,
        headers: bearer(owner.token),
        payload: {
          name: '\u3164',
          currency: 'EUR',
          default_split_type: 'equal',
          members: [owner, other].map((p) => ({ id: p.user.id, email: p.email })),
        },
      });
      expectRefused(response, 'updateGroupSettings', 'name', 'Please enter a group name');
      const group = await ctx.app.inject({
        method: 'GET',
        url: `/api/groups/${groupId}`,
        headers: bearer(owner.token),
      });
      expect(expectContract(group, 'getGroup')).toMatchObject({ name: 'Names trip', version: 1 });
    });

    it('an expense described by invisible characters is refused, created or edited, and nothing changes', async () => {
      const before = await count('expenses');
      const body = expenseBody(owner.user.id, [other.user.id], { group_id: groupId, description: INVISIBLE });
      const created = await postExpense(ctx.app, owner, body);
      expectRefused(created, 'createExpense', 'description', 'Please enter a description for this expense');
      expect(await count('expenses')).toBe(before);

      const saved = await createExpense(ctx.app, owner, { ...body, description: '\u200BTaxi\u2060' });
      expect(saved.description).toBe('Taxi');
      const edited = await putExpense(ctx.app, owner, saved.id, { ...body, description: '\u180E\uFE0F' });
      expectRefused(edited, 'updateExpense', 'description', 'Please enter a description for this expense');
      const after = expectContract(await getExpense(ctx.app, owner, saved.id), 'getExpense');
      expect(after).toMatchObject({ description: 'Taxi', version: saved.version });
    });

    it('a comment of invisible characters is refused and none is written', async () => {
      const expense = await createExpense(
        ctx.app,
        owner,
        expenseBody(owner.user.id, [other.user.id], { group_id: groupId, description: 'Museum' }),
      );
      const response = await ctx.app.inject({
        method: 'POST',
        url: `/api/expenses/${expense.id}/comments`,
        headers: bearer(other.token),
        payload: { text: `${INVISIBLE}\u0301\u{E0041}` },
      });
      expectRefused(response, 'createExpenseComment', 'text', 'Please write a comment');
      expect(await count('expense_comments WHERE expense_id = $1', [expense.id])).toBe(0);
    });

    it("a recurring expense's template described by invisible characters is refused, created or edited", async () => {
      const api = recurringApi(ctx.app);
      // A month from today: a rule starts within a year of today, and nothing falls due during the test.
      const schedule = { start_date: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10) };
      const before = await count('recurring_expenses');
      const refused = await api.post(
        owner,
        groupId,
        ruleBody(owner, [other], schedule, {
          description: INVISIBLE,
          group_id: groupId,
        }),
      );
      expectRefused(
        refused,
        'createRecurringExpense',
        'expense.description',
        'Please enter a description for this expense',
      );
      expect(await count('recurring_expenses')).toBe(before);

      const { recurring_expense: rule } = await api.create(
        owner,
        groupId,
        ruleBody(owner, [other], schedule, { group_id: groupId }),
      );
      const edited = await api.put(
        owner,
        rule.id,
        ruleBody(owner, [other], schedule, {
          description: '\u200B',
          group_id: groupId,
        }),
      );
      expectRefused(
        edited,
        'updateRecurringExpense',
        'expense.description',
        'Please enter a description for this expense',
      );
      expect((await api.read(owner, rule.id)).expense.description).toBe('Rent');
    });

    it("an import's group name of invisible characters is refused and nothing is imported", async () => {
      const before = await count('groups');
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/imports',
        headers: bearer(owner.token),
        payload: {
          format: 'splitwise-csv',
          content: 'Date,Description,Category,Cost,Currency,Ada\n2024-03-01,Tea,General,4.00,EUR,0.00\n',
          dryRun: false,
          group_name: INVISIBLE,
        },
      });
      expectRefused(response, 'importFile', 'group_name', 'Please enter a group name');
      expect(await count('groups')).toBe(before);
    });

    it('a file whose group name, row description or member name shows nothing: fallback name, a problem line, the e-mail', async () => {
      const caller = await findByEmail(ctx.db, owner.email);
      if (!caller) throw new Error('no such person');
      const ghostEmail = uniqueEmail('ghost');
      const ledger = new LedgerBuilder(['Owner', { name: '\u3164', email: ghostEmail }], INVISIBLE)
        .expense('Owner', { Owner: 500, '\u3164': 500 }, { description: 'Dinner' })
        .expense('Owner', { Owner: 300, '\u3164': 300 }, { description: `${INVISIBLE}\u034F` });
      const outcome = await importFile(
        ctx.db,
        caller,
        {
          format: 'splitwise-csv' as ImportFormat,
          content: 'a file',
          dryRun: false,
          time_zone: 'UTC',
          members: { Owner: owner.email },
        } as Parameters<typeof importFile>[2],
        { contract: ctx.app.ctx.contract, now: new Date(), parse: ledger.parser() },
      );
      const body = outcome.body as components['schemas']['ImportResult'];
      expect(outcome.status).toBe(201);
      expect(body).toMatchObject({ group_name: 'Imported from Splitwise', expenses: 1 });
      expect(body.problems).toEqual([{ line: 3, message: 'Please enter a description for this expense' }]);
      const ghost = await findByEmail(ctx.db, ghostEmail);
      expect(ghost).toMatchObject({ display_name: ghostEmail.split('@')[0] });
    });
  });
}
