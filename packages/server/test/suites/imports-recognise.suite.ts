import { readFileSync } from 'node:fs';
import type { components } from '@kitty/api/schema';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectContract } from '../contract';
import type { TestContext } from '../support/context';
import { createExpense, expenseBody } from '../support/expenses';
import { groupOf, type Person, recordSettlement } from '../support/groups';
import { bearer, registerUser, uniqueEmail } from '../support/users';
import { getArchive } from './archive.suite';

type ImportResult = components['schemas']['ImportResult'];

const spliit = (name: string) =>
  readFileSync(new URL(`../../../domain/src/imports/fixtures/spliit/${name}`, import.meta.url), 'utf8');

/**
 * POST /imports recognises the rows a group already holds whichever export of the app wrote them
 * (docs/import.md): Spliit's CSV after its JSON, a Kitty archive in the group it was downloaded from.
 */
export function importsRecogniseSuite(ctx: TestContext): void {
  const post = async (as: Person, payload: Record<string, unknown>) => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/imports',
      headers: bearer(as.token),
      payload: { time_zone: 'Europe/Paris', ...payload },
    });
    expect(response.statusCode, response.body).toBe(payload.dryRun ? 200 : 201);
    return expectContract<ImportResult>(response, 'importFile');
  };
  const rowsOf = async (groupId: string) => {
    const { rows } = await ctx.db.query<{ expenses: number; settlements: number }>(
      `SELECT (SELECT count(*) FROM expenses WHERE group_id = $1)::int AS expenses,
              (SELECT count(*) FROM settlements WHERE group_id = $1)::int AS settlements`,
      [groupId],
    );
    return rows[0];
  };

  describe('imports recognise rows already in the group', () => {
    let alice: Person;
    let members: Record<string, string>;

    beforeAll(async () => {
      alice = await registerUser(ctx.app, { email: uniqueEmail('recognise') });
      members = {
        Zoé: alice.email,
        Bob: uniqueEmail('rbob'),
        Carlos: uniqueEmail('rcarlos'),
        Dagny: uniqueEmail('rdagny'),
        Amélie: uniqueEmail('ramelie'),
      };
    });

    it("Spliit's CSV into the group made from its JSON writes nothing, and the preview lists the rows it recognised", async () => {
      const first = await post(alice, { format: 'spliit-json', content: spliit('group.json'), members });
      expect(first).toMatchObject({ expenses: 11, settlements: 2, already_imported: 0, recognised: [] });
      const groupId = first.group_id as string;
      const before = await rowsOf(groupId);

      const body = { format: 'spliit-csv', content: spliit('group.csv'), members, group_id: groupId };
      const preview = await post(alice, { ...body, dryRun: true });
      expect(preview).toMatchObject({ expenses: 0, settlements: 0, already_imported: 9 });
      expect(preview.recognised).toHaveLength(9);
      expect(preview.recognised[0]).toEqual({
        line: 2,
        date: '2024-06-01',
        description: 'Courses Carrefour',
        amount: 30,
        currency: 'EUR',
      });
      expect(preview.recognised.map((r) => r.description)).toContain('Dîner "Chez Mémé", fondue');

      const again = await post(alice, body);
      expect(again).toMatchObject({ expenses: 0, settlements: 0, already_imported: 9 });
      expect(again.recognised).toEqual(preview.recognised);
      expect(await rowsOf(groupId)).toEqual(before);

      // And the JSON again after the CSV: every row is there, by its id.
      const json = await post(alice, {
        format: 'spliit-json',
        content: spliit('group.json'),
        members,
        group_id: groupId,
      });
      expect(json).toMatchObject({ expenses: 0, settlements: 0, already_imported: 13 });
      expect(await rowsOf(groupId)).toEqual(before);
    });

    it("Spliit's JSON into the group made from its CSV writes only the rows the CSV could not say", async () => {
      const first = await post(alice, { format: 'spliit-csv', content: spliit('group.csv'), members });
      expect(first).toMatchObject({ expenses: 9, already_imported: 0 });
      const groupId = first.group_id as string;
      const json = await post(alice, {
        format: 'spliit-json',
        content: spliit('group.json'),
        members,
        group_id: groupId,
      });
      // The CSV's 9 expenses (its income included) are recognised; the 2 expenses and 2 payments only the
      // JSON can say are written.
      expect(json).toMatchObject({ expenses: 2, settlements: 2, already_imported: 9 });
      expect(await rowsOf(groupId)).toEqual({ expenses: 11, settlements: 2 });
    });

    it('the same file into a new group imports everything, beside the group it went into first', async () => {
      const first = await post(alice, { format: 'spliit-json', content: spliit('group.json'), members });
      const preview = await post(alice, {
        format: 'spliit-json',
        content: spliit('group.json'),
        members,
        dryRun: true,
      });
      expect(preview).toMatchObject({ group_id: null, expenses: 11, settlements: 2, already_imported: 0 });
      const copy = await post(alice, { format: 'spliit-json', content: spliit('group.json'), members });
      expect(copy).toMatchObject({ expenses: 11, settlements: 2, already_imported: 0, recognised: [] });
      expect(copy.group_id).not.toBe(first.group_id);
      expect(await rowsOf(copy.group_id as string)).toEqual({ expenses: 11, settlements: 2 });
    });

    it("a Kitty archive imported into the group it was downloaded from writes nothing: its ids are the group's own rows", async () => {
      const made = await groupOf(ctx.app, 2);
      const [owner, other] = made.people as [Person, Person];
      await createExpense(ctx.app, owner, {
        ...expenseBody(owner.user.id, [other.user.id]),
        group_id: made.group.id,
      });
      await createExpense(ctx.app, owner, {
        ...expenseBody(other.user.id, [owner.user.id], { description: 'Taxi', amount: 12.5 }),
        group_id: made.group.id,
      });
      await recordSettlement(ctx.app, {
        groupId: made.group.id,
        from: other.user.id,
        to: owner.user.id,
        currency: 'EUR',
        amountMinor: 500,
      });
      const before = await rowsOf(made.group.id);
      expect(before).toEqual({ expenses: 2, settlements: 1 });
      const archive = JSON.stringify(await getArchive(ctx.app, owner, made.group.id));
      const body = { format: 'kitty-json', content: archive, group_id: made.group.id };
      const preview = await post(owner, { ...body, dryRun: true });
      expect(preview).toMatchObject({ expenses: 0, settlements: 0, already_imported: 3 });
      expect(preview.recognised.map((r) => r.description).sort()).toEqual(['', 'Dinner', 'Taxi']);
      const again = await post(owner, body);
      expect(again).toMatchObject({ expenses: 0, settlements: 0, already_imported: 3 });
      expect(await rowsOf(made.group.id)).toEqual(before);
      // Into another group, the same archive is a copy: everything is written.
      const copy = await post(owner, { format: 'kitty-json', content: archive });
      expect(copy).toMatchObject({ expenses: 2, settlements: 1, already_imported: 0 });
    });
  });
}
