import type { components } from '@kitty/api/schema';
import type { ImportFormat } from '@kitty/domain';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db';
import { importFile, UNKNOWN_TIME_ZONE } from '../../src/imports/service';
import { findByEmail } from '../../src/users/repo';
import { expectContract } from '../contract';
import type { TestContext } from '../support/context';
import { groupOf, type Person } from '../support/groups';
import { LedgerBuilder, splitwiseCsv } from '../support/imports';
import { startSmtpSink } from '../support/smtp';
import { bearer, registerUser, uniqueEmail } from '../support/users';
import { expectTooMany, GENEROUS } from './abuse-limits.suite';

type ImportResult = components['schemas']['ImportResult'];

const counts = async (db: Db) => {
  const { rows } = await db.query<{
    expenses: number;
    users: number;
    groups: number;
    settlements: number;
    imports: number;
  }>(
    `SELECT (SELECT count(*) FROM expenses)::int AS expenses, (SELECT count(*) FROM users)::int AS users,
              (SELECT count(*) FROM groups)::int AS groups, (SELECT count(*) FROM settlements)::int AS settlements,
              (SELECT count(*) FROM imports)::int AS imports`,
  );
  if (!rows[0]) throw new Error('no counts');
  return rows[0];
};

/**
 * POST /imports: the preview writes nothing; an import writes every importable row through Kitty's own
 * creation paths in one transaction, into a new group or the caller's, maps every name in the file to a
 * person, lists the rows it refuses with their lines, and never writes a row twice.
 */
export function importsSuite(ctx: TestContext): void {
  const post = (as: Person, payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/imports',
      headers: { ...bearer(as.token), ...headers },
      payload,
    });
  /** The service as the route runs it, with a ledger of the test's own (the format readers are tested apart). */
  const run = async (
    as: Person,
    ledger: LedgerBuilder,
    body: Record<string, unknown> = {},
  ): Promise<{ status: number; body: ImportResult }> => {
    const caller = await findByEmail(ctx.db, as.email);
    if (!caller) throw new Error('no such person');
    const outcome = await importFile(
      ctx.db,
      caller,
      {
        format: 'splitwise-csv' as ImportFormat,
        content: `file ${JSON.stringify(ledger.ledger).length}`,
        dryRun: false,
        time_zone: 'UTC',
        ...body,
      } as Parameters<typeof importFile>[2],
      { contract: ctx.app.ctx.contract, now: new Date(), parse: ledger.parser() },
    );
    return { status: outcome.status, body: outcome.body as ImportResult };
  };
  const balancesOf = async (as: Person, groupId: string) => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/financial/balances/group/${groupId}`,
      headers: bearer(as.token),
    });
    expect(response.statusCode, response.body).toBe(200);
    return expectContract<{
      balances: { user: { id: string }; currency_breakdown: { currency: string; net: number }[] }[];
    }>(response, 'getGroupBalances');
  };
  /** The group's nets as the import's balances list them: by the file's names, then currency, zeros left out. */
  const groupNets = async (as: Person, groupId: string, result: ImportResult) => {
    const nameOf = new Map(result.members.map((m) => [m.user_id, m.name]));
    const nets = new Map<string, number>();
    for (const b of (await balancesOf(as, groupId)).balances) {
      for (const c of b.currency_breakdown) {
        if (c.net !== 0) nets.set(`${nameOf.get(b.user.id)} ${c.currency}`, c.net);
      }
    }
    return nets;
  };
  const importedNets = (result: ImportResult) =>
    new Map(
      result.balances.filter((b) => b.imported !== 0).map((b) => [`${b.member} ${b.currency}`, b.imported]),
    );
  const expectField = (response: LightMyRequestResponse, field: string, message?: string) => {
    expect(response.statusCode, response.body).toBe(400);
    const body = response.json() as { code: string; errors: { field: string; message: string }[] };
    expect(body.code).toBe('VALIDATION_FAILED');
    const error = body.errors.find((e) => e.field === field);
    expect(error, response.body).toBeDefined();
    if (message !== undefined) expect(error?.message).toBe(message);
  };

  describe('imports', () => {
    let alice: Person;
    let bobEmail: string;

    beforeAll(async () => {
      alice = await registerUser(ctx.app, { email: uniqueEmail('importer') });
      bobEmail = (await registerUser(ctx.app, { email: uniqueEmail('bob') })).email;
    });

    const trip = () =>
      new LedgerBuilder(['Alice', 'Bob', 'Chloé'], 'Lisbon trip')
        .expense('Alice', { Alice: 1000, Bob: 1000, Chloé: 1001 }, { date: '2024-03-01' })
        .expense({ Bob: 500, Chloé: 700 }, { Alice: 600, Bob: 600 }, { date: '2024-03-05', currency: 'USD' })
        .problem('The shares add up to 9.00 EUR, not 10.00')
        .payment('Bob', 'Alice', 400, { date: '2024-03-20' })
        .withSourceBalances();

    it('a dry run previews the file (members, rows, dates, currencies, problems, balances) and writes nothing', async () => {
      const before = await counts(ctx.db);
      const chloe = uniqueEmail('chloe');
      const { status, body } = await run(alice, trip(), {
        dryRun: true,
        members: { Alice: alice.email, Bob: bobEmail, Chloé: chloe },
      });
      expect(status).toBe(200);
      expect(await counts(ctx.db)).toEqual(before);
      expect(body).toMatchObject({
        dry_run: true,
        format: 'splitwise-csv',
        group_id: null,
        group_name: 'Lisbon trip',
        rows: 4,
        expenses: 2,
        settlements: 1,
        already_imported: 0,
        date_from: '2024-03-01',
        date_to: '2024-03-20',
        currencies: ['EUR', 'USD'],
        problems: [{ line: 4, message: 'The shares add up to 9.00 EUR, not 10.00' }],
      });
      expect(body.members).toEqual([
        { name: 'Alice', email: alice.email, status: 'member', user_id: alice.user.id, rows: 3 },
        // Bob has an account, but Alice shares nothing with him yet: a preview does not hand out his id.
        { name: 'Bob', email: bobEmail, status: 'account', user_id: null, rows: 3 },
        { name: 'Chloé', email: chloe, status: 'invitation', user_id: null, rows: 2 },
      ]);
      expect(body.balances).toEqual([
        { member: 'Alice', currency: 'EUR', source: 16.01, imported: 16.01 },
        { member: 'Alice', currency: 'USD', source: -6, imported: -6 },
        { member: 'Bob', currency: 'EUR', source: -6, imported: -6 },
        { member: 'Bob', currency: 'USD', source: -1, imported: -1 },
        { member: 'Chloé', currency: 'EUR', source: -10.01, imported: -10.01 },
        { member: 'Chloé', currency: 'USD', source: 7, imported: 7 },
      ]);
    });

    it('a dry run lists a name nobody is yet as unmapped, and the import refuses it on members.<name>', async () => {
      const ledger = new LedgerBuilder(['Alice', 'Zed']).expense('Alice', { Alice: 100, Zed: 100 });
      const preview = await run(alice, ledger, { dryRun: true, members: { Alice: alice.email } });
      expect(preview.body.members[1]).toEqual({
        name: 'Zed',
        email: null,
        status: 'unmapped',
        user_id: null,
        rows: 1,
      });
      const before = await counts(ctx.db);
      await expect(run(alice, ledger, { members: { Alice: alice.email } })).rejects.toMatchObject({
        status: 400,
        errors: [{ field: 'members.Zed', message: 'Choose who Zed is' }],
      });
      expect(await counts(ctx.db)).toEqual(before);
    });

    it('imports into a new group: members added or invited, balances as the preview said, then a re-import into it writes nothing', async () => {
      const chloe = uniqueEmail('chloe');
      const members = { Alice: alice.email, Bob: bobEmail, Chloé: chloe };
      const preview = await run(alice, trip(), { dryRun: true, members });
      const { status, body } = await run(alice, trip(), { members });
      expect(status).toBe(201);
      expect(body).toMatchObject({ dry_run: false, group_name: 'Lisbon trip', expenses: 2, settlements: 1 });
      const groupId = body.group_id as string;
      const group = await ctx.app.inject({
        method: 'GET',
        url: `/api/groups/${groupId}`,
        headers: bearer(alice.token),
      });
      expect(group.statusCode, group.body).toBe(200);
      // Chloé had no account: a new unregistered person, invited to the group.
      const invited = await findByEmail(ctx.db, chloe);
      expect(invited?.registered).toBe(false);
      const invitations = await ctx.db.query('SELECT group_id FROM invitations WHERE user_id = $1', [
        invited?.id,
      ]);
      expect(invitations.rows).toEqual([{ group_id: groupId }]);
      expect(body.balances).toEqual(preview.body.balances);
      // The group's balances are exactly the preview's `imported`.
      expect(await groupNets(alice, groupId, body)).toEqual(importedNets(preview.body));
      const expensesBefore = await counts(ctx.db);
      // The same file again into the group it made: previewed, everything is already there; nothing written.
      const preview2 = await run(alice, trip(), { members, dryRun: true, group_id: groupId });
      expect(preview2.body).toMatchObject({
        group_id: groupId,
        group_name: 'Lisbon trip',
        expenses: 0,
        settlements: 0,
        already_imported: 3,
      });
      expect(preview2.body.members.map((m) => m.status)).toEqual(['member', 'member', 'member']);
      const again = await run(alice, trip(), { members, group_id: groupId });
      expect(again.body).toMatchObject({
        group_id: groupId,
        expenses: 0,
        settlements: 0,
        already_imported: 3,
      });
      expect(await counts(ctx.db)).toEqual(expensesBefore);
    });

    it('the same file into a new group is a copy: the preview and the import write everything, in a second group', async () => {
      const members = { Alice: alice.email, Bob: bobEmail, Chloé: uniqueEmail('chloe') };
      const first = await run(alice, trip(), { members });
      expect(first.body).toMatchObject({ expenses: 2, settlements: 1, already_imported: 0 });
      const preview = await run(alice, trip(), { members, dryRun: true });
      expect(preview.body).toMatchObject({
        group_id: null,
        expenses: 2,
        settlements: 1,
        already_imported: 0,
      });
      const before = await counts(ctx.db);
      const copy = await run(alice, trip(), { members });
      expect(copy.status).toBe(201);
      expect(copy.body).toMatchObject({ expenses: 2, settlements: 1, already_imported: 0 });
      expect(copy.body.group_id).not.toBe(first.body.group_id);
      const after = await counts(ctx.db);
      expect(after.groups - before.groups).toBe(1);
      expect(after.expenses - before.expenses).toBe(2);
      expect(after.imports - before.imports).toBe(1);
      expect(await groupNets(alice, copy.body.group_id as string, copy.body)).toEqual(
        await groupNets(alice, first.body.group_id as string, first.body),
      );
    });

    it("imports into the caller's group over HTTP: a member found by display name, the group's balances equal the preview", async () => {
      const made = await groupOf(ctx.app, 2);
      const [owner, other] = made.people as [Person, Person];
      const csv = splitwiseCsv(
        ['Zed', 'Yan'],
        [
          ['2024-03-01', 'Dinner', 'Dining out', '30.00', 'EUR', '20.00', '-20.00'],
          ['2024-03-02', 'Taxi', 'Taxi', '9.99', 'EUR', '-4.99', '4.99'],
        ],
      );
      // Zed is named like the other member (any case): found without being mapped; Yan is mapped.
      await ctx.db.query("UPDATE users SET display_name = 'ZED' WHERE id = $1", [other.user.id]);
      const members = { Yan: owner.email };
      const preview = await post(owner, {
        format: 'auto',
        content: csv,
        dryRun: true,
        group_id: made.group.id,
        members,
      });
      expect(preview.statusCode, preview.body).toBe(200);
      const previewed = expectContract<ImportResult>(preview, 'importFile');
      expect(previewed.members.map((m) => [m.name, m.status, m.user_id])).toEqual([
        ['Zed', 'member', other.user.id],
        ['Yan', 'member', owner.user.id],
      ]);
      const response = await post(owner, {
        format: 'splitwise-csv',
        content: csv,
        group_id: made.group.id,
        members,
      });
      expect(response.statusCode, response.body).toBe(201);
      const result = expectContract<ImportResult>(response, 'importFile');
      expect(result).toMatchObject({ group_id: made.group.id, expenses: 2, already_imported: 0 });
      expect(previewed.balances).toEqual([
        { member: 'Zed', currency: 'EUR', source: 15.01, imported: 15.01 },
        { member: 'Yan', currency: 'EUR', source: -15.01, imported: -15.01 },
      ]);
      expect(await groupNets(owner, made.group.id, result)).toEqual(importedNets(previewed));
      // Again: nothing doubled.
      const again = await post(owner, {
        format: 'splitwise-csv',
        content: csv,
        group_id: made.group.id,
        members,
      });
      expect(again.statusCode, again.body).toBe(201);
      expect(expectContract<ImportResult>(again, 'importFile')).toMatchObject({
        expenses: 0,
        already_imported: 2,
      });
      const list = await ctx.app.inject({
        method: 'GET',
        url: `/api/expenses/group/${made.group.id}`,
        headers: bearer(owner.token),
      });
      expect(list.json().expenses).toHaveLength(2);
    });

    it('a Splitwise refund (a negative cost) is imported: "in the file" and "after import" equal, in the group too', async () => {
      const made = await groupOf(ctx.app, 2);
      const [owner, other] = made.people as [Person, Person];
      // The hotel refunded 160.00 CHF to Ann, shared by both: Splitwise writes cost -160.00, Ann -80.00.
      const csv = splitwiseCsv(
        ['Ann', 'Ben'],
        [
          ['2024-06-01', 'Hotel', 'Hotel', '480.00', 'CHF', '240.00', '-240.00'],
          ['2024-06-04', 'Hotel refund', 'Hotel', '-160.00', 'CHF', '-80.00', '80.00'],
        ],
      );
      const members = { Ann: owner.email, Ben: other.email };
      const payload = { format: 'auto', content: csv, group_id: made.group.id, members };
      const preview = await post(owner, { ...payload, dryRun: true });
      expect(preview.statusCode, preview.body).toBe(200);
      const previewed = expectContract<ImportResult>(preview, 'importFile');
      expect(previewed).toMatchObject({ expenses: 2, problems: [] });
      expect(previewed.balances).toEqual([
        { member: 'Ann', currency: 'CHF', source: 160, imported: 160 },
        { member: 'Ben', currency: 'CHF', source: -160, imported: -160 },
      ]);
      const response = await post(owner, payload);
      expect(response.statusCode, response.body).toBe(201);
      const result = expectContract<ImportResult>(response, 'importFile');
      expect(await groupNets(owner, made.group.id, result)).toEqual(importedNets(previewed));
      const list = await ctx.app.inject({
        method: 'GET',
        url: `/api/expenses/group/${made.group.id}`,
        headers: bearer(owner.token),
      });
      const refund = (list.json().expenses as { description: string; amount: number; notes: string }[]).find(
        (e) => e.description === 'Hotel refund',
      );
      expect(refund).toMatchObject({ amount: 80, notes: '-160.00 CHF' });
    });

    it('an unknown address becomes a not-registered member, sent the invitation e-mail once the import is written', async () => {
      const sink = await startSmtpSink();
      try {
        const app = await ctx.buildApp({ SMTP_URL: sink.url, PUBLIC_URL: 'https://kitty.example' });
        const owner = await registerUser(app, { first_name: 'Olga', email: uniqueEmail('olga') });
        const email = uniqueEmail('invitee');
        const csv = splitwiseCsv(
          ['Olga', 'Iva'],
          [['2024-03-01', 'Dinner', 'General', '2.00', 'EUR', '1.00', '-1.00']],
        );
        const response = await app.inject({
          method: 'POST',
          url: '/api/imports',
          headers: bearer(owner.token),
          payload: { format: 'auto', content: csv, members: { Olga: owner.email, Iva: email } },
        });
        expect(response.statusCode, response.body).toBe(201);
        const result = expectContract<ImportResult>(response, 'importFile');
        expect(result.members.map((m) => [m.name, m.status])).toEqual([
          ['Olga', 'member'],
          ['Iva', 'invitation'],
        ]);
        const mail = await sink.waitFor((m) => m.to.includes(email));
        expect(mail.subject).toBe('Olga invited you to Kitty');
        const { rows } = await ctx.db.query<{ group_id: string; display_name: string; registered: boolean }>(
          `SELECT i.group_id, u.display_name, u.registered FROM invitations i JOIN users u ON u.id = i.user_id
            WHERE lower(i.email) = lower($1)`,
          [email],
        );
        expect(rows).toEqual([{ group_id: result.group_id, display_name: 'Iva', registered: false }]);
      } finally {
        await sink.close();
      }
    });

    it('someone who is not a member of the group hears 404, as for an unknown group', async () => {
      const made = await groupOf(ctx.app, 1);
      const stranger = await registerUser(ctx.app, { email: uniqueEmail('stranger') });
      const csv = splitwiseCsv(
        ['A', 'B'],
        [['2024-03-01', 'Dinner', 'General', '2.00', 'EUR', '1.00', '-1.00']],
      );
      for (const dryRun of [true, false]) {
        const response = await post(stranger, {
          format: 'auto',
          content: csv,
          dryRun,
          group_id: made.group.id,
        });
        expect(response.statusCode, response.body).toBe(404);
        expect(response.json().code).toBe('NOT_FOUND');
      }
    });

    it('refuses an unreadable file on `content` naming the line, an unknown time zone on `time_zone`', async () => {
      const unreadable = await post(alice, { format: 'auto', content: 'hello,world\n1,2\n', dryRun: true });
      expectField(unreadable, 'content');
      expect(unreadable.json().errors[0].message).toMatch(/^Line \d+: /);
      const csv = splitwiseCsv(
        ['A', 'B'],
        [['2024-03-01', 'Dinner', 'General', '2.00', 'EUR', '1.00', '-1.00']],
      );
      const zone = await post(alice, {
        format: 'auto',
        content: csv,
        dryRun: true,
        time_zone: 'Mars/Olympus',
      });
      expectField(zone, 'time_zone', UNKNOWN_TIME_ZONE);
    });

    it("refuses content over 10 MiB characters (400) and a body over the route's limit (413)", async () => {
      const big = await post(alice, {
        format: 'auto',
        content: 'x'.repeat(10 * 1024 * 1024 + 1),
        dryRun: true,
      });
      expectField(big, 'content');
      const huge = await post(alice, { format: 'auto', content: '"'.repeat(13 * 1024 * 1024), dryRun: true });
      expect(huge.statusCode).toBe(413);
      expect(huge.json().code).toBe('PAYLOAD_TOO_LARGE');
    });

    it('rows the rules refuse are problems with their lines, the rest is imported; a category not in use becomes other', async () => {
      const ledger = new LedgerBuilder(['Alice', 'Bob'])
        .expense('Alice', { Alice: 100, Bob: 100 }, { date: '1850-01-01' })
        .expense('Alice', { Alice: 100, Bob: 100 }, { category: 'Not a category' })
        .expense('Alice', { Alice: 100_000_000_000, Bob: 100 })
        .expense('Alice', { Alice: 100, Bob: 100 }, { date: '2999-01-01' })
        // A reader's bug (nobody paid) is that row's problem, never a 500.
        .expense('Alice', { Alice: 100, Bob: 100 }, { payers: [] });
      const { body } = await run(alice, ledger, {
        dryRun: true,
        members: { Alice: alice.email, Bob: bobEmail },
      });
      expect(body.problems).toEqual([
        { line: 2, message: 'The date cannot be before 1900' },
        { line: 4, message: 'amount must be at most 1000000000' },
        { line: 5, message: 'The date cannot be more than a year from today' },
        { line: 6, message: 'This row could not be read: At least one payer required' },
      ]);
      expect(body.expenses).toBe(1);
      const imported = await run(alice, ledger, { members: { Alice: alice.email, Bob: bobEmail } });
      const rows = await ctx.db.query('SELECT category FROM expenses WHERE group_id = $1', [
        imported.body.group_id,
      ]);
      expect(rows.rows).toEqual([{ category: 'other' }]);
    });

    it('a failure in the middle of an import leaves nothing: no group, no person, no row', async () => {
      const before = await counts(ctx.db);
      const ledger = new LedgerBuilder(['Alice', 'Newcomer'])
        .expense('Alice', { Alice: 100, Newcomer: 100 })
        .expense(
          'Alice',
          { Alice: 100, Newcomer: 100 },
          // A reader's bug (a NUL inside a comment, which PostgreSQL's text cannot hold) that only the
          // comment's insert meets, after rows are written.
          { comments: [{ author: 'Alice', text: 'a\u0000b', createdAt: '2024-03-10T10:00:00Z' }] },
        );
      await expect(
        run(alice, ledger, { members: { Alice: alice.email, Newcomer: uniqueEmail('newcomer') } }),
      ).rejects.toThrow();
      expect(await counts(ctx.db)).toEqual(before);
    });

    it("Kitty's own rows keep their split kind and leftover start, comments, and recurring rules with their occurrences, all the importer's", async () => {
      const bob = uniqueEmail('kbob');
      const ledger = new LedgerBuilder([
        { name: 'a1', email: alice.email },
        { name: 'b2', email: bob },
      ]);
      ledger.ledger.format = 'kitty-json';
      ledger.ledger.recurring.push({
        line: 2,
        key: 'rule-1',
        status: 'paused',
        schedule: {
          frequency: 'monthly',
          start_date: '2020-01-15',
          end_date: null,
          occurrences: null,
          time_zone: 'Europe/Prague',
        },
        nextDate: '2020-03-15',
        occurrencesCreated: 2,
        createdBy: 'b2',
        expense: {
          description: 'Rent',
          category: 'rent',
          currency: 'EUR',
          amount: 1001 as never,
          notes: '',
          payers: [{ member: 'a1', amount: 1001 as never }],
          splits: [
            { member: 'a1', amount: 501 as never },
            { member: 'b2', amount: 500 as never },
          ],
          splitKind: { type: 'equal', details: {}, leftoverStart: 0 },
        },
      });
      const equal = (day: string, start: number, shares: [number, number]) => ({
        date: `${day}T11:00:00.000Z`,
        description: 'Rent',
        category: 'rent',
        splitKind: { type: 'equal' as const, details: {}, leftoverStart: start },
        occurrence: { recurring: 'rule-1', date: day },
        createdBy: 'b2',
        splits: [
          { member: 'a1', amount: shares[0] as never },
          { member: 'b2', amount: shares[1] as never },
        ],
      });
      ledger.expense('a1', { a1: 501, b2: 500 }, equal('2020-01-15', 0, [501, 500])).expense(
        'a1',
        { a1: 500, b2: 501 },
        {
          ...equal('2020-02-15', 1, [500, 501]),
          comments: [{ author: 'b2', text: 'Paid late', createdAt: '2020-02-16T08:30:00.000Z' }],
        },
      );
      // Shares no rotation of an equal split can make (one person two leftover cents): kept as exact amounts.
      ledger.expense(
        'a1',
        { a1: 502, b2: 500 },
        { splitKind: { type: 'equal', details: {}, leftoverStart: 0 }, description: 'Odd' },
      );
      const { body } = await run(alice, ledger, {});
      expect(body).toMatchObject({
        expenses: 3,
        problems: [],
        recurring: [{ line: 2, description: 'Rent', status: 'paused', paused_by_import: false }],
      });
      const groupId = body.group_id as string;
      const rules = await ctx.db.query<Record<string, unknown>>(
        `SELECT id, status, next_index, next_date, occurrences_created, last_date, created_by, import_key
           FROM recurring_expenses WHERE group_id = $1`,
        [groupId],
      );
      expect(rules.rows).toEqual([
        {
          id: expect.any(String),
          status: 'paused',
          next_index: 2,
          next_date: '2020-03-15',
          occurrences_created: 2,
          last_date: '2020-02-15',
          created_by: alice.user.id,
          import_key: 'rule-1',
        },
      ]);
      const expenses = await ctx.db.query<Record<string, unknown>>(
        `SELECT e.split_type, e.leftover_start::int AS leftover_start, e.occurrence_date, e.recurring_expense_id, e.created_by,
                (SELECT json_agg(s.amount_minor ORDER BY s.position) FROM expense_splits s WHERE s.expense_id = e.id) AS shares,
                (SELECT json_agg(json_build_object('text', k.text, 'author', k.author_id, 'at', k.created_at)) FROM expense_comments k WHERE k.expense_id = e.id) AS comments
           FROM expenses e WHERE e.group_id = $1 ORDER BY e.occurrence_date NULLS LAST`,
        [groupId],
      );
      expect(expenses.rows).toEqual([
        {
          split_type: 'equal',
          leftover_start: expect.any(Number),
          occurrence_date: '2020-01-15',
          recurring_expense_id: rules.rows[0]?.id,
          created_by: alice.user.id,
          shares: [501, 500],
          comments: null,
        },
        {
          split_type: 'equal',
          leftover_start: expect.any(Number),
          occurrence_date: '2020-02-15',
          recurring_expense_id: rules.rows[0]?.id,
          created_by: alice.user.id,
          shares: [500, 501],
          comments: [
            {
              text: 'Written by b2 in the imported file: Paid late',
              author: alice.user.id,
              at: expect.stringMatching(/^2020-02-16T08:30:00/),
            },
          ],
        },
        {
          split_type: 'exact',
          leftover_start: expect.any(Number),
          occurrence_date: null,
          recurring_expense_id: null,
          created_by: alice.user.id,
          shares: [502, 500],
          comments: null,
        },
      ]);
      // Again: the rule and its occurrences are there once.
      const again = await run(alice, ledger, { group_id: groupId });
      expect(again.body).toMatchObject({ group_id: groupId, expenses: 0, already_imported: 3 });
      const count = await ctx.db.query(
        'SELECT count(*)::int AS n FROM recurring_expenses WHERE group_id = $1',
        [groupId],
      );
      expect(count.rows).toEqual([{ n: 1 }]);
    });

    it("a file that does not say its currency is taken in the one chosen, else the caller's own, and the answer says so", async () => {
      // IHateMoney writes "XXX" for a project without a currency (ihatemoney/models.py, default_currency).
      const bills = JSON.stringify([
        {
          what: 'Raclette',
          amount: 30,
          currency: 'XXX',
          date: '2024-02-10',
          payer_name: 'Alice',
          payer_weight: 1,
          owers: ['Alice', 'Bob'],
        },
      ]);
      const members = { Alice: alice.email, Bob: bobEmail };
      const own = (await findByEmail(ctx.db, alice.email))?.currency;
      const byDefault = await post(alice, { format: 'auto', content: bills, dryRun: true, members });
      expect(byDefault.statusCode, byDefault.body).toBe(200);
      expect(expectContract<ImportResult>(byDefault, 'importFile')).toMatchObject({
        format: 'ihatemoney-json',
        assumed_currency: own,
        currencies: [own],
        expenses: 1,
        problems: [],
      });
      const chosen = await post(alice, { format: 'auto', content: bills, currency: 'CHF', members });
      expect(chosen.statusCode, chosen.body).toBe(201);
      const result = expectContract<ImportResult>(chosen, 'importFile');
      expect(result).toMatchObject({ assumed_currency: 'CHF', currencies: ['CHF'], expenses: 1 });
      expect(await groupNets(alice, result.group_id as string, result)).toEqual(
        new Map([
          ['Alice CHF', 15],
          ['Bob CHF', -15],
        ]),
      );
      // A file that says its currency is never given another.
      const said = await post(alice, {
        format: 'auto',
        content: bills.replace('XXX', 'EUR'),
        currency: 'CHF',
        dryRun: true,
        members,
      });
      expect(expectContract<ImportResult>(said, 'importFile')).toMatchObject({
        assumed_currency: null,
        currencies: ['EUR'],
      });
    });

    it('two names mapped to one address are refused on the second name', async () => {
      const ledger = new LedgerBuilder(['Ann', 'Annie']).expense('Ann', { Ann: 100, Annie: 100 });
      await expect(
        run(alice, ledger, { members: { Ann: alice.email, Annie: alice.email.toUpperCase() } }),
      ).rejects.toMatchObject({ status: 400, errors: [{ field: 'members.Annie' }] });
    });

    it('an Idempotency-Key replays the answer; the same file again without it makes a new group', async () => {
      const owner = await registerUser(ctx.app, { email: uniqueEmail('leaver') });
      const csv = splitwiseCsv(
        ['Ann', 'Ben'],
        [['2024-03-01', 'Dinner', 'General', '2.00', 'EUR', '1.00', '-1.00']],
      );
      const members = { Ann: owner.email, Ben: bobEmail };
      const key = { 'idempotency-key': `import-${Date.now()}` };
      const first = await post(owner, { format: 'auto', content: csv, members }, key);
      expect(first.statusCode, first.body).toBe(201);
      const replay = await post(owner, { format: 'auto', content: csv, members }, key);
      expect(replay.statusCode).toBe(201);
      expect(replay.headers['idempotent-replayed']).toBe('true');
      expect(replay.body).toBe(first.body);
      const groupId = first.json().group_id;
      const expenses = await ctx.db.query('SELECT count(*)::int AS n FROM expenses WHERE group_id = $1', [
        groupId,
      ]);
      expect(expenses.rows).toEqual([{ n: 1 }]);
      const again = await post(owner, { format: 'auto', content: csv, members });
      expect(again.statusCode, again.body).toBe(201);
      expect(again.json()).toMatchObject({ expenses: 1, already_imported: 0 });
      expect(again.json().group_id).not.toBe(groupId);
    });

    /** A one-row dry run on an app with `limits`, as alice (`members`: the names mapped). */
    const previewOn = async (limits: Record<string, string>, members?: Record<string, string>) => {
      const app = await ctx.buildApp({ ...GENEROUS, ...limits });
      const csv = splitwiseCsv(
        ['A', 'B'],
        [['2024-03-01', 'Dinner', 'General', '2.00', 'EUR', '1.00', '-1.00']],
      );
      return () =>
        app.inject({
          method: 'POST',
          url: '/api/imports',
          headers: bearer(alice.token),
          payload: { format: 'auto', content: csv, dryRun: true, ...(members ? { members } : {}) },
        });
    };

    it('is rate-limited like every write', async () => {
      const send = await previewOn({ RATE_LIMIT_WRITES: '2/1m' });
      expect((await send()).statusCode).toBe(200);
      expect((await send()).statusCode).toBe(200);
      expectTooMany(await send(), 'importFile', 60);
    });

    it('counts as a look-up (its preview tells whether each address has an account)', async () => {
      const send = await previewOn({ RATE_LIMIT_LOOKUPS: '1/1m' }, { A: uniqueEmail('probe') });
      expect((await send()).statusCode).toBe(200);
      expectTooMany(await send(), 'importFile', 60);
    });

    it('1,500 rows import in one request (timed)', async () => {
      const names = ['Ann', 'Ben', 'Cat', 'Dan'];
      const rows: string[][] = [];
      for (let i = 0; i < 1500; i++) {
        const cents = 1000 + ((i * 37) % 9000);
        const share = Math.floor(cents / 4);
        const nets = names.map((_, k) => (k === i % 4 ? cents - share : -share));
        nets[(i + 1) % 4] = (nets[(i + 1) % 4] as number) - (cents - share * 4);
        const day = `2024-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}`;
        rows.push([
          day,
          `Row ${i}`,
          'General',
          (cents / 100).toFixed(2),
          'EUR',
          ...nets.map((n) => (n / 100).toFixed(2)),
        ]);
      }
      const csv = splitwiseCsv(names, rows);
      const members = Object.fromEntries(names.map((n) => [n, uniqueEmail(n.toLowerCase())]));
      members.Ann = alice.email;
      const started = performance.now();
      const response = await post(alice, { format: 'splitwise-csv', content: csv, members });
      const seconds = (performance.now() - started) / 1000;
      expect(response.statusCode, response.body.slice(0, 500)).toBe(201);
      expect(response.json()).toMatchObject({ expenses: 1500, problems: [] });
      console.log(`imports: 1,500 Splitwise rows on ${ctx.engine} in ${seconds.toFixed(1)} s`);
      expect(seconds).toBeLessThan(60);
    }, 120_000);

    // One import at a time per account (imports-off-loop.suite.ts): the second is refused, not run after.
    it('two identical imports at the same moment write everything once', async () => {
      const csv = splitwiseCsv(
        ['Ann', 'Ben'],
        [
          ['2024-03-01', 'Dinner', 'General', '2.00', 'EUR', '1.00', '-1.00'],
          ['2024-03-02', 'Lunch', 'General', '4.00', 'EUR', '-2.00', '2.00'],
        ],
      );
      const members = { Ann: alice.email, Ben: bobEmail };
      const before = await counts(ctx.db);
      const [one, two] = await Promise.all([
        post(alice, { format: 'auto', content: csv, members }),
        post(alice, { format: 'auto', content: csv, members }),
      ]);
      const [won, refused] = one.statusCode === 201 ? [one, two] : [two, one];
      expect([won.statusCode, refused.statusCode], `${one.body} ${two.body}`).toEqual([201, 409]);
      expect(refused.json().code).toBe('IMPORT_IN_PROGRESS');
      expect(won.json().expenses).toBe(2);
      const after = await counts(ctx.db);
      expect(after.expenses - before.expenses).toBe(2);
      expect(after.groups - before.groups).toBe(1);
    });

    // PGlite has one connection, so there the two run one after the other; PostgreSQL runs them at once.
    it('imports into one group at the same moment write each row once', async () => {
      const made = await groupOf(ctx.app, 3);
      const [owner, other, third] = made.people as [Person, Person, Person];
      const csv = splitwiseCsv(
        ['Ann', 'Ben'],
        [
          ['2024-04-01', 'Dinner', 'General', '2.00', 'EUR', '1.00', '-1.00'],
          ['2024-04-02', 'Lunch', 'General', '4.00', 'EUR', '-2.00', '2.00'],
          ['2024-04-03', 'Taxi', 'General', '6.00', 'EUR', '3.00', '-3.00'],
        ],
      );
      const body = {
        format: 'auto',
        content: csv,
        group_id: made.group.id,
        members: { Ann: owner.email, Ben: other.email },
      };
      const answers = await Promise.all([post(owner, body), post(other, body), post(third, body)]);
      for (const a of answers) expect(a.statusCode, a.body).toBe(201);
      expect(answers.map((a) => a.json().expenses).sort()).toEqual([0, 0, 3]);
      expect(answers.map((a) => a.json().already_imported).sort()).toEqual([0, 3, 3]);
      const rows = await ctx.db.query('SELECT count(*)::int AS n FROM expenses WHERE group_id = $1', [
        made.group.id,
      ]);
      expect(rows.rows).toEqual([{ n: 3 }]);
    });
  });
}
