import { describe, expect, it } from 'vitest';
import { expectContract } from '../contract';
import type { TestContext } from '../support/context';
import { groupOf, groupState, recordExpense } from '../support/groups';
import { bearer, registerUser, uniqueEmail } from '../support/users';

const CREATOR = 'The group creator cannot be removed.';
const HAS_BALANCE =
  'This member has an unsettled balance and cannot be removed until all expenses are settled.';
const STALE = 'These group settings were changed by someone else. Reload and try again.';

export function groupsSettingsSuite(ctx: TestContext): void {
  const put = (token: string, id: string, payload: object) =>
    ctx.app.inject({ method: 'PUT', url: `/api/groups/${id}/settings`, headers: bearer(token), payload });
  const keep = (ids: string[]) => ids.map((id) => ({ id, email: 'kept@example.com' }));

  describe('groups: PUT /api/groups/{id}/settings', () => {
    it('any member saves the currency, split and whole member list: new people by e-mail, others removed', async () => {
      const { group, people, ids } = await groupOf(ctx.app, 3);
      const [a, b, c] = ids as [string, string, string];
      const existing = await registerUser(ctx.app);
      const newEmail = uniqueEmail('fresh');
      const member = people[1] as { token: string };
      const response = await put(member.token, group.id, {
        currency: 'GBP',
        default_split_type: 'percentage',
        default_split_config: {
          percentages: [
            { user_id: a, percentage: 50 },
            { user_id: b, percentage: 50 },
          ],
        },
        members: [
          ...keep([a, b]),
          { id: 'temp-1', email: existing.email.toUpperCase(), registered: false },
          { email: newEmail, first_name: 'Nela', last_name: 'Nova' },
        ],
        version: 1,
      });
      expect(response.statusCode, response.body).toBe(200);
      const saved = expectContract(response, 'updateGroupSettings');
      expect(saved).toMatchObject({
        currency: 'GBP',
        default_split_type: 'percentage',
        version: 2,
        memberCount: 4,
      });
      expect(saved.Members.map((m: { id: string }) => m.id).slice(0, 3)).toEqual([a, b, existing.user.id]);
      expect(saved.Members[3]).toMatchObject({ email: newEmail, first_name: 'Nela', registered: false });
      expect(saved.Members.map((m: { id: string }) => m.id)).not.toContain(c);
      expect(Object.keys(saved.memberBalances)).toHaveLength(4);
    });

    it('a member who takes themselves off the list has left: the answer is the saved group, then 404', async () => {
      const { group, people, ids } = await groupOf(ctx.app, 3);
      const leaver = (people[2] as { token: string }).token;
      const response = await put(leaver, group.id, {
        currency: 'USD',
        default_split_type: 'equal',
        members: keep([ids[0] as string, ids[1] as string]),
      });
      expect(response.statusCode).toBe(200);
      expect(expectContract(response, 'updateGroupSettings')).toMatchObject({ memberCount: 2, version: 2 });
      const after = await ctx.app.inject({
        method: 'GET',
        url: `/api/groups/${group.id}`,
        headers: bearer(leaver),
      });
      expect(after.statusCode).toBe(404);
    });

    it('refuses to remove the creator with 409 and changes nothing', async () => {
      const { group, people, ids } = await groupOf(ctx.app, 2);
      const before = await groupState(ctx.db, group.id);
      const response = await put((people[1] as { token: string }).token, group.id, {
        currency: 'EUR',
        default_split_type: 'equal',
        members: keep([ids[1] as string]),
      });
      expect(response.statusCode).toBe(409);
      expect(expectContract(response, 'updateGroupSettings')).toEqual({
        code: 'CREATOR_CANNOT_BE_REMOVED',
        message: CREATOR,
      });
      expect(await groupState(ctx.db, group.id)).toEqual(before);
    });

    it('refuses to remove a member with a balance in any currency, even one other than the group currency', async () => {
      const { group, owner, ids } = await groupOf(ctx.app, 3);
      const [a, b, c] = ids as [string, string, string];
      await recordExpense(ctx.app, {
        groupId: group.id,
        paidBy: a,
        currency: 'EUR',
        shares: { [a]: 100, [b]: 100 },
      });
      const before = await groupState(ctx.db, group.id);
      const response = await put(owner.token, group.id, {
        currency: 'USD',
        default_split_type: 'equal',
        members: keep([a, c]),
      });
      expect(response.statusCode).toBe(409);
      expect(expectContract(response, 'updateGroupSettings')).toEqual({
        code: 'MEMBER_HAS_BALANCE',
        message: HAS_BALANCE,
      });
      expect(await groupState(ctx.db, group.id)).toEqual(before);

      // c has no balance: removing c alone is fine.
      const ok = await put(owner.token, group.id, {
        currency: 'USD',
        default_split_type: 'equal',
        members: keep([a, b]),
      });
      expect(ok.statusCode).toBe(200);
      expect(expectContract(ok, 'updateGroupSettings').memberCount).toBe(2);
    });

    it('refuses a stale version with 409 and counts versions up', async () => {
      const { group, owner, ids } = await groupOf(ctx.app, 2);
      const body = { currency: 'EUR', default_split_type: 'equal', members: keep(ids), version: 1 };
      expect(expectContract(await put(owner.token, group.id, body), 'updateGroupSettings').version).toBe(2);
      const before = await groupState(ctx.db, group.id);
      const stale = await put(owner.token, group.id, { ...body, currency: 'CZK' });
      expect(stale.statusCode).toBe(409);
      expect(expectContract(stale, 'updateGroupSettings')).toEqual({
        code: 'VERSION_CONFLICT',
        message: STALE,
      });
      expect(await groupState(ctx.db, group.id)).toEqual(before);
      const withoutVersion = await put(owner.token, group.id, {
        ...body,
        version: undefined,
        currency: 'CZK',
      });
      expect(expectContract(withoutVersion, 'updateGroupSettings')).toMatchObject({
        currency: 'CZK',
        version: 3,
      });
    });

    it('changing the currency converts nothing: the old currency balance moves beside the new one', async () => {
      const { group, owner, ids } = await groupOf(ctx.app, 2);
      const [a, b] = ids as [string, string];
      await recordExpense(ctx.app, {
        groupId: group.id,
        paidBy: a,
        currency: 'USD',
        shares: { [a]: 500, [b]: 500 },
      });
      const response = await put(owner.token, group.id, {
        currency: 'EUR',
        default_split_type: 'equal',
        members: keep(ids),
      });
      expect(expectContract(response, 'updateGroupSettings')).toMatchObject({
        currency: 'EUR',
        balance: 0,
        balances: [{ currency: 'USD', amount: 5 }],
        memberBalances: { [a]: 0, [b]: 0 },
      });
    });

    it('refuses an empty member list, a bad e-mail and a default split that does not add up, with 400', async () => {
      const { group, owner, ids } = await groupOf(ctx.app, 2);
      const before = await groupState(ctx.db, group.id);
      const cases: [object, { field: string; message: string }][] = [
        [{ members: [] }, { field: 'members', message: 'A group must have at least one member' }],
        [
          { members: [...keep(ids), { email: 'x@y@z.cz' }] },
          { field: 'members.2.email', message: 'Please enter a valid email address' },
        ],
        [
          {
            default_split_type: 'percentage',
            default_split_config: { percentages: [{ user_id: ids[0], percentage: 50 }] },
          },
          { field: 'default_split_config.percentages', message: 'Percentages must add up to 100%' },
        ],
        [
          { default_split_config: { shares: [{ user_id: ids[0], shares: 0 }] } },
          { field: 'default_split_config.shares', message: 'At least one participant must have shares' },
        ],
      ];
      for (const [change, error] of cases) {
        const response = await put(owner.token, group.id, {
          currency: 'EUR',
          default_split_type: 'equal',
          members: keep(ids),
          ...change,
        });
        expect(response.statusCode, JSON.stringify(change)).toBe(400);
        expect(expectContract(response, 'updateGroupSettings').errors).toEqual([error]);
      }
      expect(await groupState(ctx.db, group.id)).toEqual(before);
    });

    it('keeps the stored default split while it still fits, and drops it when its member leaves the list', async () => {
      const { group, owner, ids } = await groupOf(ctx.app, 3, { default_split_type: 'shares' });
      const [a, b, c] = ids as [string, string, string];
      const config = {
        shares: [
          { user_id: a, shares: 2 },
          { user_id: c, shares: 1 },
        ],
      };
      const first = await put(owner.token, group.id, {
        currency: 'USD',
        default_split_type: 'shares',
        default_split_config: config,
        members: keep(ids),
      });
      expect(expectContract(first, 'updateGroupSettings').default_split_config).toEqual(config);
      const kept = await put(owner.token, group.id, {
        currency: 'USD',
        default_split_type: 'shares',
        members: keep(ids),
      });
      expect(expectContract(kept, 'updateGroupSettings').default_split_config).toEqual(config);
      const dropped = await put(owner.token, group.id, {
        currency: 'USD',
        default_split_type: 'shares',
        members: keep([a, b]),
      });
      expect(expectContract(dropped, 'updateGroupSettings').default_split_config).toBeNull();
    });

    describe('name and description', () => {
      const NAME_CREATOR_ONLY = "Only the group creator can change the group's name and description.";
      const base = (ids: string[]) => ({ currency: 'USD', default_split_type: 'equal', members: keep(ids) });

      it('the creator renames the group and sets its description (trimmed); both show to every member', async () => {
        const { group, people, owner, ids } = await groupOf(ctx.app, 2);
        const response = await put(owner.token, group.id, {
          ...base(ids),
          name: '  Flat 4B  ',
          description: '  Rent, bills and the cleaner  ',
          version: group.version,
        });
        expect(response.statusCode, response.body).toBe(200);
        expect(expectContract(response, 'updateGroupSettings')).toMatchObject({
          name: 'Flat 4B',
          description: 'Rent, bills and the cleaner',
          version: group.version + 1,
        });
        const seen = await ctx.app.inject({
          method: 'GET',
          url: `/api/groups/${group.id}`,
          headers: bearer((people[1] as { token: string }).token),
        });
        expect(expectContract(seen, 'getGroup')).toMatchObject({
          name: 'Flat 4B',
          description: 'Rent, bills and the cleaner',
        });
        // null, empty or blank clears the description; an omitted name and description stay as they are.
        for (const description of [null, '', '   ']) {
          const cleared = await put(owner.token, group.id, { ...base(ids), description });
          expect(expectContract(cleared, 'updateGroupSettings')).toMatchObject({
            name: 'Flat 4B',
            description: '',
          });
        }
        const kept = await put(owner.token, group.id, { ...base(ids), description: 'Back' });
        const omitted = await put(owner.token, group.id, base(ids));
        expect(kept.statusCode).toBe(200);
        expect(expectContract(omitted, 'updateGroupSettings')).toMatchObject({
          name: 'Flat 4B',
          description: 'Back',
        });
      });

      it('another member changing the name or description: 403 FORBIDDEN_NOT_CREATOR, and nothing changes', async () => {
        const { group, people, ids } = await groupOf(ctx.app, 2);
        const member = (people[1] as { token: string }).token;
        const before = await groupState(ctx.db, group.id);
        for (const change of [
          { name: 'Mine now' },
          { description: 'Hijacked' },
          { name: group.name, description: 'x' },
        ]) {
          const response = await put(member, group.id, { ...base(ids), currency: 'EUR', ...change });
          expect(response.statusCode, response.body).toBe(403);
          expect(expectContract(response, 'updateGroupSettings')).toEqual({
            code: 'FORBIDDEN_NOT_CREATOR',
            message: NAME_CREATOR_ONLY,
          });
        }
        expect(await groupState(ctx.db, group.id)).toEqual(before);
        // Repeating the current name and description (or leaving them out) is no change: the rest saves.
        const same = await put(member, group.id, {
          ...base(ids),
          currency: 'EUR',
          name: ` ${group.name} `,
          description: null,
        });
        expect(same.statusCode, same.body).toBe(200);
        expect(expectContract(same, 'updateGroupSettings')).toMatchObject({
          name: group.name,
          currency: 'EUR',
        });
      });

      it('refuses a blank or too long name and a too long description with 400, changing nothing', async () => {
        const { group, owner, ids } = await groupOf(ctx.app, 1);
        const before = await groupState(ctx.db, group.id);
        for (const [change, field] of [
          [{ name: '' }, 'name'],
          [{ name: '   ' }, 'name'],
          [{ name: 'n'.repeat(101) }, 'name'],
          [{ description: 'd'.repeat(501) }, 'description'],
        ] as const) {
          const response = await put(owner.token, group.id, { ...base(ids), ...change });
          expect(response.statusCode, response.body).toBe(400);
          const body = expectContract<{ errors: { field: string; message: string }[] }>(
            response,
            'updateGroupSettings',
          );
          expect(body.errors.map((e) => e.field)).toEqual([field]);
        }
        const blank = await put(owner.token, group.id, { ...base(ids), name: '  ' });
        expect(blank.json().errors).toEqual([{ field: 'name', message: 'Please enter a group name' }]);
        expect(await groupState(ctx.db, group.id)).toEqual(before);
      });
    });
  });
}
