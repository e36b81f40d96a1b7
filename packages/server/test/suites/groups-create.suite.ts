import { describe, expect, it } from 'vitest';
import { expectContract } from '../contract';
import type { TestContext } from '../support/context';
import { createGroup, groupOf, recordExpense } from '../support/groups';
import { startSmtpSink } from '../support/smtp';
import { bearer, registerUser, uniqueEmail } from '../support/users';

export function groupsCreateSuite(ctx: TestContext): void {
  const post = (token: string, payload: unknown) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/groups',
      headers: bearer(token),
      payload: payload as object,
    });
  const count = async (sql: string, params: unknown[] = []) =>
    ((await ctx.db.query<{ n: number }>(sql, params)).rows[0] as { n: number }).n;

  describe('groups: POST /api/groups', () => {
    it('adds existing people by e-mail, creates unknown addresses as not-registered people, and the creator', async () => {
      const owner = await registerUser(ctx.app, { first_name: 'Olga' });
      const friend = await registerUser(ctx.app, { first_name: 'Filip' });
      const newEmail = uniqueEmail('newbie');
      const group = await createGroup(ctx.app, owner, {
        name: '  Chata  ',
        description: 'Weekend',
        currency: 'EUR',
        members: [
          { email: friend.email.toUpperCase() },
          { email: newEmail, display_name: 'Nora Nova' },
          { email: newEmail.toUpperCase(), display_name: 'Duplicate' },
          { email: owner.email },
        ],
      });
      expect(group).toMatchObject({
        name: 'Chata',
        description: 'Weekend',
        currency: 'EUR',
        created_by: owner.user.id,
        default_split_type: 'equal',
        default_split_config: null,
        memberCount: 3,
        balance: 0,
        balances: [],
        version: 1,
        expenses: [],
        expensesNextCursor: null,
      });
      expect(group.Members.map((m: { email: string }) => m.email.toLowerCase())).toEqual([
        owner.email.toLowerCase(),
        friend.email.toLowerCase(),
        newEmail.toLowerCase(),
      ]);
      const [me, them, nora] = group.Members;
      expect(me).toMatchObject({ id: owner.user.id, registered: true });
      expect(them).toMatchObject({ id: friend.user.id, registered: true });
      expect(nora).toMatchObject({
        email: newEmail,
        display_name: 'Nora Nova',
        first_name: 'Nora',
        last_name: 'Nova',
        registered: false,
      });
      expect(group.memberBalances).toEqual({ [owner.user.id]: 0, [friend.user.id]: 0, [nora.id]: 0 });
    });

    it('invites the people it creates: an invitation row for the group and an e-mail linking to /register', async () => {
      const sink = await startSmtpSink();
      try {
        const app = await ctx.buildApp({ SMTP_URL: sink.url, PUBLIC_URL: 'https://kitty.example' });
        const owner = await registerUser(app, { first_name: 'Olga' });
        const friend = await registerUser(app);
        const email = uniqueEmail('invited');
        const group = await createGroup(app, owner, {
          members: [{ email: friend.email }, { email, display_name: 'Ivana' }],
        });
        const mail = await sink.waitFor((m) => m.to.includes(email));
        expect(mail.subject).toBe('Olga invited you to Kitty');
        expect(mail.decoded).toContain('https://kitty.example/register');
        const { rows } = await ctx.db.query<{
          email: string;
          group_id: string;
          invited_by: string;
          sent: boolean;
        }>(
          `SELECT i.email, i.group_id, i.invited_by, i.sent_at IS NOT NULL AS sent
             FROM invitations i JOIN users u ON u.id = i.user_id WHERE lower(u.email) = ANY($1::text[])`,
          [[email.toLowerCase(), friend.email.toLowerCase()]],
        );
        // Only the new person: someone with an account is added, not invited.
        expect(rows).toEqual([{ email, group_id: group.id, invited_by: owner.user.id, sent: true }]);
        // The friend got their own verification link on registering, and no invitation.
        await sink.waitFor((m) => m.to.includes(friend.email));
        await new Promise((resolve) => setTimeout(resolve, 100));
        const toFriend = sink.received.filter((m) => m.to.includes(friend.email)).map((m) => m.subject);
        expect(toFriend).toEqual(['Confirm your e-mail address for Kitty']);
      } finally {
        await sink.close();
      }
    });

    it('names a new person from the part of the address before the @ when no name is given', async () => {
      const owner = await registerUser(ctx.app);
      const email = `karel.novy-${crypto.randomUUID().slice(0, 6)}@example.com`;
      const group = await createGroup(ctx.app, owner, { members: [{ email }] });
      expect(group.Members[1]).toMatchObject({
        display_name: email.split('@')[0],
        name: email.split('@')[0],
        registered: false,
      });
    });

    it("defaults the currency to the creator's own default currency (account settings)", async () => {
      const me = await registerUser(ctx.app);
      const created = async (payload: object) => {
        const response = await post(me.token, payload);
        expect(response.statusCode, response.body).toBe(201);
        return expectContract(response, 'createGroup');
      };
      expect((await created({ name: 'Before' })).currency).toBe('EUR');
      const saved = await ctx.app.inject({
        method: 'PUT',
        url: '/api/account-settings',
        headers: bearer(me.token),
        payload: { currency: 'CZK', defaultSplit: 'equal' },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect((await created({ name: 'After' })).currency).toBe('CZK');
      expect((await created({ name: 'Chosen', currency: 'GBP' })).currency).toBe('GBP');
    });

    it('keeps a valid default split', async () => {
      const { owner, ids } = await groupOf(ctx.app, 1);
      const friend = await registerUser(ctx.app);
      const group = await createGroup(ctx.app, owner, {
        members: [{ email: friend.email }],
        default_split_type: 'percentage',
        default_split_config: {
          percentages: [
            { user_id: ids[0], percentage: 33.33 },
            { user_id: friend.user.id, percentage: 66.67 },
          ],
        },
      });
      expect(group.default_split_type).toBe('percentage');
      expect(group.default_split_config.percentages).toEqual([
        { user_id: ids[0], percentage: 33.33 },
        { user_id: friend.user.id, percentage: 66.67 },
      ]);
    });

    it('refuses invalid input with the spec messages and writes nothing', async () => {
      const owner = await registerUser(ctx.app);
      const stranger = await registerUser(ctx.app);
      const newEmail = uniqueEmail('never');
      const before = {
        groups: await count('SELECT count(*)::int AS n FROM groups'),
        users: await count('SELECT count(*)::int AS n FROM users'),
      };
      const cases: [unknown, { field: string; message: string }][] = [
        [
          { name: '', members: [{ email: newEmail }] },
          { field: 'name', message: 'Please enter a group name' },
        ],
        [
          { name: '   ', members: [{ email: newEmail }] },
          { field: 'name', message: 'Please enter a group name' },
        ],
        [
          { name: 'X', currency: 'XYZ', members: [{ email: newEmail }] },
          { field: 'currency', message: 'Unknown currency XYZ' },
        ],
        [
          { name: 'X', members: [{ email: newEmail }, { email: 'a@b@c.de' }] },
          { field: 'members.1.email', message: 'Please enter a valid email address' },
        ],
        [
          {
            name: 'X',
            members: [{ email: newEmail }],
            default_split_type: 'percentage',
            default_split_config: { percentages: [{ user_id: owner.user.id, percentage: 99.99 }] },
          },
          { field: 'default_split_config.percentages', message: 'Percentages must add up to 100%' },
        ],
        [
          {
            name: 'X',
            members: [{ email: newEmail }],
            default_split_config: { percentages: [{ user_id: stranger.user.id, percentage: 100 }] },
          },
          {
            field: 'default_split_config.percentages',
            message: 'Everyone in the default split must be a member of the group',
          },
        ],
      ];
      for (const [payload, error] of cases) {
        const response = await post(owner.token, payload);
        expect(response.statusCode, JSON.stringify(payload)).toBe(400);
        expect(expectContract(response, 'createGroup')).toEqual({
          code: 'VALIDATION_FAILED',
          message: 'Please check the highlighted fields.',
          errors: [error],
        });
      }
      expect(await count('SELECT count(*)::int AS n FROM groups')).toBe(before.groups);
      expect(await count('SELECT count(*)::int AS n FROM users')).toBe(before.users);
      expect(
        await count('SELECT count(*)::int AS n FROM users WHERE lower(email) = lower($1)', [newEmail]),
      ).toBe(0);
    });

    it('without a token is 401', async () => {
      const response = await ctx.app.inject({ method: 'POST', url: '/api/groups', payload: { name: 'X' } });
      expect(response.statusCode).toBe(401);
      expectContract(response, 'createGroup');
    });
  });

  describe('groups: GET /api/groups', () => {
    it("lists the caller's groups newest first with members and their balance per currency", async () => {
      const {
        owner,
        people,
        ids,
        group: older,
      } = await groupOf(ctx.app, 3, { name: 'Older', currency: 'EUR' });
      const [a, b, c] = ids as [string, string, string];
      // a paid 30.00 EUR for three: a is owed 20.00; 12.00 USD paid by b for a and b: a owes 6.00.
      await recordExpense(ctx.app, {
        groupId: older.id,
        paidBy: a,
        currency: 'EUR',
        shares: { [a]: 1000, [b]: 1000, [c]: 1000 },
      });
      await recordExpense(ctx.app, {
        groupId: older.id,
        paidBy: b,
        currency: 'USD',
        shares: { [a]: 600, [b]: 600 },
      });
      const newer = await createGroup(ctx.app, owner, {
        name: 'Newer',
        members: [{ email: people[1]?.email }],
      });
      const outsider = await registerUser(ctx.app);
      await createGroup(ctx.app, outsider, { name: 'Not mine' });

      const response = await ctx.app.inject({
        method: 'GET',
        url: '/api/groups',
        headers: bearer(owner.token),
      });
      expect(response.statusCode).toBe(200);
      const { groups } = expectContract(response, 'listGroups');
      expect(groups.map((g: { id: string }) => g.id)).toEqual([newer.id, older.id]);
      expect(groups[1]).toMatchObject({
        name: 'Older',
        currency: 'EUR',
        memberCount: 3,
        balance: 20,
        balances: [{ currency: 'USD', amount: -6 }],
        version: 1,
      });
      expect(groups[1].Members.map((m: { id: string }) => m.id)).toEqual(ids);
      expect(groups[0]).toMatchObject({ name: 'Newer', balance: 0, balances: [], memberCount: 2 });

      const asB = await ctx.app.inject({
        method: 'GET',
        url: '/api/groups',
        headers: bearer((people[1] as { token: string }).token),
      });
      const bGroups = expectContract(asB, 'listGroups').groups;
      expect(bGroups.find((g: { id: string }) => g.id === older.id)).toMatchObject({
        balance: -10,
        balances: [{ currency: 'USD', amount: 6 }],
      });
    });

    it('answers an empty list to someone without groups', async () => {
      const loner = await registerUser(ctx.app);
      const response = await ctx.app.inject({
        method: 'GET',
        url: '/api/groups',
        headers: bearer(loner.token),
      });
      expect(expectContract(response, 'listGroups')).toEqual({ groups: [], nextCursor: null });
    });

    it('comes a page at a time: at most `limit` (default and most 100), nextCursor to go on, none lost or repeated', async () => {
      const owner = await registerUser(ctx.app);
      const made: string[] = [];
      for (let i = 0; i < 5; i++) made.unshift((await createGroup(ctx.app, owner, { name: `G${i}` })).id);
      const page = async (query: string) => {
        const response = await ctx.app.inject({
          method: 'GET',
          url: `/api/groups${query}`,
          headers: bearer(owner.token),
        });
        expect(response.statusCode, response.body).toBe(200);
        return expectContract<{ groups: { id: string }[]; nextCursor: string | null }>(
          response,
          'listGroups',
        );
      };
      const all = await page('');
      expect(all.groups.map((g) => g.id)).toEqual(made);
      expect(all.nextCursor).toBeNull();

      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const next = await page(`?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
        expect(next.groups.length).toBeLessThanOrEqual(2);
        seen.push(...next.groups.map((g) => g.id));
        cursor = next.nextCursor;
        pages++;
      } while (cursor);
      expect(pages).toBe(3);
      expect(seen).toEqual(made);

      for (const bad of ['?limit=101', '?limit=0', '?cursor=not-a-cursor']) {
        const refused = await ctx.app.inject({
          method: 'GET',
          url: `/api/groups${bad}`,
          headers: bearer(owner.token),
        });
        expect(refused.statusCode, bad).toBe(400);
      }
    });

    it('takes the same number of queries for one group as for many', async () => {
      const owner = await registerUser(ctx.app);
      const queries = async () => {
        let n = 0;
        const db = ctx.db;
        const counting: typeof db = {
          engine: db.engine,
          query: (sql, params) => {
            n++;
            return db.query(sql, params);
          },
          exec: (sql) => db.exec(sql),
          transaction: (fn) => db.transaction(fn),
          close: async () => {},
        };
        const app = await ctx.buildApp({}, { db: counting });
        n = 0;
        const response = await app.inject({
          method: 'GET',
          url: '/api/groups',
          headers: bearer(owner.token),
        });
        expect(response.statusCode).toBe(200);
        return n;
      };
      await createGroup(ctx.app, owner, { name: 'One' });
      const withOne = await queries();
      for (let i = 0; i < 5; i++) await createGroup(ctx.app, owner, { name: `Many ${i}` });
      expect(await queries()).toBe(withOne);
    });
  });

  describe('groups: GET /api/groups/search', () => {
    it("finds the caller's groups whose name contains the term, in any case", async () => {
      const owner = await registerUser(ctx.app);
      const tag = crypto.randomUUID().slice(0, 6);
      const trip = await createGroup(ctx.app, owner, { name: `Trip ${tag} to Brno` });
      await createGroup(ctx.app, owner, { name: `Flat ${tag}` });
      const other = await registerUser(ctx.app);
      await createGroup(ctx.app, other, { name: `Trip ${tag} of someone else` });
      await createGroup(ctx.app, owner, { name: '100%_off' });

      const search = async (term: string) => {
        const response = await ctx.app.inject({
          method: 'GET',
          url: `/api/groups/search?term=${encodeURIComponent(term)}`,
          headers: bearer(owner.token),
        });
        expect(response.statusCode).toBe(200);
        return expectContract(response, 'searchGroups').groups as {
          id: string;
          name: string;
          memberCount: number;
        }[];
      };
      const found = await search(`TRIP ${tag.toUpperCase()}`);
      expect(found.map((g) => g.id)).toEqual([trip.id]);
      expect(found[0]?.memberCount).toBe(1);
      expect((await search('%')).map((g) => g.name)).toEqual(['100%_off']);
      expect(await search('   ')).toEqual([]);
    });
  });
}
