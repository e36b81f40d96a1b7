import { describe, expect, it } from 'vitest';
import { expectContract } from '../contract';
import type { TestContext } from '../support/context';
import { createGroup, type Person } from '../support/groups';
import { bearer, registerUser, uniqueEmail } from '../support/users';

interface Found {
  id: string;
  email: string;
  display_name: string;
  registered: boolean;
  connected: boolean;
}

/** A word no other test uses, so searches only meet this test's people. */
const tag = () => `Zq${crypto.randomUUID().replace(/\D/g, '').slice(0, 6)}`;

export function usersSearchSuite(ctx: TestContext): void {
  const search = async (who: Person, term: string, connected?: boolean) => {
    const query = new URLSearchParams({ term });
    if (connected !== undefined) query.set('connected', String(connected));
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/users/search?${query}`,
      headers: bearer(who.token),
    });
    expect(response.statusCode, response.body).toBe(200);
    return expectContract<{ users: Found[] }>(response, 'searchUsers').users;
  };
  const ids = (users: Found[]) => users.map((u) => u.id).sort();

  describe('users: GET /api/users/search', () => {
    it('finds people who share a group by part of their first, last, display or full name or e-mail, any case', async () => {
      const word = tag();
      const me = await registerUser(ctx.app);
      const friend = await registerUser(ctx.app, {
        first_name: `Bara${word}`,
        last_name: 'Kralova',
        email: uniqueEmail(`bara.${word.toLowerCase()}`),
      });
      await createGroup(ctx.app, me, { members: [{ email: friend.email }] });

      for (const term of [`bara${word}`.toUpperCase(), word.toLowerCase(), `${word} kral`, 'ra.zq']) {
        const found = (await search(me, term)).filter((u) => u.id === friend.user.id);
        expect(found, term).toEqual([
          expect.objectContaining({ id: friend.user.id, registered: true, connected: true }),
        ]);
      }
    });

    it('finds a not-registered co-member by part of the name, with registered false', async () => {
      const word = tag();
      const me = await registerUser(ctx.app);
      const email = uniqueEmail('pending');
      await createGroup(ctx.app, me, { members: [{ email, display_name: `Nela ${word}` }] });
      const found = await search(me, word.toLowerCase());
      expect(found).toEqual([expect.objectContaining({ email, registered: false, connected: true })]);
    });

    it('finds someone who only shares an expense (no group) as connected', async () => {
      const me = await registerUser(ctx.app);
      const word = tag();
      const other = await registerUser(ctx.app, { last_name: `Expense${word}` });
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/expenses',
        headers: bearer(me.token),
        payload: {
          description: 'Taxi',
          amount: 10,
          currency: 'EUR',
          category: 'transport',
          split_type: 'equal',
          paid_by: me.user.id,
          split_with: [other.user.id],
          participants: [me.user.id, other.user.id],
        },
      });
      expect(response.statusCode, response.body).toBe(201);
      expect(await search(me, word)).toEqual([
        expect.objectContaining({ id: other.user.id, connected: true }),
      ]);
      expect(await search(other, me.email.slice(0, 12))).toEqual([
        expect.objectContaining({ id: me.user.id, connected: true }),
      ]);
    });

    it('never finds a stranger by part of a name or address, only by the exact address (any case)', async () => {
      const word = tag();
      const me = await registerUser(ctx.app);
      const stranger = await registerUser(ctx.app, {
        first_name: `Str${word}`,
        email: uniqueEmail(`stranger.${word.toLowerCase()}`),
      });
      for (const term of [
        `Str${word}`,
        word,
        stranger.email.slice(0, -1),
        stranger.email.slice(1),
        'example.com',
      ]) {
        expect(ids(await search(me, term)), term).not.toContain(stranger.user.id);
      }
      expect(await search(me, ` ${stranger.email.toUpperCase()} `)).toEqual([
        expect.objectContaining({ id: stranger.user.id, registered: true, connected: false }),
      ]);
    });

    it('finds a not-registered stranger only by the exact address, with registered false', async () => {
      const inviter = await registerUser(ctx.app);
      const me = await registerUser(ctx.app);
      const word = tag();
      const email = uniqueEmail(`invitee.${word.toLowerCase()}`);
      await createGroup(ctx.app, inviter, { members: [{ email, display_name: `Ivo ${word}` }] });
      expect(await search(me, word)).toEqual([]);
      expect(await search(me, email)).toEqual([
        expect.objectContaining({ email, registered: false, connected: false }),
      ]);
    });

    it('connected=true keeps only connected people, even for an exact address', async () => {
      const word = tag();
      const me = await registerUser(ctx.app);
      const friend = await registerUser(ctx.app, { email: uniqueEmail(`friend.${word.toLowerCase()}`) });
      const stranger = await registerUser(ctx.app);
      await createGroup(ctx.app, me, { members: [{ email: friend.email }] });
      expect(ids(await search(me, word.toLowerCase(), true))).toEqual([friend.user.id]);
      expect(await search(me, stranger.email, true)).toEqual([]);
      expect(ids(await search(me, stranger.email, false))).toEqual([stranger.user.id]);
    });

    it('a blank term finds nobody', async () => {
      const me = await registerUser(ctx.app);
      const friend = await registerUser(ctx.app);
      await createGroup(ctx.app, me, { members: [{ email: friend.email }] });
      expect(await search(me, '')).toEqual([]);
      expect(await search(me, '   ')).toEqual([]);
    });

    it('never lists the caller, even by their own exact address', async () => {
      const me = await registerUser(ctx.app);
      const friend = await registerUser(ctx.app);
      await createGroup(ctx.app, me, { members: [{ email: friend.email }] });
      expect(await search(me, me.email)).toEqual([]);
      expect(ids(await search(me, 'example.com'))).toEqual([friend.user.id]);
    });

    it('% and _ in the term match only themselves', async () => {
      const me = await registerUser(ctx.app);
      const percent = await registerUser(ctx.app, { last_name: '100%Sure' });
      const underscore = await registerUser(ctx.app, { email: uniqueEmail('under_score') });
      const plain = await registerUser(ctx.app, { first_name: 'Plain', last_name: 'Person' });
      await createGroup(ctx.app, me, {
        members: [{ email: percent.email }, { email: underscore.email }, { email: plain.email }],
      });
      expect(ids(await search(me, '%'))).toEqual([percent.user.id]);
      expect(ids(await search(me, '_'))).toEqual([underscore.user.id]);
      expect(ids(await search(me, '0%s'))).toEqual([percent.user.id]);
      expect(await search(me, '\\')).toEqual([]);
    });

    it('answers at most 20 people, connected ones first', async () => {
      const word = tag();
      const me = await registerUser(ctx.app);
      const members = Array.from({ length: 22 }, (_, i) => ({
        email: uniqueEmail(`mate${i}`),
        display_name: `Mate ${word} ${String(i).padStart(2, '0')}`,
      }));
      await createGroup(ctx.app, me, { members });
      const found = await search(me, word);
      expect(found).toHaveLength(20);
      expect(found.every((u) => u.connected)).toBe(true);
      expect(found.map((u) => u.display_name)).toEqual(members.slice(0, 20).map((m) => m.display_name));
    });

    it('requires a signed-in caller', async () => {
      const response = await ctx.app.inject({ method: 'GET', url: '/api/users/search?term=a' });
      expect(response.statusCode).toBe(401);
      expect(expectContract(response, 'searchUsers')).toEqual({
        code: 'UNAUTHENTICATED',
        message: 'Please sign in again.',
      });
    });
  });
}
