import type { ImportFormat } from '@kitty/domain';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db';
import { importFile, UNKNOWN_TIME_ZONE } from '../../src/imports/service';
import { findByEmail } from '../../src/users/repo';
import { expectContract } from '../contract';
import type { TestContext } from '../support/context';
import { createGroup, groupOf, type Person } from '../support/groups';
import { LedgerBuilder } from '../support/imports';
import { bearer, registerUser, uniqueEmail } from '../support/users';
import { expectTooMany, GENEROUS } from './abuse-limits.suite';

type ImportResult = {
  dry_run: boolean;
  group_id: string | null;
  group_name: string | null;
  rows: number;
  expenses: number;
  settlements: number;
  already_imported: number;
  date_from: string | null;
  date_to: string | null;
  currencies: string[];
  members: { name: string; email: string | null; status: string; user_id: string | null; rows: number }[];
  problems: { line: number; message: string }[];
  balances: { member: string; currency: string; source: number | null; imported: number }[];
};

const counts = async (db: Db) =>
  (
    await db.query<{ expenses: number; users: number; groups: number; settlements: number; imports: number }>(
      `SELECT (SELECT count(*) FROM expenses)::int AS expenses, (SELECT count(*) FROM users)::int AS users,
              (SELECT count(*) FROM groups)::int AS groups, (SELECT count(*) FROM settlements)::int AS settlements,
              (SELECT count(*) FROM imports)::int AS imports`,
    )
  ).rows[0];

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
        ...body,
      },
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
    return response.json();
  };
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
        { name: 'Bob', email: bobEmail, status: 'account', user_id: expect.any(String), rows: 3 },
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

    it('imports into a new group: members added or invited, balances as the preview said, then a re-import writes nothing', async () => {
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
      const balances = await balancesOf(alice, groupId);
      const ids = new Map(body.members.map((m) => [m.user_id, m.name]));
      const seen = JSON.stringify(balances);
      for (const b of preview.body.balances) expect(seen).toContain(String(b.imported));
      expect(ids.size).toBe(3);
      const expensesBefore = await counts(ctx.db);
      // The same file again: the same group, nothing written twice.
      const again = await run(alice, trip(), { members });
      expect(again.body).toMatchObject({
        group_id: groupId,
        expenses: 0,
        settlements: 0,
        already_imported: 3,
      });
      expect(await counts(ctx.db)).toEqual(expensesBefore);
    });
  });
}
