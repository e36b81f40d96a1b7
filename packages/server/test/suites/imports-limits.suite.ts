import type { components } from '@kitty/api/schema';
import { addDays, dayInZone, type ImportFormat, START_DATE_OUT_OF_RANGE } from '@kitty/domain';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { importFile } from '../../src/imports/service';
import { runDueRecurring } from '../../src/recurring/runner';
import { findByEmail } from '../../src/users/repo';
import { expectContract } from '../contract';
import type { TestContext } from '../support/context';
import { createGroup, type Person } from '../support/groups';
import { LedgerBuilder } from '../support/imports';
import { bearer, registerUser, uniqueEmail } from '../support/users';
import { expectTooMany, GENEROUS } from './abuse-limits.suite';
import { getArchive } from './archive.suite';

type ImportResult = components['schemas']['ImportResult'];
type ImportedRecurring = LedgerBuilder['ledger']['recurring'][number];

/** A Splitwise export whose first name paid 0.01 for each of the others (every column non-zero). */
function everyonePaidFor(names: readonly string[]): string {
  const [, ...others] = names;
  const cost = (others.length / 100).toFixed(2);
  const columns = [cost, ...others.map(() => '-0.01')];
  return `Date,Description,Category,Cost,Currency,${names.join(',')}\n\n2024-03-01,Dinner,General,${cost},EUR,${columns.join(',')}\n`;
}

/**
 * POST /imports cannot be used against other people: rows are recorded as the importer's, an archive's
 * recurring expense cannot make years of expenses, a file cannot pass a group's member cap nor look up
 * addresses beyond RATE_LIMIT_LOOKUPS, and a dry run hands out no one's id the importer has no tie to.
 */
export function importsLimitsSuite(ctx: TestContext): void {
  const send = (app: FastifyInstance, as: Person, url: string, payload?: object, method = 'POST') =>
    app.inject({
      method: method as 'POST',
      url,
      headers: bearer(as.token),
      ...(payload ? { payload } : {}),
    });
  const expectCode = (response: LightMyRequestResponse, status: number, code: string) => {
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json().code).toBe(code);
  };

  describe('imports that cannot hurt others', () => {
    let alice: Person;
    let bob: Person;

    beforeAll(async () => {
      alice = await registerUser(ctx.app, { email: uniqueEmail('imp-alice'), first_name: 'Alice' });
      bob = await registerUser(ctx.app, { email: uniqueEmail('imp-bob'), first_name: 'Bob' });
    });

    it("an archive naming another member as author writes every row as the importer's; the file's author stays only as words", async () => {
      // Bob records an expense with a comment and a payment in a group with Alice; Alice exports it.
      const source = await createGroup(ctx.app, bob, { currency: 'EUR', members: [{ email: alice.email }] });
      const expense = await send(ctx.app, bob, '/api/expenses', {
        description: 'Hotel',
        amount: 10,
        currency: 'EUR',
        category: 'groceries',
        group_id: source.id,
        split_type: 'equal',
        paid_by: alice.user.id,
        participants: [alice.user.id, bob.user.id],
        split_with: [bob.user.id],
        split_details: {},
      });
      expect(expense.statusCode, expense.body).toBe(201);
      const said = 'I, Bob, confirm I owe Alice 10 EUR';
      const comment = await send(ctx.app, bob, `/api/expenses/${expense.json().id}/comments`, { text: said });
      expect(comment.statusCode, comment.body).toBe(201);
      const paid = await send(ctx.app, bob, '/api/financial/settlements', {
        from_user_id: bob.user.id,
        to_user_id: alice.user.id,
        amount: 2,
        currency: 'EUR',
        group_id: source.id,
      });
      expect(paid.statusCode, paid.body).toBe(201);
      const archive = await getArchive(ctx.app, alice, source.id);

      // Alice imports it into another group she shares with Bob.
      const target = await createGroup(ctx.app, alice, { currency: 'EUR', members: [{ email: bob.email }] });
      const response = await send(ctx.app, alice, '/api/imports', {
        format: 'kitty-json',
        content: JSON.stringify(archive),
        group_id: target.id,
      });
      expect(response.statusCode, response.body).toBe(201);
      const result = expectContract<ImportResult>(response, 'importFile');
      expect(result).toMatchObject({ expenses: 1, settlements: 1, problems: [] });
      const bobName = result.members.find((m) => m.email === bob.email)?.name;

      const written = await ctx.db.query<{ kind: string; by: string }>(
        `SELECT 'expense' AS kind, created_by::text AS by FROM expenses WHERE group_id = $1
         UNION ALL SELECT 'settlement', created_by::text FROM settlements WHERE group_id = $1
         UNION ALL SELECT 'event ' || kind, actor_id::text FROM group_events WHERE group_id = $1
         ORDER BY 1`,
        [target.id],
      );
      expect(written.rows.length).toBeGreaterThanOrEqual(3);
      expect(written.rows.filter((r) => r.by !== alice.user.id)).toEqual([]);
      // The money stays as the file says: Alice paid, Bob shares, Bob paid Alice.
      const [copied] = (
        await ctx.db.query<{ id: string; paid_by: string }>(
          'SELECT id, paid_by FROM expenses WHERE group_id = $1',
          [target.id],
        )
      ).rows;
      expect(copied?.paid_by).toBe(alice.user.id);

      const comments = await send(ctx.app, bob, `/api/expenses/${copied?.id}/comments`, undefined, 'GET');
      expect(comments.statusCode, comments.body).toBe(200);
      const [kept] = comments.json().comments as { id: string; text: string; author: { id: string } }[];
      expect(kept).toMatchObject({
        text: `Written by ${bobName} in the imported file: ${said}`,
        author: { id: alice.user.id },
      });
      // The importer wrote it, so the importer can take it away.
      const removed = await send(
        ctx.app,
        alice,
        `/api/expenses/${copied?.id}/comments/${kept?.id}`,
        undefined,
        'DELETE',
      );
      expect(removed.statusCode, removed.body).toBeLessThan(300);
    });

    describe("an archive's recurring expense", () => {
      const today = () => dayInZone(new Date(), 'UTC');
      const rule = (key: string, start: string, line: number): ImportedRecurring => ({
        line,
        key,
        status: 'active',
        schedule: {
          frequency: 'weekly',
          start_date: start,
          end_date: null,
          occurrences: null,
          time_zone: 'UTC',
        },
        nextDate: start,
        occurrencesCreated: 0,
        createdBy: 'a',
        expense: {
          description: `Rule from ${start}`,
          category: 'groceries',
          currency: 'EUR',
          amount: 200 as never,
          notes: '',
          payers: [{ member: 'a', amount: 200 as never }],
          splits: [
            { member: 'a', amount: 100 as never },
            { member: 'b', amount: 100 as never },
          ],
        },
      });
      const importRules = async (rules: ImportedRecurring[]) => {
        const ledger = new LedgerBuilder([
          { name: 'a', email: alice.email },
          { name: 'b', email: bob.email },
        ]);
        ledger.ledger.format = 'kitty-json';
        ledger.ledger.recurring.push(...rules);
        const caller = await findByEmail(ctx.db, alice.email);
        if (!caller) throw new Error('no such person');
        const body = {
          format: 'kitty-json' as ImportFormat,
          content: `rules ${Math.random()}`,
          time_zone: 'UTC',
        };
        const options = { contract: ctx.app.ctx.contract, now: new Date(), parse: ledger.parser() };
        const preview = await importFile(ctx.db, caller, { ...body, dryRun: true }, options);
        const done = await importFile(ctx.db, caller, { ...body, dryRun: false }, options);
        return { preview: preview.body as ImportResult, result: done.body as ImportResult };
      };
      const expensesIn = async (groupId: string) =>
        (
          await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM expenses WHERE group_id = $1', [
            groupId,
          ])
        ).rows[0]?.n;

      it('begun in 1900 comes in paused (the preview and the result say so) and makes nothing, not even once resumed', async () => {
        const { preview, result } = await importRules([rule('old', '1900-01-01', 2)]);
        const said = [
          { line: 2, description: 'Rule from 1900-01-01', status: 'paused', paused_by_import: true },
        ];
        expect(preview.recurring).toEqual(said);
        expect(result.recurring).toEqual(said);
        const groupId = result.group_id as string;
        const [stored] = (
          await ctx.db.query<{ id: string; status: string; created_by: string }>(
            'SELECT id, status, created_by FROM recurring_expenses WHERE group_id = $1',
            [groupId],
          )
        ).rows;
        expect(stored).toMatchObject({ status: 'paused', created_by: alice.user.id });
        await runDueRecurring(ctx.db, new Date());
        expect(await expensesIn(groupId)).toBe(0);
        // Resumed, it goes on from today: at most today's occurrence, never the years before.
        const resumed = await send(ctx.app, alice, `/api/recurring-expenses/${stored?.id}/status`, {
          status: 'active',
        });
        expect(resumed.statusCode, resumed.body).toBe(200);
        await runDueRecurring(ctx.db, new Date());
        expect(await expensesIn(groupId)).toBeLessThanOrEqual(1);
      });

      it('begun within the year stays active and makes only its days since; one more than a year ahead is a problem', async () => {
        const recent = addDays(today(), -20);
        const far = addDays(today(), 400);
        const { result } = await importRules([rule('recent', recent, 2), rule('far', far, 3)]);
        expect(result.recurring).toEqual([
          { line: 2, description: `Rule from ${recent}`, status: 'active', paused_by_import: false },
        ]);
        expect(result.problems).toEqual([{ line: 3, message: START_DATE_OUT_OF_RANGE }]);
        await runDueRecurring(ctx.db, new Date());
        // Days 0, 7 and 14 after its start: three weeks, not a year.
        expect(await expensesIn(result.group_id as string)).toBe(3);
      });
    });

    describe("a group's member cap (200), as when adding people by hand", () => {
      let full: { id: string };
      let owner: Person;

      beforeAll(async () => {
        owner = await registerUser(ctx.app, { email: uniqueEmail('cap-owner') });
        // The creator and 199 invited people: 200 members.
        full = await createGroup(ctx.app, owner, {
          members: Array.from({ length: 199 }, (_, i) => ({ email: uniqueEmail(`cap${i}`) })),
        });
      });

      it('refuses a 201st member added by hand, and still adds someone who is already in', async () => {
        const one = await send(ctx.app, owner, `/api/groups/${full.id}/members`, {
          email: uniqueEmail('cap-new'),
        });
        expectCode(one, 409, 'GROUP_MEMBER_LIMIT_REACHED');
        const again = await send(ctx.app, owner, `/api/groups/${full.id}/members`, { email: owner.email });
        expect(again.statusCode, again.body).toBe(200);
        expect(again.json().Members).toHaveLength(200);
      });

      it('refuses an import (and its preview) that would make the group larger than 200, writing nothing', async () => {
        const users = async () =>
          (await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM users')).rows[0]?.n;
        const before = await users();
        const newcomer = uniqueEmail('cap-file');
        for (const dryRun of [true, false]) {
          const response = await send(ctx.app, owner, '/api/imports', {
            format: 'splitwise-csv',
            content: everyonePaidFor(['Me', 'Newcomer']),
            group_id: full.id,
            members: { Me: owner.email, Newcomer: newcomer },
            dryRun,
          });
          expectCode(response, 409, 'GROUP_MEMBER_LIMIT_REACHED');
        }
        // 450 unknown addresses into a new group: refused before any is looked up or invited.
        const names = Array.from({ length: 450 }, (_, i) => `P${i}`);
        const many = await send(ctx.app, alice, '/api/imports', {
          format: 'splitwise-csv',
          content: everyonePaidFor(names),
          members: Object.fromEntries(
            names.map((n, i) => [n, i === 0 ? alice.email : uniqueEmail(`many${i}`)]),
          ),
        });
        expectCode(many, 409, 'GROUP_MEMBER_LIMIT_REACHED');
        expect(await users()).toBe(before);
      });

      it('lets a file fill a new group to exactly 200', async () => {
        const names = Array.from({ length: 200 }, (_, i) => `Q${i}`);
        const response = await send(ctx.app, alice, '/api/imports', {
          format: 'splitwise-csv',
          content: everyonePaidFor(names),
          members: Object.fromEntries(
            names.map((n, i) => [n, i === 0 ? alice.email : uniqueEmail(`fill${i}`)]),
          ),
          dryRun: true,
        });
        expect(response.statusCode, response.body).toBe(200);
        expect(response.json().members).toHaveLength(200);
      });
    });

    describe('look-ups and what a preview tells', () => {
      let carol: Person;

      beforeAll(async () => {
        carol = await registerUser(ctx.app, { email: uniqueEmail('imp-carol') });
        // Alice and Carol share a group: Carol is someone Alice is connected to.
        await createGroup(ctx.app, carol, { members: [{ email: alice.email }] });
      });

      const preview = (app: FastifyInstance, as: Person, members: Record<string, string>) =>
        send(app, as, '/api/imports', {
          format: 'splitwise-csv',
          content: everyonePaidFor(Object.keys(members)),
          members,
          dryRun: true,
        });

      it("hands out the ids of connected people only: an account the importer has no tie to is 'account' without an id", async () => {
        const stranger = await registerUser(ctx.app, { email: uniqueEmail('imp-stranger') });
        const loner = await registerUser(ctx.app, { email: uniqueEmail('imp-loner') });
        const response = await preview(ctx.app, loner, {
          Me: loner.email,
          Stranger: stranger.email,
          Nobody: uniqueEmail('imp-nobody'),
        });
        expect(response.statusCode, response.body).toBe(200);
        const members = expectContract<ImportResult>(response, 'importFile').members;
        expect(members.map((m) => [m.name, m.status, m.user_id])).toEqual([
          ['Me', 'member', loner.user.id],
          ['Stranger', 'account', null],
          ['Nobody', 'invitation', null],
        ]);
        const tied = await preview(ctx.app, alice, { Me: alice.email, Carol: carol.email });
        expect(tied.json().members.map((m: { user_id: string }) => m.user_id)).toEqual([
          alice.user.id,
          carol.user.id,
        ]);
      });

      it('counts each address with no tie as one look-up, shared with check-email; connected people count nothing', async () => {
        const app = await ctx.buildApp({ ...GENEROUS, RATE_LIMIT_LOOKUPS: '3/1m' });
        const outsider = await registerUser(ctx.app, { email: uniqueEmail('imp-outsider') });
        // Connected people and the importer: nothing counted, however often.
        for (let i = 0; i < 5; i++) {
          const free = await preview(app, alice, { Me: alice.email, Carol: carol.email });
          expect(free.statusCode, free.body).toBe(200);
        }
        // Two unknown addresses: two look-ups; then two more go past the three allowed.
        const two = await preview(app, alice, {
          Me: alice.email,
          X: uniqueEmail('probe-x'),
          Y: uniqueEmail('probe-y'),
        });
        expect(two.statusCode, two.body).toBe(200);
        expectTooMany(
          await preview(app, alice, { Me: alice.email, Outsider: outsider.email, Z: uniqueEmail('probe-z') }),
          'importFile',
          60,
        );
        // The counter is check-email's: it is used up too.
        expectTooMany(
          await send(
            app,
            alice,
            `/api/users/check-email?email=${encodeURIComponent(outsider.email)}`,
            undefined,
            'GET',
          ),
          'checkEmail',
          60,
        );
      });

      it('hundreds of addresses in one preview are refused, over the cap or over the look-ups', async () => {
        const app = await ctx.buildApp({ ...GENEROUS, RATE_LIMIT_LOOKUPS: '60/1m' });
        const names = Array.from({ length: 400 }, (_, i) => `R${i}`);
        const members = Object.fromEntries(
          names.map((n, i) => [n, i === 0 ? bob.email : uniqueEmail(`r${i}`)]),
        );
        // Over the cap first (409), whatever the limit; within the cap, past the limit (429).
        expectCode(await preview(app, bob, members), 409, 'GROUP_MEMBER_LIMIT_REACHED');
        const some = Object.fromEntries(Object.entries(members).slice(0, 100));
        expectTooMany(await preview(app, bob, some), 'importFile', 60);
      });
    });
  });
}
