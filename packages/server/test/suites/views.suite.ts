import type { FastifyInstance } from 'fastify';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { decodedBody } from '../contract';
import type { TestContext } from '../support/context';
import { bearer, registerUser, uniqueEmail } from '../support/users';
import {
  addExpense,
  expenseBody,
  groupWith,
  type Person,
  people,
  postSettlement,
  request,
} from './financial-support';

// What src/views remembers, checked against a server that remembers nothing (VIEW_CACHE_MB=0) on the same
// database. Writes go through the default app and reads through a second one, as on two server processes.

/** The remembered reads a member of `groupId` makes, the second page of the expense list included. */
async function viewUrls(fresh: FastifyInstance, as: Person, groupId: string): Promise<string[]> {
  const first = await fresh.inject({
    method: 'GET',
    url: `/api/expenses/group/${groupId}?limit=2`,
    headers: bearer(as.token),
  });
  const next = first.statusCode === 200 ? (first.json() as { nextCursor: string | null }).nextCursor : null;
  return [
    `/api/groups/${groupId}`,
    `/api/financial/balances/group/${groupId}`,
    `/api/expenses/group/${groupId}?limit=2`,
    ...(next ? [`/api/expenses/group/${groupId}?limit=2&cursor=${encodeURIComponent(next)}`] : []),
    `/api/expenses/group/${groupId}`,
    `/api/financial/settlement-suggestions/group/${groupId}`,
    '/api/balance/summary',
  ];
}

export function viewsSuite(ctx: TestContext): void {
  let remembering: FastifyInstance;
  let fresh: FastifyInstance;

  /** Each read answers the same status and bytes from the remembering server as from the fresh one. */
  async function expectFresh(as: Person, groupId: string, context: string): Promise<void> {
    for (const url of await viewUrls(fresh, as, groupId)) {
      const expected = await fresh.inject({ method: 'GET', url, headers: bearer(as.token) });
      // Twice: the first read may build and remember the answer, the second must not change it.
      for (const read of [1, 2]) {
        const got = await remembering.inject({ method: 'GET', url, headers: bearer(as.token) });
        expect(
          { status: got.statusCode, body: got.body },
          `${context}: ${url} as ${as.user.first_name} (read ${read})`,
        ).toEqual({ status: expected.statusCode, body: expected.body });
      }
    }
  }

  describe('views: remembered answers of the group page, balances, expense pages, suggestions and summary', () => {
    beforeAll(async () => {
      remembering = await ctx.buildApp();
      fresh = await ctx.buildApp({ VIEW_CACHE_MB: '0' });
    });

    it('after every kind of write, on another process, each read answers exactly what a fresh build answers', async () => {
      const [ana, ben, cid] = await people(ctx.app, 'Ana', 'Ben', 'Cid');
      const [a, b, c] = [ana, ben, cid].map((p) => (p as Person).user.id) as [string, string, string];
      const crew = [ana, ben, cid] as Person[];
      const groupId = await groupWith(ctx.app, crew);
      const check = async (step: string, who: Person[] = crew) => {
        for (const person of who) await expectFresh(person, groupId, step);
      };
      await check('a new group');
      expect(remembering.ctx.views.size.answers).toBeGreaterThan(0);

      const dinner = await addExpense(ctx.app, ana as Person, { groupId, shares: { [a]: 1000, [b]: 1000 } });
      await check('an expense');
      await addExpense(ctx.app, ben as Person, { groupId, shares: { [b]: 500, [c]: 700 } });
      await addExpense(ctx.app, cid as Person, { groupId, currency: 'CZK', shares: { [a]: 10000, [c]: 5 } });
      await check('more expenses, one in a second currency');

      const edited = await request(ctx.app, ana as Person, 'PUT', `/api/expenses/${dinner}`, {
        ...expenseBody(ana as Person, { groupId, shares: { [a]: 1200, [b]: 800, [c]: 1 } }),
      });
      expect(edited.statusCode, edited.body).toBe(200);
      await check('an edited expense');

      const paid = await postSettlement(ctx.app, ben as Person, {
        from_user_id: b,
        to_user_id: a,
        amount: 3.5,
        currency: 'EUR',
        group_id: groupId,
      });
      expect(paid.statusCode, paid.body).toBe(201);
      await check('a settlement');

      const personal = await addExpense(ctx.app, ana as Person, {
        groupId: null,
        shares: { [a]: 300, [b]: 300 },
      });
      await check('an expense outside the group (the summary holds it)');
      const declined = await request(ctx.app, ben as Person, 'POST', `/api/expenses/decline/${personal}`);
      expect(declined.statusCode, declined.body).toBe(200);
      await check('Ben declines the expense outside the group');

      const deleted = await request(ctx.app, ana as Person, 'DELETE', `/api/expenses/${dinner}`);
      expect(deleted.statusCode, deleted.body).toBe(200);
      await check('a deleted expense');

      const settings = await request(ctx.app, ana as Person, 'PUT', '/api/account-settings', {
        currency: 'CZK',
        defaultSplit: 'shares',
      });
      expect(settings.statusCode, settings.body).toBe(200);
      await check("a member's default currency (the summary's overall currency)");

      const invitedEmail = uniqueEmail('dora');
      const added = await request(ctx.app, ben as Person, 'POST', `/api/groups/${groupId}/members`, {
        email: invitedEmail,
      });
      expect(added.statusCode, added.body).toBe(200);
      await check('a member invited by e-mail');
      const dora = await registerUser(ctx.app, { email: invitedEmail, first_name: 'Dora', last_name: 'Ek' });
      await check('the invited member registers: a new name everywhere', [...crew, dora]);

      const currency = await request(ctx.app, cid as Person, 'PUT', `/api/groups/${groupId}/settings`, {
        currency: 'CZK',
        default_split_type: 'equal',
        members: [...crew, dora].map((p) => ({ id: p.user.id, email: p.email })),
      });
      expect(currency.statusCode, currency.body).toBe(200);
      await check("the group's currency", [...crew, dora]);

      const left = await request(ctx.app, dora, 'POST', `/api/groups/${groupId}/leave`);
      expect(left.statusCode, left.body).toBe(200);
      await check('a member leaves', [...crew, dora]);

      await ctx.db.query("UPDATE groups SET name = 'Renamed in SQL' WHERE id = $1", [groupId]);
      await ctx.db.query("UPDATE users SET display_name = 'Benny' WHERE id = $1", [b]);
      await check('changes made in SQL, not through the API');
    });

    it('gives a remembered answer again without building it, until a version it was built from moves', async () => {
      const [eva, fin] = await people(ctx.app, 'Eva', 'Fin');
      const groupId = await groupWith(ctx.app, [eva as Person, fin as Person]);
      const url = `/api/groups/${groupId}`;
      const read = async () =>
        (await remembering.inject({ method: 'GET', url, headers: bearer((eva as Person).token) })).json();
      expect((await read()).name).not.toBe('Unseen');
      // Written with the group's version trigger off: the remembered answer cannot know of it.
      await ctx.db.transaction(async (tx) => {
        await tx.query('ALTER TABLE groups DISABLE TRIGGER groups_scope_version');
        await tx.query("UPDATE groups SET name = 'Unseen' WHERE id = $1", [groupId]);
        await tx.query('ALTER TABLE groups ENABLE TRIGGER groups_scope_version');
      });
      expect((await read()).name).not.toBe('Unseen');
      await ctx.db.query('UPDATE groups SET description = description WHERE id = $1', [groupId]);
      expect((await read()).name).toBe('Unseen');
    });

    it('answers a browser compressed (Brotli, else gzip) with the same JSON, and each version anew', async () => {
      const [jo, kai] = await people(ctx.app, 'Jo', 'Kai');
      const [a, b] = [jo, kai].map((p) => (p as Person).user.id) as [string, string];
      const groupId = await groupWith(ctx.app, [jo as Person, kai as Person]);
      for (let i = 0; i < 12; i++)
        await addExpense(ctx.app, jo as Person, { groupId, shares: { [a]: 300, [b]: 700 } });
      const read = (url: string, acceptEncoding?: string) =>
        remembering.inject({
          method: 'GET',
          url,
          headers: {
            ...bearer((jo as Person).token),
            ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}),
          },
        });
      const checkAll = async (step: string) => {
        for (const url of await viewUrls(fresh, jo as Person, groupId)) {
          const expected = await fresh.inject({ method: 'GET', url, headers: bearer((jo as Person).token) });
          for (const [accept, encoding] of [
            ['gzip, deflate, br, zstd', 'br'],
            ['gzip', 'gzip'],
            ['br;q=0, gzip;q=0.5', 'gzip'],
            ['identity', undefined],
            [undefined, undefined],
          ] as const) {
            const got = await read(url, accept);
            const where = `${step}: ${url} with Accept-Encoding ${accept ?? '(none)'}`;
            expect(got.statusCode, where).toBe(200);
            expect(decodedBody(got), where).toBe(expected.body);
            expect(got.headers.vary, where).toMatch(/accept-encoding/i);
            // Answers under a kilobyte (the balance summary of two people) go as they are.
            expect(got.headers['content-encoding'], where).toBe(
              expected.body.length < 1024 ? undefined : encoding,
            );
            if (encoding && expected.body.length >= 1024) {
              expect(got.rawPayload.length, where).toBeLessThan(expected.body.length / 2);
            }
          }
        }
      };
      await checkAll('first reads');
      await addExpense(ctx.app, kai as Person, { groupId, shares: { [a]: 1, [b]: 2 } });
      await checkAll('after another expense');
    });

    it('after any sequence of writes, every remembered read of every member is fresh (property)', async () => {
      const crew = (await people(ctx.app, 'Gus', 'Hana', 'Ivo')) as Person[];
      const ids = crew.map((p) => p.user.id);
      const groupId = await groupWith(ctx.app, crew);
      const expenses: { id: string; payer: Person }[] = [];
      const op = fc.oneof(
        fc.record({
          kind: fc.constant('expense' as const),
          payer: fc.nat(2),
          shares: fc.array(fc.nat(900), { minLength: 3, maxLength: 3 }),
          inGroup: fc.boolean(),
        }),
        fc.record({
          kind: fc.constant('edit' as const),
          pick: fc.nat(),
          cents: fc.integer({ min: 1, max: 5000 }),
        }),
        fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }),
        fc.record({
          kind: fc.constant('settle' as const),
          from: fc.nat(2),
          to: fc.nat(2),
          cents: fc.integer({ min: 1, max: 900 }),
        }),
      );
      await fc.assert(
        fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 5 }), async (ops) => {
          for (const o of ops) {
            if (o.kind === 'expense') {
              const payer = crew[o.payer] as Person;
              const shares = Object.fromEntries(
                o.shares.map((m, i) => [ids[i] as string, m] as const).filter(([, m]) => m > 0),
              );
              shares[payer.user.id] = (shares[payer.user.id] ?? 0) + 1;
              const id = await addExpense(ctx.app, payer, { groupId: o.inGroup ? groupId : null, shares });
              if (o.inGroup) expenses.push({ id, payer });
            } else if (o.kind === 'edit' && expenses.length > 0) {
              const e = expenses[o.pick % expenses.length] as { id: string; payer: Person };
              const body = expenseBody(e.payer, {
                groupId,
                shares: { [e.payer.user.id]: o.cents, [ids[0] as string]: 7 },
              });
              const response = await request(ctx.app, e.payer, 'PUT', `/api/expenses/${e.id}`, body);
              expect(response.statusCode, response.body).toBe(200);
            } else if (o.kind === 'delete' && expenses.length > 0) {
              const [gone] = expenses.splice(o.pick % expenses.length, 1);
              const response = await request(ctx.app, gone!.payer, 'DELETE', `/api/expenses/${gone!.id}`);
              expect(response.statusCode, response.body).toBe(200);
            } else if (o.kind === 'settle' && o.from !== o.to) {
              const response = await postSettlement(ctx.app, crew[o.from] as Person, {
                from_user_id: ids[o.from],
                to_user_id: ids[o.to],
                amount: o.cents / 100,
                currency: 'EUR',
                group_id: groupId,
              });
              expect(response.statusCode, response.body).toBe(201);
            }
            for (const person of crew) await expectFresh(person, groupId, JSON.stringify(o));
          }
        }),
        { numRuns: 6 },
      );
    });

    it('checks the token, membership and versions on every request, remembered or not', async () => {
      const [jan, kim, lou] = (await people(ctx.app, 'Jan', 'Kim', 'Lou')) as Person[];
      const groupId = await groupWith(ctx.app, [jan as Person, kim as Person]);
      const urls = await viewUrls(fresh, jan as Person, groupId);
      const statuses = async (as: Person, token = as.token) => {
        const result: number[] = [];
        for (const url of urls) {
          result.push((await remembering.inject({ method: 'GET', url, headers: bearer(token) })).statusCode);
        }
        return result;
      };
      expect(await statuses(jan as Person)).toEqual(urls.map(() => 200));
      expect(await statuses(kim as Person)).toEqual(urls.map(() => 200));

      // Someone outside the group: 404 as for an unknown group, whatever members have had remembered.
      expect(await statuses(lou as Person)).toEqual(
        urls.map((u) => (u === '/api/balance/summary' ? 200 : 404)),
      );

      // A member who leaves reads the group no more, from the very next request.
      const left = await request(ctx.app, kim as Person, 'POST', `/api/groups/${groupId}/leave`);
      expect(left.statusCode, left.body).toBe(200);
      expect(await statuses(kim as Person)).toEqual(
        urls.map((u) => (u === '/api/balance/summary' ? 200 : 404)),
      );

      // A password change ends the older token at once, on a process that remembers the answers.
      const oldToken = (jan as Person).token;
      const changed = await request(ctx.app, jan as Person, 'PUT', '/api/account-settings/password', {
        currentPassword: (jan as Person).password,
        newPassword: 'another-password',
      });
      expect(changed.statusCode, changed.body).toBe(200);
      expect(await statuses(jan as Person, oldToken)).toEqual(urls.map(() => 401));
      const newToken = (changed.json() as { token: string }).token;
      expect(await statuses(jan as Person, newToken)).toEqual(urls.map(() => 200));

      // Malformed ids answer as before: nothing is looked up or remembered for them.
      const malformed = await remembering.inject({
        method: 'GET',
        url: '/api/groups/not-a-uuid',
        headers: bearer(newToken),
      });
      const expected = await fresh.inject({
        method: 'GET',
        url: '/api/groups/not-a-uuid',
        headers: bearer(newToken),
      });
      expect({ status: malformed.statusCode, body: malformed.body }).toEqual({
        status: expected.statusCode,
        body: expected.body,
      });
    });

    it('every table a remembered answer can show draws its scope a new version when written', async () => {
      const { rows } = await ctx.db.query<{ table: string; trigger: string | null }>(
        `SELECT c.relname AS table, t.tgname AS trigger
           FROM pg_class c
           JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = current_schema()
           LEFT JOIN pg_trigger t ON t.tgrelid = c.oid AND t.tgname LIKE '%\\_scope\\_version'
          WHERE c.relkind = 'r'
          ORDER BY 1`,
      );
      // Tables no remembered answer reads. A new table must be added here or get a version trigger.
      // group_leftovers: a group's count of leftover cents, read by the next create and shown by the group
      // page (next_leftover_start); only a create moves it, and a create writes an expense, which draws
      // the group's version anyway.
      const notShown = [
        'email_tokens',
        'group_leftovers',
        'idempotency_keys',
        'invitations',
        'schema_migrations',
        'scope_versions',
      ];
      const unversioned = rows.filter((r) => r.trigger === null).map((r) => r.table);
      expect(unversioned).toEqual(notShown);
      expect(rows.filter((r) => r.trigger !== null).map((r) => r.table)).toEqual([
        'app_settings',
        'expense_splits',
        'expenses',
        'group_members',
        'groups',
        'member_balances',
        'pair_balances',
        'scope_expense_stats',
        'settle_plans',
        'settlement_events',
        'settlements',
        'users',
      ]);
    });
  });
}
