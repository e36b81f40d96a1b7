import { decimalToMinor, detectImportFormat, importedBalances, parseImport, parseMoney } from '@kitty/domain';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectContract } from '../contract';
import type { TestContext } from '../support/context';
import { createExpense, deleteExpense, expenseBody } from '../support/expenses';
import { groupOf, type Person } from '../support/groups';
import { bearer, registerUser } from '../support/users';

// biome-ignore lint/suspicious/noExplicitAny: answers are checked against the contract
type Json = any;

/** GET /api/groups/{id}/archive as `as`, checked against the contract; answers the archive. */
export async function getArchive(
  app: FastifyInstance,
  as: { token: string },
  groupId: string,
): Promise<Json> {
  const response = await app.inject({
    method: 'GET',
    url: `/api/groups/${groupId}/archive`,
    headers: bearer(as.token),
  });
  expect(response.statusCode, response.body).toBe(200);
  return expectContract(response, 'getGroupArchive');
}

/** "member currency" -> minor units, every nonzero net GET /financial/balances/group/{id} shows. */
export async function shownNets(
  app: FastifyInstance,
  as: { token: string },
  groupId: string,
  key: (user: { id: string; display_name: string }) => string = (u) => u.id,
): Promise<Record<string, number>> {
  const response = await app.inject({
    method: 'GET',
    url: `/api/financial/balances/group/${groupId}`,
    headers: bearer(as.token),
  });
  expect(response.statusCode, response.body).toBe(200);
  const body = expectContract(response, 'getGroupBalances');
  const nets: Record<string, number> = {};
  for (const b of body.balances) {
    for (const row of b.currency_breakdown) {
      const net = decimalToMinor(row.net, row.currency);
      if (net === null) throw new Error(`not an amount: ${row.net}`);
      if (net !== 0) nets[`${key(b.user)} ${row.currency}`] = net;
    }
  }
  return nets;
}

/** The archive's own `balances`, as shownNets writes them. */
export function archiveNets(archive: Json): Record<string, number> {
  const nets: Record<string, number> = {};
  for (const b of archive.balances) {
    const parsed = parseMoney(b.amount, b.currency);
    if (!parsed.ok) throw new Error(parsed.error);
    nets[`${b.member} ${b.currency}`] = parsed.value;
  }
  return nets;
}

const today = () => new Date().toISOString().slice(0, 10);

/**
 * GET /groups/{id}/archive, Kitty's own JSON export (docs/export-format.md): everything a group holds, for its
 * current members only, in exact decimal strings, with the balances the group shows; and the domain's
 * kitty-json reader reads it back to the same balances.
 */
export function archiveSuite(ctx: TestContext): void {
  describe('groups: GET /api/groups/{id}/archive', () => {
    let people: Person[];
    let groupId: string;
    let archive: Json;
    const ids = {} as Record<
      | 'payers'
      | 'percentage'
      | 'shares'
      | 'exact'
      | 'adjustment'
      | 'deleted'
      | 'own'
      | 'settlement'
      | 'settlementJpy'
      | 'rule'
      | 'occurrence',
      string
    >;
    let outsider: Person;
    let leaver: Person;

    beforeAll(async () => {
      const made = await groupOf(ctx.app, 4, { currency: 'EUR' });
      people = made.people;
      groupId = made.group.id;
      const [a, b, c, d] = people as [Person, Person, Person, Person];
      leaver = d;
      outsider = await registerUser(ctx.app);
      const base = (payer: Person, others: Person[], overrides: Record<string, unknown>) =>
        expenseBody(
          payer.user.id,
          others.map((p) => p.user.id),
          { group_id: groupId, ...overrides },
        );
      // An invited person who has no account yet.
      const invited = await ctx.app.inject({
        method: 'POST',
        url: `/api/groups/${groupId}/members`,
        headers: bearer(a.token),
        payload: { email: `invited-${crypto.randomUUID().slice(0, 8)}@example.com`, display_name: 'Ivo' },
      });
      expect(invited.statusCode, invited.body).toBe(200);

      // Several payers, equal split of 100.00 three ways (a leftover cent).
      ids.payers = (
        await createExpense(
          ctx.app,
          a,
          base(a, [b, c], {
            description: 'Cabin',
            amount: 100,
            payers: [
              { user_id: a.user.id, amount: 60 },
              { user_id: b.user.id, amount: 40 },
            ],
            notes: 'Two nights',
          }),
        )
      ).id;
      ids.percentage = (
        await createExpense(
          ctx.app,
          b,
          base(b, [a, c], {
            description: 'Groceries',
            amount: 45.1,
            split_type: 'percentage',
            split_details: {
              percentages: { [a.user.id]: 33.33, [b.user.id]: 33.33, [c.user.id]: 33.34 },
            },
          }),
        )
      ).id;
      ids.shares = (
        await createExpense(
          ctx.app,
          c,
          base(c, [a], {
            description: 'Fuel',
            amount: 1000,
            currency: 'CZK',
            split_type: 'shares',
            split_details: { shares: { [c.user.id]: 2, [a.user.id]: 1 } },
          }),
        )
      ).id;
      ids.exact = (
        await createExpense(
          ctx.app,
          a,
          base(a, [b], {
            description: 'Tickets',
            amount: 3000,
            currency: 'JPY',
            split_type: 'exact',
            split_details: { amounts: { [a.user.id]: 1000, [b.user.id]: 2000 } },
          }),
        )
      ).id;
      ids.adjustment = (
        await createExpense(
          ctx.app,
          b,
          base(b, [a, c], {
            description: 'Dinner',
            amount: 90,
            split_type: 'adjustment',
            split_details: { adjustments: { [a.user.id]: 10, [b.user.id]: -5, [c.user.id]: 0 } },
          }),
        )
      ).id;
      ids.deleted = (await createExpense(ctx.app, a, base(a, [b], { description: 'Mistake' }))).id;
      expect((await deleteExpense(ctx.app, a, ids.deleted)).statusCode).toBe(200);
      // d paid for themselves only (their balance stays zero), then left: a former member.
      ids.own = (await createExpense(ctx.app, d, base(d, [], { description: 'Own snack', amount: 4.5 }))).id;
      const left = await ctx.app.inject({
        method: 'POST',
        url: `/api/groups/${groupId}/leave`,
        headers: bearer(d.token),
      });
      expect(left.statusCode, left.body).toBe(200);

      const comment = async (as: Person, expenseId: string, text: string) => {
        const response = await ctx.app.inject({
          method: 'POST',
          url: `/api/expenses/${expenseId}/comments`,
          headers: bearer(as.token),
          payload: { text },
        });
        expect(response.statusCode, response.body).toBe(201);
        return response.json().id as string;
      };
      await comment(b, ids.payers, 'Paid the deposit');
      await comment(c, ids.payers, 'Thanks!');
      const gone = await comment(a, ids.payers, 'Wrong expense');
      const removed = await ctx.app.inject({
        method: 'DELETE',
        url: `/api/expenses/${ids.payers}/comments/${gone}`,
        headers: bearer(a.token),
      });
      expect(removed.statusCode, removed.body).toBe(200);

      const settle = async (from: Person, to: Person, amount: number, currency: string) => {
        const response = await ctx.app.inject({
          method: 'POST',
          url: '/api/financial/settlements',
          headers: bearer(from.token),
          payload: {
            from_user_id: from.user.id,
            to_user_id: to.user.id,
            amount,
            currency,
            group_id: groupId,
            description: 'Bank transfer',
          },
        });
        expect(response.statusCode, response.body).toBe(201);
        return response.json().id as string;
      };
      ids.settlement = await settle(c, a, 12.34, 'EUR');
      ids.settlementJpy = await settle(b, a, 500, 'JPY');

      const rule = await ctx.app.inject({
        method: 'POST',
        url: `/api/groups/${groupId}/recurring-expenses`,
        headers: bearer(a.token),
        payload: {
          expense: base(a, [b, c], { description: 'Rent', amount: 100, category: 'rent' }),
          schedule: { frequency: 'monthly', start_date: today(), time_zone: 'UTC' },
        },
      });
      expect(rule.statusCode, rule.body).toBe(201);
      ids.rule = rule.json().recurring_expense.id;
      ids.occurrence = rule.json().expenses[0].id;

      archive = await getArchive(ctx.app, b, groupId);
    });

    const expense = (id: string) => archive.expenses.find((e: Json) => e.id === id);

    it('is a version-1 kitty-group archive of the group', () => {
      expect(archive).toMatchObject({
        format: 'kitty-group',
        version: 1,
        group: { id: groupId, currency: 'EUR', default_split_type: 'equal' },
      });
      expect(Date.parse(archive.exported_at)).not.toBeNaN();
    });

    it('has the balances GET /financial/balances/group shows, to the cent, and they sum to zero per currency', async () => {
      const nets = archiveNets(archive);
      expect(nets).toEqual(await shownNets(ctx.app, people[0]!, groupId));
      expect(Object.keys(nets).length).toBeGreaterThan(3);
      const sums: Record<string, number> = {};
      for (const b of archive.balances)
        sums[b.currency] = (sums[b.currency] ?? 0) + nets[`${b.member} ${b.currency}`]!;
      expect(Object.values(sums).every((s) => s === 0)).toBe(true);
    });

    it('names every member, the former member and the invited person, each with e-mail and whether registered', () => {
      const byId = new Map(archive.members.map((m: Json) => [m.id, m]));
      for (const p of people) expect(byId.get(p.user.id)).toMatchObject({ email: p.email, registered: true });
      expect(byId.get(people[0]!.user.id)).toMatchObject({ creator: true });
      expect(byId.get(leaver.user.id)).toMatchObject({ creator: false, email: leaver.email });
      expect(archive.members.find((m: Json) => m.name === 'Ivo')).toMatchObject({ registered: false });
      expect(archive.members).toHaveLength(5);
    });

    it('leaves deleted expenses out and keeps every live one, occurrences included', () => {
      expect(expense(ids.deleted)).toBeUndefined();
      expect(archive.expenses.map((e: Json) => e.id).sort()).toEqual(
        [ids.payers, ids.percentage, ids.shares, ids.exact, ids.adjustment, ids.own, ids.occurrence].sort(),
      );
    });

    it('writes several payers and an equal split with its leftover cent as exact decimal strings', () => {
      const [a, b, c] = people as [Person, Person, Person];
      const e = expense(ids.payers);
      expect(e).toMatchObject({
        amount: '100.00',
        currency: 'EUR',
        split_type: 'equal',
        notes: 'Two nights',
      });
      expect(e.payers).toEqual([
        { member: a.user.id, amount: '60.00' },
        { member: b.user.id, amount: '40.00' },
      ]);
      expect(e.splits.map((s: Json) => s.amount).sort()).toEqual(['33.33', '33.33', '33.34']);
      expect(e.splits.map((s: Json) => s.member).sort()).toEqual([a.user.id, b.user.id, c.user.id].sort());
      expect(
        e.splits.every((s: Json) => s.percentage === null && s.shares === null && s.adjustment === null),
      ).toBe(true);
    });

    it('keeps each split type with what it was made of: percentages, shares, exact amounts, adjustments', () => {
      const [a, b, c] = people as [Person, Person, Person];
      const of = (id: string, member: Person) =>
        expense(id).splits.find((s: Json) => s.member === member.user.id);
      expect(of(ids.percentage, c)).toMatchObject({ percentage: '33.34', shares: null, adjustment: null });
      expect(of(ids.percentage, a).percentage).toBe('33.33');
      expect(expense(ids.percentage).amount).toBe('45.10');
      expect(of(ids.shares, c)).toMatchObject({ shares: 2, percentage: null, adjustment: null });
      expect(of(ids.shares, a)).toMatchObject({ shares: 1 });
      expect([of(ids.shares, c).amount, of(ids.shares, a).amount]).toContain('666.67');
      expect(expense(ids.exact)).toMatchObject({ amount: '3000', currency: 'JPY', split_type: 'exact' });
      expect(of(ids.exact, b).amount).toBe('2000');
      expect(of(ids.adjustment, a)).toMatchObject({ adjustment: '10.00' });
      expect(of(ids.adjustment, b)).toMatchObject({ adjustment: '-5.00' });
      expect(of(ids.adjustment, c)).toMatchObject({ adjustment: '0.00' });
      // 85.00 equally (28.33 or 28.34 each), then each adjustment.
      expect(['38.33', '38.34']).toContain(of(ids.adjustment, a).amount);
      expect(['23.33', '23.34']).toContain(of(ids.adjustment, b).amount);
      for (const e of archive.expenses) {
        const sum = (parts: Json[]) =>
          parts.reduce(
            (t: number, p: Json) => t + (parseMoney(p.amount, e.currency) as { value: number }).value,
            0,
          );
        const total = (parseMoney(e.amount, e.currency) as { value: number }).value;
        expect([sum(e.payers), sum(e.splits)]).toEqual([total, total]);
      }
      for (const e of archive.expenses) expect(Number.isInteger(e.leftover_start)).toBe(true);
    });

    it('carries the comments in the order written, without the deleted one', () => {
      const [, b, c] = people as [Person, Person, Person];
      expect(expense(ids.payers).comments.map((k: Json) => [k.author, k.text])).toEqual([
        [b.user.id, 'Paid the deposit'],
        [c.user.id, 'Thanks!'],
      ]);
    });

    it('carries the settlements in every currency', () => {
      const [a, b, c] = people as [Person, Person, Person];
      expect(archive.settlements).toHaveLength(2);
      expect(archive.settlements.find((s: Json) => s.id === ids.settlement)).toMatchObject({
        from: c.user.id,
        to: a.user.id,
        amount: '12.34',
        currency: 'EUR',
        description: 'Bank transfer',
        created_by: c.user.id,
      });
      expect(archive.settlements.find((s: Json) => s.id === ids.settlementJpy)).toMatchObject({
        from: b.user.id,
        amount: '500',
        currency: 'JPY',
      });
    });

    it('carries the recurring expense with its schedule and template, and ties its occurrence to it', () => {
      const [a, b, c] = people as [Person, Person, Person];
      const [rule] = archive.recurring_expenses;
      expect(archive.recurring_expenses).toHaveLength(1);
      expect(rule).toMatchObject({
        id: ids.rule,
        status: 'active',
        schedule: {
          frequency: 'monthly',
          start_date: today(),
          end_date: null,
          occurrences: null,
          time_zone: 'UTC',
        },
        occurrences_created: 1,
        created_by: a.user.id,
        expense: {
          description: 'Rent',
          category: 'rent',
          currency: 'EUR',
          amount: '100.00',
          split_type: 'equal',
        },
      });
      expect(rule.next_date > today()).toBe(true);
      expect(rule.expense.payers).toEqual([{ member: a.user.id, amount: '100.00' }]);
      expect(rule.expense.splits.map((s: Json) => s.member).sort()).toEqual(
        [a.user.id, b.user.id, c.user.id].sort(),
      );
      expect(expense(ids.occurrence)).toMatchObject({
        recurring_expense_id: ids.rule,
        occurrence_date: today(),
      });
      expect(expense(ids.payers)).toMatchObject({ recurring_expense_id: null, occurrence_date: null });
    });

    it('any current member may export it; a stranger, a former member and an unknown group get 404', async () => {
      for (const p of people.slice(0, 3))
        expect((await getArchive(ctx.app, p, groupId)).group.id).toBe(groupId);
      for (const [as, id] of [
        [outsider, groupId],
        [leaver, groupId],
        [people[0]!, crypto.randomUUID()],
        [people[0]!, 'not-an-id'],
      ] as const) {
        const response = await ctx.app.inject({
          method: 'GET',
          url: `/api/groups/${id}/archive`,
          headers: bearer(as.token),
        });
        expect(response.statusCode, response.body).toBe(404);
        expect(expectContract(response, 'getGroupArchive')).toMatchObject({ code: 'NOT_FOUND' });
      }
      const anonymous = await ctx.app.inject({ method: 'GET', url: `/api/groups/${groupId}/archive` });
      expect(anonymous.statusCode).toBe(401);
    });

    it("reads back through the domain's kitty-json reader: every row, no problem, the same balances", () => {
      const text = JSON.stringify(archive, null, 2);
      const read = parseImport('auto', text);
      if (!read.ok) throw new Error(read.error.message);
      const { ledger } = read;
      expect(ledger.format).toBe('kitty-json');
      expect(ledger.problems).toEqual([]);
      expect(ledger.expenses).toHaveLength(archive.expenses.length);
      expect(ledger.settlements).toHaveLength(2);
      expect(ledger.recurring).toHaveLength(1);
      expect(ledger.members.map((m) => m.email)).toEqual(archive.members.map((m: Json) => m.email));
      const byName = (balances: { member: string; currency: string; amount: number }[]) =>
        Object.fromEntries(balances.map((b) => [`${b.member} ${b.currency}`, b.amount]));
      expect(byName(importedBalances(ledger))).toEqual(byName(ledger.sourceBalances ?? []));
      const nameOf = new Map(archive.members.map((m: Json, i: number) => [m.id, ledger.members[i]!.name]));
      expect(byName(ledger.sourceBalances ?? [])).toEqual(
        Object.fromEntries(
          Object.entries(archiveNets(archive)).map(([key, v]) => {
            const [id, currency] = key.split(' ');
            return [`${nameOf.get(id)} ${currency}`, v];
          }),
        ),
      );
      expect(detectImportFormat(text)).toBe('kitty-json');
    });
  });
}
