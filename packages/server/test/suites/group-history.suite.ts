import { applyChanges, type ExpenseSnapshot, principalPayer, toDecimal } from '@kitty/domain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../src/db';
import { allGroupEvents, PAGE_STATEMENTS } from '../../src/history/repo';
import { expectContract } from '../contract';
import type { TestContext } from '../support/context';
import { groupWith, ok, type Person, people, request } from './financial-support';

// biome-ignore lint/suspicious/noExplicitAny: contract-checked JSON
type Json = any;

/** An equal-split expense body: `paid` is who paid what in cents (one or two people). */
function expenseBody(
  groupId: string,
  paid: [Person, number][],
  shares: Person[],
  description = 'Dinner',
  currency = 'EUR',
) {
  const cents = paid.reduce((sum, [, c]) => sum + c, 0);
  const payments = Object.fromEntries(paid.map(([p, c]) => [p.user.id, c]));
  const paidBy = principalPayer(payments);
  const participants = shares.map((p) => p.user.id);
  return {
    description,
    amount: toDecimal(cents, currency),
    currency,
    category: 'dining',
    group_id: groupId,
    split_type: 'equal',
    paid_by: paidBy,
    ...(paid.length > 1
      ? { payers: paid.map(([p, c]) => ({ user_id: p.user.id, amount: toDecimal(c, currency) })) }
      : {}),
    participants,
    split_with: participants.filter((id) => id !== paidBy),
    split_details: {},
  };
}

/** The live expenses of a group, read straight from their tables (not through the history's code). */
async function liveExpenses(db: Db, groupId: string): Promise<Map<string, ExpenseSnapshot>> {
  const { rows } = await db.query<Json>(
    `SELECT e.id, e.description, e.amount_minor, e.currency, e.category, e.date, e.notes, e.split_type,
            (SELECT json_agg(json_build_array(p.user_id, p.amount_minor)) FROM expense_payers p WHERE p.expense_id = e.id) AS payers,
            (SELECT json_agg(json_build_array(s.user_id, s.amount_minor)) FROM expense_splits s WHERE s.expense_id = e.id) AS shares
       FROM expenses e WHERE e.group_id = $1 AND e.deleted_at IS NULL`,
    [groupId],
  );
  const pairs = (list: [string, number][]) => Object.fromEntries(list.map(([id, m]) => [id, Number(m)]));
  return new Map(
    rows.map((r: Json) => [
      r.id,
      {
        description: r.description,
        amount_minor: Number(r.amount_minor),
        currency: r.currency,
        category: r.category,
        date: new Date(r.date).toISOString(),
        notes: r.notes,
        split_type: r.split_type,
        payers: pairs(r.payers),
        shares: pairs(r.shares),
      },
    ]),
  );
}

/** The group as its history tells it: replays every event, oldest first. */
async function replay(db: Db, groupId: string) {
  const expenses = new Map<string, ExpenseSnapshot>();
  const members = new Set<string>();
  const settlements = new Map<string, Json>();
  let settings: Record<string, unknown> = {};
  for (const event of await allGroupEvents(db, groupId)) {
    const d = event.details as Json;
    switch (event.kind) {
      case 'group_created': {
        const { members: _ids, ...rest } = d;
        settings = rest;
        break;
      }
      case 'expense_created':
        expenses.set(event.expense_id as string, d.expense);
        break;
      case 'expense_edited': {
        const before = expenses.get(event.expense_id as string) as ExpenseSnapshot;
        for (const [field, [old]] of Object.entries(d.changes as Record<string, [unknown, unknown]>)) {
          expect((before as Json)[field], `${field} before the edit`).toEqual(old);
        }
        expenses.set(event.expense_id as string, applyChanges(before, d.changes));
        break;
      }
      case 'expense_deleted':
        expect(expenses.get(event.expense_id as string)).toEqual(d.expense);
        expenses.delete(event.expense_id as string);
        break;
      case 'settlement_recorded':
        settlements.set(event.settlement_id as string, d);
        break;
      case 'member_joined':
        members.add(event.user_id as string);
        break;
      case 'member_left':
      case 'member_removed':
        members.delete(event.user_id as string);
        break;
      case 'settings_changed':
        settings = applyChanges(settings, d.changes);
        break;
    }
  }
  return { expenses, members, settlements, settings };
}

/** The history replayed equals the group's data: live expenses, members, settlements and settings. */
async function expectHistoryMatchesData(db: Db, groupId: string): Promise<void> {
  const told = await replay(db, groupId);
  expect(told.expenses).toEqual(await liveExpenses(db, groupId));
  const { rows: members } = await db.query<{ user_id: string }>(
    'SELECT user_id FROM group_members WHERE group_id = $1',
    [groupId],
  );
  expect([...told.members].sort()).toEqual(members.map((m) => m.user_id).sort());
  const { rows: settlements } = await db.query<Json>(
    'SELECT id, from_user_id, to_user_id, amount_minor, currency FROM settlements WHERE group_id = $1',
    [groupId],
  );
  expect(
    new Map(
      [...told.settlements].map(([id, s]) => [
        id,
        [s.from_user_id, s.to_user_id, s.amount_minor, s.currency],
      ]),
    ),
  ).toEqual(
    new Map(
      settlements.map((s: Json) => [
        s.id,
        [s.from_user_id, s.to_user_id, Number(s.amount_minor), s.currency],
      ]),
    ),
  );
  const { rows: groups } = await db.query<Json>(
    'SELECT name, description, currency, default_split_type, default_split_config FROM groups WHERE id = $1',
    [groupId],
  );
  expect(told.settings).toEqual(groups[0]);
}

export function groupHistorySuite(ctx: TestContext): void {
  const history = async (as: Person, groupId: string, query = ''): Promise<Json> =>
    ok(ctx.app, as, 'getGroupHistory', 'GET', `/api/groups/${groupId}/history${query}`);

  const settingsBody = (group: Json, changes: Record<string, unknown>) => ({
    currency: group.currency,
    default_split_type: group.default_split_type,
    version: group.version,
    members: group.Members.map((m: Json) => ({ id: m.id, email: m.email })),
    ...changes,
  });

  describe('group history (GET /groups/{id}/history)', () => {
    it('records every kind with who, when and what: a deleted expense stays readable, an edit shows before -> after', async () => {
      const [ana, ben, cyd, dan] = (await people(ctx.app, 'Ana', 'Ben', 'Cyd', 'Dan')) as [
        Person,
        Person,
        Person,
        Person,
      ];
      const groupId = await groupWith(ctx.app, [ana, ben, cyd]);
      const created: Json = await ok(
        ctx.app,
        ana,
        'createExpense',
        'POST',
        '/api/expenses',
        expenseBody(
          groupId,
          [
            [ana, 6000],
            [ben, 3000],
          ],
          [ana, ben, cyd],
        ),
      );
      const edit = await request(ctx.app, ben, 'PUT', `/api/expenses/${created.id}`, {
        ...expenseBody(
          groupId,
          [
            [ana, 6500],
            [ben, 3000],
          ],
          [ana, ben, cyd],
          'Supper',
        ),
        version: created.version,
      });
      expect(edit.statusCode, edit.body).toBe(200);
      const gone = await request(ctx.app, ana, 'DELETE', `/api/expenses/${created.id}`);
      expect(gone.statusCode, gone.body).toBe(200);
      const paid = await request(ctx.app, cyd, 'POST', '/api/financial/settlements', {
        group_id: groupId,
        from_user_id: cyd.user.id,
        to_user_id: ana.user.id,
        amount: 12.5,
        currency: 'EUR',
      });
      expect(paid.statusCode, paid.body).toBe(201);
      const group: Json = await ok(ctx.app, ana, 'getGroup', 'GET', `/api/groups/${groupId}`);
      const saved = await request(
        ctx.app,
        ana,
        'PUT',
        `/api/groups/${groupId}/settings`,
        settingsBody(group, { currency: 'USD' }),
      );
      expect(saved.statusCode, saved.body).toBe(200);
      const added = await request(ctx.app, ben, 'POST', `/api/groups/${groupId}/members`, {
        email: dan.email,
      });
      expect(added.statusCode, added.body).toBe(200);
      const left = await request(ctx.app, dan, 'POST', `/api/groups/${groupId}/leave`);
      expect(left.statusCode, left.body).toBe(200);

      const page = await history(ana, groupId, '?limit=100');
      const kinds = page.events.map((e: Json) => e.kind).reverse();
      expect(kinds).toEqual([
        'group_created',
        'member_joined',
        'member_joined',
        'member_joined',
        'expense_created',
        'expense_edited',
        'expense_deleted',
        'settlement_recorded',
        'settings_changed',
        'member_joined',
        'member_left',
      ]);
      const byKind = (kind: string) => page.events.find((e: Json) => e.kind === kind);
      expect(byKind('expense_created').actor).toEqual({ id: ana.user.id, display_name: 'Ana' });
      expect(byKind('expense_created').details.expense).toMatchObject({
        description: 'Dinner',
        amount_minor: 9000,
        currency: 'EUR',
        payers: { [ana.user.id]: 6000, [ben.user.id]: 3000 },
        shares: { [ana.user.id]: 3000, [ben.user.id]: 3000, [cyd.user.id]: 3000 },
      });
      const edited = byKind('expense_edited');
      expect(edited.actor.display_name).toBe('Ben');
      expect(edited.details.description).toBe('Supper');
      expect(edited.details.changes.amount_minor).toEqual([9000, 9500]);
      expect(edited.details.changes.description).toEqual(['Dinner', 'Supper']);
      expect(edited.details.changes.payers).toEqual([
        { [ana.user.id]: 6000, [ben.user.id]: 3000 },
        { [ana.user.id]: 6500, [ben.user.id]: 3000 },
      ]);
      expect(Object.keys(edited.details.changes).sort()).toEqual([
        'amount_minor',
        'description',
        'payers',
        'shares',
      ]);
      // The deleted expense stays readable in its event, as it was.
      expect(byKind('expense_deleted').details.expense).toMatchObject({
        description: 'Supper',
        amount_minor: 9500,
      });
      expect(byKind('settlement_recorded').details).toMatchObject({
        from_user_id: cyd.user.id,
        to_user_id: ana.user.id,
        amount_minor: 1250,
        currency: 'EUR',
      });
      expect(byKind('settings_changed').details.changes).toEqual({ currency: ['EUR', 'USD'] });
      expect(page.events[1]).toMatchObject({
        kind: 'member_joined',
        actor: { display_name: 'Ben' },
        user: { id: dan.user.id },
      });
      expect(page.events[0]).toMatchObject({
        kind: 'member_left',
        actor: { id: dan.user.id },
        user: { id: dan.user.id },
      });
      for (const e of page.events) expect(Date.parse(e.at)).not.toBeNaN();
      await expectHistoryMatchesData(ctx.db, groupId);
    });

    it('pages newest first and filters by person and by kind; strangers and former members get 404', async () => {
      const [ana, ben, eve] = (await people(ctx.app, 'Ana', 'Ben', 'Eve')) as [Person, Person, Person];
      const groupId = await groupWith(ctx.app, [ana, ben]);
      for (let i = 1; i <= 5; i++) {
        const payer = i % 2 === 0 ? ben : ana;
        await ok(
          ctx.app,
          payer,
          'createExpense',
          'POST',
          '/api/expenses',
          expenseBody(groupId, [[payer, 100 * i]], [ana, ben], `E${i}`),
        );
      }
      const all = await history(ana, groupId, '?limit=100');
      const first = await history(ana, groupId, '?limit=4');
      expect(first.events).toHaveLength(4);
      expect(first.nextCursor).not.toBeNull();
      const second = await history(ana, groupId, `?limit=4&cursor=${first.nextCursor}`);
      expect([...first.events, ...second.events]).toEqual(all.events);
      expect(second.nextCursor).toBeNull();

      const bens = await history(ana, groupId, `?person=${ben.user.id}`);
      // Ben's two expenses and his joining (done by Ana, about him).
      expect(bens.events.map((e: Json) => e.details.expense?.description ?? e.kind)).toEqual([
        'E4',
        'E2',
        'member_joined',
      ]);
      const created = await history(ana, groupId, '?kind=expense_created&limit=2');
      expect(created.events.map((e: Json) => e.details.expense.description)).toEqual(['E5', 'E4']);
      const rest = await history(ana, groupId, `?kind=expense_created&limit=2&cursor=${created.nextCursor}`);
      expect(rest.events.map((e: Json) => e.details.expense.description)).toEqual(['E3', 'E2']);
      const both = await history(ana, groupId, `?kind=expense_created&person=${ana.user.id}`);
      expect(both.events.map((e: Json) => e.details.expense.description)).toEqual(['E5', 'E3', 'E1']);

      expect((await history(ana, groupId, '?person=nobody')).events).toEqual([]);
      const bad = await request(ctx.app, ana, 'GET', `/api/groups/${groupId}/history?kind=nonsense`);
      expect(bad.statusCode).toBe(400);
      const stranger = await request(ctx.app, eve, 'GET', `/api/groups/${groupId}/history`);
      expect(stranger.statusCode).toBe(404);
      expectContract(stranger, 'getGroupHistory');
      const group: Json = await ok(ctx.app, ana, 'getGroup', 'GET', `/api/groups/${groupId}`);
      // Ben settles up first so he may leave, then can no longer read the history.
      const debts: Json = await ok(
        ctx.app,
        ben,
        'listGroupDebts',
        'GET',
        `/api/financial/group/${groupId}/debts`,
      );
      for (const debt of debts.debts) {
        const paid = await request(ctx.app, ben, 'POST', `/api/financial/debts/${debt.id}/settle`);
        expect(paid.statusCode, paid.body).toBe(201);
      }
      expect(group.Members).toHaveLength(2);
      const leave = await request(ctx.app, ben, 'POST', `/api/groups/${groupId}/leave`);
      expect(leave.statusCode, leave.body).toBe(200);
      const former = await request(ctx.app, ben, 'GET', `/api/groups/${groupId}/history`);
      expect(former.statusCode).toBe(404);
      const unauthenticated = await ctx.app.inject({ method: 'GET', url: `/api/groups/${groupId}/history` });
      expect(unauthenticated.statusCode).toBe(401);
      await expectHistoryMatchesData(ctx.db, groupId);
    });

    it('each page statement probes indexes in its generic plan', async () => {
      await ctx.db.transaction(async (tx) => {
        await tx.query('SET LOCAL plan_cache_mode = force_generic_plan');
        for (const [name, sql] of Object.entries(PAGE_STATEMENTS)) {
          await tx.query(`PREPARE history_${name} AS ${sql}`);
          const args =
            name === 'group' ? '' : name === 'kind' ? ", 'expense_created'" : ', NULL, gen_random_uuid()';
          const { rows } = await tx.query<{ 'QUERY PLAN': string }>(
            `EXPLAIN EXECUTE history_${name}(gen_random_uuid(), NULL, 21${args})`,
          );
          const plan = rows.map((r) => r['QUERY PLAN']).join('\n');
          expect(plan, plan).not.toMatch(/Seq Scan on group_events/);
          expect(plan, plan).toMatch(/(Index (Only )?Scan using|Bitmap Index Scan on) group_events_\w+_idx/);
          await tx.query(`DEALLOCATE history_${name}`);
        }
      });
    });

    type Op =
      | { op: 'create'; actor: number; payers: number[]; cents: number; mask: number }
      | {
          op: 'edit';
          actor: number;
          k: number;
          payers: number[];
          cents: number;
          mask: number;
          rename: boolean;
        }
      | { op: 'delete'; actor: number; k: number }
      | { op: 'settle'; from: number; to: number; cents: number }
      | { op: 'settings'; currency: 'EUR' | 'USD'; split: 'equal' | 'shares' }
      | { op: 'join'; actor: number; person: number }
      | { op: 'leave'; person: number };
    const person = fc.integer({ min: 0, max: 3 });
    const payers = fc.uniqueArray(fc.integer({ min: 0, max: 3 }), { minLength: 1, maxLength: 2 });
    const cents = fc.integer({ min: 2, max: 50_000 });
    const mask = fc.integer({ min: 1, max: 15 });
    const operation: fc.Arbitrary<Op> = fc.oneof(
      {
        weight: 4,
        arbitrary: fc.record({ op: fc.constant('create' as const), actor: person, payers, cents, mask }),
      },
      {
        weight: 3,
        arbitrary: fc.record({
          op: fc.constant('edit' as const),
          actor: person,
          k: fc.nat(9),
          payers,
          cents,
          mask,
          rename: fc.boolean(),
        }),
      },
      {
        weight: 2,
        arbitrary: fc.record({ op: fc.constant('delete' as const), actor: person, k: fc.nat(9) }),
      },
      {
        weight: 2,
        arbitrary: fc.record({ op: fc.constant('settle' as const), from: person, to: person, cents }),
      },
      {
        weight: 1,
        arbitrary: fc.record({
          op: fc.constant('settings' as const),
          currency: fc.constantFrom('EUR' as const, 'USD' as const),
          split: fc.constantFrom('equal' as const, 'shares' as const),
        }),
      },
      { weight: 1, arbitrary: fc.record({ op: fc.constant('join' as const), actor: person, person }) },
      { weight: 1, arbitrary: fc.record({ op: fc.constant('leave' as const), person }) },
    );

    it('after any random sequence of changes, replaying the history gives exactly the data (expenses with payers and shares, members, payments, settings)', async () => {
      const crew = (await people(ctx.app, 'Ana', 'Ben', 'Cyd', 'Dan')) as Person[];
      await fc.assert(
        fc.asyncProperty(fc.array(operation, { minLength: 1, maxLength: 12 }), async (ops) => {
          const groupId = await groupWith(ctx.app, crew.slice(0, 3));
          const expenses: Json[] = [];
          for (const op of ops) await apply(groupId, op, expenses);
          await expectHistoryMatchesData(ctx.db, groupId);
        }),
        { numRuns: ctx.engine === 'pglite' ? 15 : 15, seed: 20_261_126 },
      );

      /** Carries out one operation through the API; a refusal (not a member, a balance) changes nothing. */
      async function apply(groupId: string, op: Op, expenses: Json[]): Promise<void> {
        const at = (i: number) => crew[i] as Person;
        const shares = (m: number) => crew.filter((_, i) => (m & (1 << i)) !== 0);
        const split = (c: number, who: number[]): [Person, number][] =>
          who.length === 1
            ? [[at(who[0] as number), c]]
            : [
                [at(who[0] as number), c - Math.floor(c / 3)],
                [at(who[1] as number), Math.floor(c / 3)],
              ];
        switch (op.op) {
          case 'create': {
            const r = await request(
              ctx.app,
              at(op.actor),
              'POST',
              '/api/expenses',
              expenseBody(groupId, split(op.cents, op.payers), shares(op.mask)),
            );
            if (r.statusCode === 201) expenses.push(r.json());
            break;
          }
          case 'edit': {
            const e = expenses[op.k % Math.max(1, expenses.length)];
            if (!e) return;
            const r = await request(ctx.app, at(op.actor), 'PUT', `/api/expenses/${e.id}`, {
              ...expenseBody(
                groupId,
                split(op.cents, op.payers),
                shares(op.mask),
                op.rename ? 'Renamed' : e.description,
              ),
              version: e.version,
            });
            if (r.statusCode === 200) expenses[expenses.indexOf(e)] = r.json();
            break;
          }
          case 'delete': {
            const e = expenses[op.k % Math.max(1, expenses.length)];
            if (!e) return;
            const r = await request(ctx.app, at(op.actor), 'DELETE', `/api/expenses/${e.id}`);
            if (r.statusCode === 200) expenses.splice(expenses.indexOf(e), 1);
            break;
          }
          case 'settle':
            await request(ctx.app, at(op.from), 'POST', '/api/financial/settlements', {
              group_id: groupId,
              from_user_id: at(op.from).user.id,
              to_user_id: at(op.to).user.id,
              amount: toDecimal(op.cents, 'EUR'),
              currency: 'EUR',
            });
            break;
          case 'settings': {
            const group = (await request(ctx.app, at(0), 'GET', `/api/groups/${groupId}`)).json();
            await request(
              ctx.app,
              at(0),
              'PUT',
              `/api/groups/${groupId}/settings`,
              settingsBody(group, { currency: op.currency, default_split_type: op.split }),
            );
            break;
          }
          case 'join':
            await request(ctx.app, at(op.actor), 'POST', `/api/groups/${groupId}/members`, {
              email: at(op.person).email,
            });
            break;
          case 'leave':
            await request(ctx.app, at(op.person), 'POST', `/api/groups/${groupId}/leave`);
            break;
        }
      }
    }, 240_000);
  });
}
