import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { runDueRecurring } from '../../src/recurring/runner';
import { expectContract } from '../contract';
import type { TestContext } from '../support/context';
import { expectLedgerMatchesRecompute, expenseBody, moneyState, netsIn } from '../support/expenses';
import { groupOf, type Person } from '../support/groups';
import { bearer, registerUser, uniqueEmail } from '../support/users';
import { expectTooMany, GENEROUS } from './abuse-limits.suite';

// biome-ignore lint/suspicious/noExplicitAny: answers are checked against the contract
type Json = any;

/** A clock the tests move: the app and the runner read today from it. */
export interface TestClock {
  now: Date;
  set(iso: string): void;
}

export function testClock(iso: string): TestClock {
  const clock = {
    now: new Date(iso),
    set(at: string) {
      clock.now = new Date(at);
    },
  };
  return clock;
}

/** Requests of the recurring-expenses operations, each answer checked against the contract. */
export function recurringApi(app: FastifyInstance) {
  const send = (as: Person, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, headers = {}) =>
    app.inject({ method, url: `/api${url}`, headers: { ...bearer(as.token), ...headers }, payload });
  return {
    post: (as: Person, groupId: string, body: object, headers: Record<string, string> = {}) =>
      send(as, 'POST', `/groups/${groupId}/recurring-expenses`, body, headers),
    list: (as: Person, groupId: string) => send(as, 'GET', `/groups/${groupId}/recurring-expenses`),
    get: (as: Person, id: string) => send(as, 'GET', `/recurring-expenses/${id}`),
    put: (as: Person, id: string, body: object) => send(as, 'PUT', `/recurring-expenses/${id}`, body),
    status: (as: Person, id: string, body: object) =>
      send(as, 'POST', `/recurring-expenses/${id}/status`, body),
    /** Creates one and answers its RecurringExpenseCreated. */
    async create(as: Person, groupId: string, body: object): Promise<Json> {
      const response = await send(as, 'POST', `/groups/${groupId}/recurring-expenses`, body);
      expect(response.statusCode, response.body).toBe(201);
      return expectContract(response, 'createRecurringExpense');
    },
    async read(as: Person, id: string): Promise<Json> {
      const response = await send(as, 'GET', `/recurring-expenses/${id}`);
      expect(response.statusCode, response.body).toBe(200);
      return expectContract(response, 'getRecurringExpense');
    },
  };
}

/** A rule body: `payer` pays 30.00 EUR shared equally with `others`, on `schedule`. */
export function ruleBody(payer: Person, others: Person[], schedule: object, expense: object = {}) {
  return {
    expense: expenseBody(
      payer.user.id,
      others.map((p) => p.user.id),
      { description: 'Rent', ...expense },
    ),
    schedule: { frequency: 'monthly', ...schedule },
  };
}

const expectRefused = (response: LightMyRequestResponse, status: number, code: string) => {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json()).toMatchObject({ code });
};

/**
 * Recurring expenses (issue 24): the schedule's days (the month-end rule), occurrences created exactly once
 * through the ordinary expense path after any downtime, end date and count, pause, resume, stop, edits for
 * the future only, a member who left, the history, and every refusal.
 */
export function recurringSuite(ctx: TestContext): void {
  describe('recurring expenses', () => {
    const clock = testClock('2031-03-31T10:00:00Z');
    let app: FastifyInstance;
    let api: ReturnType<typeof recurringApi>;
    let a: Person;
    let b: Person;
    let c: Person;
    let groupId: string;
    const run = () => runDueRecurring(ctx.db, clock.now);
    const occurrences = async (ruleId: string) =>
      (
        await ctx.db.query<{ day: string; date: Date; description: string; deleted: boolean }>(
          `SELECT occurrence_date AS day, date, description, deleted_at IS NOT NULL AS deleted FROM expenses
            WHERE recurring_expense_id = $1 ORDER BY occurrence_date`,
          [ruleId],
        )
      ).rows;
    const days = async (ruleId: string) => (await occurrences(ruleId)).map((o) => o.day);

    beforeAll(async () => {
      // Its own clock, and no timer: the tests run the runner when they move the clock.
      app = await ctx.buildApp({ RECURRING_INTERVAL_MS: 'off' }, { now: () => clock.now });
      api = recurringApi(app);
      const made = await groupOf(app, 3);
      [a, b, c] = made.people as [Person, Person, Person];
      groupId = made.group.id;
    });

    it('a monthly rule from 31 January falls on 31 January, 28 February and 31 March: created at once, each dated its day', async () => {
      clock.set('2031-03-31T10:00:00Z');
      const created = await api.create(a, groupId, ruleBody(a, [b, c], { start_date: '2031-01-31' }));
      const rule = created.recurring_expense;
      expect(rule).toMatchObject({
        group_id: groupId,
        status: 'active',
        paused_reason: null,
        next_date: '2031-04-30',
        last_date: '2031-03-31',
        occurrences_created: 3,
        version: 1,
        created_by: { id: a.user.id },
        schedule: {
          frequency: 'monthly',
          start_date: '2031-01-31',
          end_date: null,
          occurrences: null,
          time_zone: 'UTC',
        },
        expense: { description: 'Rent', amount: 30, currency: 'EUR', group_id: groupId },
      });
      expect(rule.expense.date).toBeUndefined();
      expect(created.expenses.map((e: Json) => [e.date, e.recurring_expense_id])).toEqual([
        ['2031-01-31T12:00:00.000Z', rule.id],
        ['2031-02-28T12:00:00.000Z', rule.id],
        ['2031-03-31T12:00:00.000Z', rule.id],
      ]);
      expect(created.expenses.every((e: Json) => e.created_by.id === a.user.id)).toBe(true);
      // The leftover cent goes round as for any expense: 30.00 / 3 has none, so each share is 10.00.
      expect(created.expenses[0].ExpenseSplits.map((s: Json) => s.amount)).toEqual([10, 10, 10]);
      expect((await netsIn(ctx.db, groupId)).EUR).toEqual({
        [a.user.id]: 6000,
        [b.user.id]: -3000,
        [c.user.id]: -3000,
      });
      await expectLedgerMatchesRecompute(ctx.db, groupId);

      // April's last day, then back on the 31st in May: no drift after February.
      clock.set('2031-05-31T00:30:00Z');
      await run();
      expect((await days(rule.id)).slice(3)).toEqual(['2031-04-30', '2031-05-31']);
      expect((await api.read(a, rule.id)).next_date).toBe('2031-06-30');
      await run();
      expect(await days(rule.id)).toHaveLength(5);
      await api.status(a, rule.id, { status: 'stopped' });
    });

    it('after downtime the missed occurrences are created once each, with their own dates, and the balances follow', async () => {
      clock.set('2031-06-01T09:00:00Z');
      const created = await api.create(
        b,
        groupId,
        ruleBody(
          b,
          [a],
          { frequency: 'weekly', start_date: '2031-06-01', time_zone: 'Europe/Prague' },
          {
            amount: 10.01,
            description: 'Cleaning',
          },
        ),
      );
      const id = created.recurring_expense.id;
      expect(created.expenses.map((e: Json) => e.date)).toEqual(['2031-06-01T10:00:00.000Z']);
      const before = await netsIn(ctx.db, groupId);
      // Three weeks without a server: 8, 15 and 22 June are due, 29 June is not yet.
      clock.set('2031-06-23T08:00:00Z');
      await run();
      await run();
      expect(await occurrences(id)).toMatchObject([
        { day: '2031-06-01', date: new Date('2031-06-01T10:00:00Z') },
        { day: '2031-06-08', date: new Date('2031-06-08T10:00:00Z') },
        { day: '2031-06-15', date: new Date('2031-06-15T10:00:00Z') },
        { day: '2031-06-22', date: new Date('2031-06-22T10:00:00Z') },
      ]);
      const rule = await api.read(b, id);
      expect(rule).toMatchObject({
        occurrences_created: 4,
        last_date: '2031-06-22',
        next_date: '2031-06-29',
      });
      // 10.01 split in two: the leftover cent goes round, so three more make 15.02 (or 15.01) owed by a.
      const after = await netsIn(ctx.db, groupId);
      const moved = (after.EUR?.[b.user.id] ?? 0) - (before.EUR?.[b.user.id] ?? 0);
      expect([1501, 1502]).toContain(moved);
      await expectLedgerMatchesRecompute(ctx.db, groupId);
      // A deleted occurrence stays deleted: its day is never made again.
      const [, second] = (
        await ctx.db.query<{ id: string }>(
          'SELECT id FROM expenses WHERE recurring_expense_id = $1 ORDER BY occurrence_date',
          [id],
        )
      ).rows;
      const removed = await app.inject({
        method: 'DELETE',
        url: `/api/expenses/${second?.id}`,
        headers: bearer(b.token),
      });
      expect(removed.statusCode, removed.body).toBe(200);
      await run();
      expect((await occurrences(id)).map((o) => [o.day, o.deleted])).toEqual([
        ['2031-06-01', false],
        ['2031-06-08', true],
        ['2031-06-15', false],
        ['2031-06-22', false],
      ]);
      await expectLedgerMatchesRecompute(ctx.db, groupId);
      // A process that starts just before the day begins in Prague creates nothing more.
      clock.set('2031-06-28T21:59:00Z');
      await run();
      expect(await occurrences(id)).toHaveLength(4);
      clock.set('2031-06-28T22:00:00Z');
      await run();
      expect(await days(id)).toContain('2031-06-29');
      await api.status(b, id, { status: 'stopped' });
    });

    it('an end date or a number of times finishes it, and the history says so', async () => {
      clock.set('2031-01-10T12:00:00Z');
      const byCount = (
        await api.create(
          a,
          groupId,
          ruleBody(a, [b], { frequency: 'biweekly', start_date: '2031-01-01', occurrences: 3 }),
        )
      ).recurring_expense;
      const byDate = (
        await api.create(
          a,
          groupId,
          ruleBody(a, [b], { frequency: 'yearly', start_date: '2031-01-10', end_date: '2032-06-01' }),
        )
      ).recurring_expense;
      expect(byCount).toMatchObject({ occurrences_created: 1, next_date: '2031-01-15', status: 'active' });
      clock.set('2031-03-01T12:00:00Z');
      await run();
      expect(await days(byCount.id)).toEqual(['2031-01-01', '2031-01-15', '2031-01-29']);
      expect(await api.read(a, byCount.id)).toMatchObject({
        status: 'finished',
        next_date: null,
        version: 2,
      });
      clock.set('2033-01-11T12:00:00Z');
      await run();
      expect(await days(byDate.id)).toEqual(['2031-01-10', '2032-01-10']);
      expect(await api.read(a, byDate.id)).toMatchObject({
        status: 'finished',
        next_date: null,
        last_date: '2032-01-10',
      });
      const history = await app.inject({
        method: 'GET',
        url: `/api/groups/${groupId}/history?kind=recurrence_changed&limit=100`,
        headers: bearer(b.token),
      });
      const events = expectContract(history, 'getGroupHistory').events as Json[];
      const about = (id: string) =>
        events.filter((e) => e.details.recurring_expense_id === id).map((e) => e.details.action);
      expect(about(byCount.id)).toEqual(['finished', 'created']);
      expect(
        events.find((e) => e.details.recurring_expense_id === byCount.id && e.details.action === 'finished')
          .actor.id,
      ).toBe(a.user.id);
      const created = await app.inject({
        method: 'GET',
        url: `/api/groups/${groupId}/history?kind=expense_created&limit=100`,
        headers: bearer(b.token),
      });
      const occurrenceEvents = (expectContract(created, 'getGroupHistory').events as Json[]).filter(
        (e) => e.details.recurring_expense_id === byCount.id,
      );
      expect(occurrenceEvents).toHaveLength(3);
      expect(occurrenceEvents.every((e) => e.actor.id === a.user.id && e.expense_id)).toBe(true);
      // Ended: it can no longer change.
      expectRefused(await api.status(a, byCount.id, { status: 'active' }), 409, 'RECURRENCE_ENDED');
      expectRefused(await api.status(a, byCount.id, { status: 'paused' }), 409, 'RECURRENCE_ENDED');
      expectRefused(
        await api.put(a, byCount.id, ruleBody(a, [b], { frequency: 'biweekly', start_date: '2031-01-01' })),
        409,
        'RECURRENCE_ENDED',
      );
    });

    it('pause creates nothing; resume goes on from today without the paused days; stop ends it; same status changes nothing', async () => {
      clock.set('2032-01-05T12:00:00Z');
      const rule = (
        await api.create(b, groupId, ruleBody(b, [c], { frequency: 'weekly', start_date: '2032-01-05' }))
      ).recurring_expense;
      const paused = await api.status(c, rule.id, { status: 'paused', version: 1 });
      expect(expectContract(paused, 'setRecurringExpenseStatus')).toMatchObject({
        status: 'paused',
        version: 2,
      });
      const again = expectContract(
        await api.status(c, rule.id, { status: 'paused' }),
        'setRecurringExpenseStatus',
      );
      expect(again.version).toBe(2);
      clock.set('2032-01-27T12:00:00Z');
      await run();
      expect(await days(rule.id)).toEqual(['2032-01-05']);
      expectRefused(await api.status(b, rule.id, { status: 'active', version: 1 }), 409, 'VERSION_CONFLICT');
      // Resumed on a Tuesday: the 12th, 19th and 26th passed while paused; next is 2 February.
      const resumed = expectContract(
        await api.status(b, rule.id, { status: 'active', version: 2 }),
        'setRecurringExpenseStatus',
      );
      expect(resumed).toMatchObject({
        status: 'active',
        next_date: '2032-02-02',
        version: 3,
        occurrences_created: 1,
      });
      clock.set('2032-02-03T12:00:00Z');
      await run();
      expect(await days(rule.id)).toEqual(['2032-01-05', '2032-02-02']);
      const stopped = expectContract(
        await api.status(a, rule.id, { status: 'stopped' }),
        'setRecurringExpenseStatus',
      );
      expect(stopped).toMatchObject({ status: 'stopped', next_date: null, version: 4 });
      expect(
        expectContract(await api.status(a, rule.id, { status: 'stopped' }), 'setRecurringExpenseStatus')
          .version,
      ).toBe(4);
      clock.set('2032-03-03T12:00:00Z');
      await run();
      expect(await days(rule.id)).toHaveLength(2);
      const list = expectContract(await api.list(c, groupId), 'listRecurringExpenses')
        .recurring_expenses as Json[];
      const listed = list.map((r) => r.status);
      // Active and paused first, then the ended ones.
      const firstEnded = listed.findIndex((s) => s === 'stopped' || s === 'finished');
      expect(listed.slice(firstEnded).every((s) => s === 'stopped' || s === 'finished')).toBe(true);
      const history = await app.inject({
        method: 'GET',
        url: `/api/groups/${groupId}/history?kind=recurrence_changed&limit=100`,
        headers: bearer(a.token),
      });
      const actions = (expectContract(history, 'getGroupHistory').events as Json[])
        .filter((e) => e.details.recurring_expense_id === rule.id)
        .map((e) => [e.details.action, e.actor.id]);
      expect(actions).toEqual([
        ['stopped', a.user.id],
        ['resumed', b.user.id],
        ['paused', c.user.id],
        ['created', b.user.id],
      ]);
    });

    it('an edit applies to the occurrences to come; a new start begins again from today, never before', async () => {
      clock.set('2032-05-10T12:00:00Z');
      const rule = (await api.create(a, groupId, ruleBody(a, [b], { start_date: '2032-04-10' })))
        .recurring_expense;
      expect(await days(rule.id)).toEqual(['2032-04-10', '2032-05-10']);
      expectRefused(
        await api.put(b, rule.id, { ...ruleBody(a, [b], { start_date: '2032-04-10' }), version: 7 }),
        409,
        'VERSION_CONFLICT',
      );
      const edited = await api.put(b, rule.id, {
        ...ruleBody(
          a,
          [b, c],
          { frequency: 'weekly', start_date: '2032-03-01', occurrences: 4 },
          {
            amount: 45,
            description: 'Rent and heating',
          },
        ),
        version: 1,
      });
      // Mondays from 1 March: the first on or after today is today, whose occurrence exists already (kept
      // once by the unique key); nothing before today is made. Two made, two to come.
      expect(expectContract(edited, 'updateRecurringExpense')).toMatchObject({
        version: 2,
        occurrences_created: 2,
        last_date: '2032-05-10',
        next_date: '2032-05-17',
        status: 'active',
        expense: { description: 'Rent and heating', amount: 45 },
        schedule: { frequency: 'weekly', start_date: '2032-03-01', occurrences: 4 },
      });
      expect((await occurrences(rule.id)).map((o) => [o.day, o.description])).toEqual([
        ['2032-04-10', 'Rent'],
        ['2032-05-10', 'Rent'],
      ]);
      clock.set('2032-06-30T12:00:00Z');
      await run();
      expect((await occurrences(rule.id)).map((o) => [o.day, o.description])).toEqual([
        ['2032-04-10', 'Rent'],
        ['2032-05-10', 'Rent'],
        ['2032-05-17', 'Rent and heating'],
        ['2032-05-24', 'Rent and heating'],
      ]);
      expect(await api.read(a, rule.id)).toMatchObject({ status: 'finished', occurrences_created: 4 });
      const history = await app.inject({
        method: 'GET',
        url: `/api/groups/${groupId}/history?kind=recurrence_changed&limit=100`,
        headers: bearer(a.token),
      });
      const edit = (expectContract(history, 'getGroupHistory').events as Json[]).find(
        (e) => e.details.recurring_expense_id === rule.id && e.details.action === 'edited',
      );
      expect(edit.actor.id).toBe(b.user.id);
      expect(edit.details.changes).toMatchObject({
        description: ['Rent', 'Rent and heating'],
        amount: [30, 45],
        frequency: ['monthly', 'weekly'],
        start_date: ['2032-04-10', '2032-03-01'],
        occurrences: [null, 4],
      });
    });

    it('when someone in it has left the group, the occurrence is not made and the rule pauses itself', async () => {
      clock.set('2033-02-01T12:00:00Z');
      const made = await groupOf(app, 3);
      const [x, y, z] = made.people as [Person, Person, Person];
      const rule = (await api.create(x, made.group.id, ruleBody(x, [y, z], { start_date: '2033-02-10' })))
        .recurring_expense;
      expect(rule).toMatchObject({ occurrences_created: 0, next_date: '2033-02-10', last_date: null });
      const left = await app.inject({
        method: 'POST',
        url: `/api/groups/${made.group.id}/leave`,
        headers: bearer(z.token),
      });
      expect(left.statusCode, left.body).toBe(200);
      clock.set('2033-02-11T12:00:00Z');
      await run();
      expect(await days(rule.id)).toEqual([]);
      expect(await api.read(x, rule.id)).toMatchObject({
        status: 'paused',
        paused_reason: 'member_left',
        version: 2,
      });
      const history = await app.inject({
        method: 'GET',
        url: `/api/groups/${made.group.id}/history?kind=recurrence_changed`,
        headers: bearer(y.token),
      });
      expect(
        (expectContract(history, 'getGroupHistory').events as Json[]).map((e) => e.details.action),
      ).toEqual(['paused_member_left', 'created']);
      // The former member may no longer touch it; someone who never was in the group learns nothing.
      expectRefused(await api.status(z, rule.id, { status: 'active' }), 403, 'FORBIDDEN_NOT_MEMBER');
      expectRefused(
        await api.put(z, rule.id, ruleBody(x, [y], { start_date: '2033-02-10' })),
        403,
        'FORBIDDEN_NOT_MEMBER',
      );
      expectRefused(
        await api.post(z, made.group.id, ruleBody(z, [y], { start_date: '2033-02-10' })),
        403,
        'FORBIDDEN_NOT_MEMBER',
      );
      expectRefused(await api.get(z, rule.id), 404, 'NOT_FOUND');
      expectRefused(await api.list(z, made.group.id), 404, 'NOT_FOUND');
      // Changed to the people still there, then resumed: it goes on from today.
      const fixed = await api.put(x, rule.id, ruleBody(x, [y], { start_date: '2033-02-10' }));
      expect(expectContract(fixed, 'updateRecurringExpense')).toMatchObject({
        status: 'paused',
        paused_reason: 'member_left',
      });
      const resumed = await api.status(y, rule.id, { status: 'active' });
      expect(expectContract(resumed, 'setRecurringExpenseStatus')).toMatchObject({
        status: 'active',
        paused_reason: null,
        next_date: '2033-03-10',
      });
      clock.set('2033-03-10T12:00:00Z');
      await run();
      expect(await days(rule.id)).toEqual(['2033-03-10']);
    });

    it('refuses what is wrong, on the field, and changes nothing', async () => {
      clock.set('2033-06-01T12:00:00Z');
      const stranger = await registerUser(app, { email: uniqueEmail('stranger') });
      const before = await moneyState(ctx.db);
      const count = async () =>
        Number(
          (await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM recurring_expenses')).rows[0]?.n,
        );
      const rules = await count();
      const invalid = await api.post(a, groupId, {
        expense: {
          ...expenseBody(a.user.id, [b.user.id]),
          amount: 10.001,
          description: 'Rent',
          group_id: null,
        },
        schedule: {
          frequency: 'monthly',
          start_date: '2035-01-01',
          end_date: '2034-12-31',
          time_zone: 'Mars/Olympus',
        },
      });
      expect(invalid.statusCode, invalid.body).toBe(400);
      const byField = (errors: { field: string; message: string }[]) =>
        Object.fromEntries(errors.map((e) => [e.field, e.message]));
      expect(byField(invalid.json().errors)).toEqual({
        'expense.amount': 'Amount can have at most 2 decimal places',
        'expense.group_id': 'The group of an expense cannot be changed.',
        'schedule.start_date': 'The first date must be within a year of today',
        'schedule.end_date': 'The end date cannot be before the first date',
        'schedule.time_zone': 'Unknown time zone',
      });
      const outsider = await api.post(a, groupId, ruleBody(a, [stranger], { start_date: '2033-06-01' }));
      expect(outsider.statusCode, outsider.body).toBe(400);
      expect(outsider.json().errors).toEqual([
        { field: 'expense.participants', message: 'Everyone in the expense must be a member of the group.' },
      ]);
      expectRefused(
        await api.post(stranger, groupId, ruleBody(stranger, [], { start_date: '2033-06-01' })),
        404,
        'NOT_FOUND',
      );
      expectRefused(
        await api.post(
          a,
          '00000000-0000-7000-8000-000000000000',
          ruleBody(a, [], { start_date: '2033-06-01' }),
        ),
        404,
        'NOT_FOUND',
      );
      expectRefused(await api.list(stranger, groupId), 404, 'NOT_FOUND');
      expectRefused(await api.get(a, '00000000-0000-7000-8000-000000000000'), 404, 'NOT_FOUND');
      expectRefused(await api.get(a, 'not-an-id'), 404, 'NOT_FOUND');
      expect(await count()).toBe(rules);
      expect(await moneyState(ctx.db)).toEqual(before);
      const rule = (await api.create(a, groupId, ruleBody(a, [b], { start_date: '2033-07-01' })))
        .recurring_expense;
      expectRefused(await api.get(stranger, rule.id), 404, 'NOT_FOUND');
      expectRefused(await api.status(stranger, rule.id, { status: 'paused' }), 404, 'NOT_FOUND');
      expectRefused(
        await api.put(stranger, rule.id, ruleBody(a, [b], { start_date: '2033-07-01' })),
        404,
        'NOT_FOUND',
      );
      const badEdit = await api.put(
        a,
        rule.id,
        ruleBody(a, [b], { start_date: '2033-07-01', occurrences: 0 }),
      );
      expect(badEdit.statusCode).toBe(400);
      const badStatus = await api.status(a, rule.id, { status: 'finished' });
      expect(badStatus.statusCode).toBe(400);
      expect(await api.read(a, rule.id)).toMatchObject({ version: 1, status: 'active' });
    });

    it('a repeat with the same Idempotency-Key creates the rule and its occurrences once', async () => {
      clock.set('2033-09-15T12:00:00Z');
      const body = ruleBody(c, [a], { start_date: '2033-08-15' }, { description: 'Internet' });
      const key = { 'idempotency-key': `recurring-${Date.now()}` };
      const first = await api.post(c, groupId, body, key);
      const second = await api.post(c, groupId, body, key);
      expect(first.statusCode, first.body).toBe(201);
      expect(second.statusCode).toBe(201);
      expect(second.json().recurring_expense.id).toBe(first.json().recurring_expense.id);
      expect(await days(first.json().recurring_expense.id)).toEqual(['2033-08-15', '2033-09-15']);
    });

    it('a restart after downtime creates the missed ones once: on start, whatever the number of restarts', async () => {
      clock.set('2034-01-01T12:00:00Z');
      const rule = (
        await api.create(a, groupId, ruleBody(a, [c], { frequency: 'weekly', start_date: '2034-01-01' }))
      ).recurring_expense;
      // The server is down for three weeks; then two start one after the other, each running at start.
      const later = testClock('2034-01-22T12:00:00Z');
      for (let i = 0; i < 2; i++) {
        const restarted = await ctx.buildApp({}, { now: () => later.now });
        await restarted.ready();
        await restarted.recurring.idle();
        await restarted.close();
      }
      expect(await days(rule.id)).toEqual(['2034-01-01', '2034-01-08', '2034-01-15', '2034-01-22']);
      const dates = (await occurrences(rule.id)).map((o) => o.date.toISOString());
      expect(dates).toEqual([
        '2034-01-01T12:00:00.000Z',
        '2034-01-08T12:00:00.000Z',
        '2034-01-15T12:00:00.000Z',
        '2034-01-22T12:00:00.000Z',
      ]);
      await expectLedgerMatchesRecompute(ctx.db, groupId);
    });

    it('counts in the per-account write limit like every change: past it, 429 and nothing is written', async () => {
      clock.set('2034-03-01T12:00:00Z');
      const limited = await ctx.buildApp(
        { ...GENEROUS, RATE_LIMIT_WRITES: '2/1m', RECURRING_INTERVAL_MS: 'off' },
        { now: () => clock.now },
      );
      const limitedApi = recurringApi(limited);
      const rule = (await limitedApi.create(b, groupId, ruleBody(b, [a], { start_date: '2034-03-01' })))
        .recurring_expense;
      expect((await limitedApi.status(b, rule.id, { status: 'paused' })).statusCode).toBe(200);
      expectTooMany(
        await limitedApi.status(b, rule.id, { status: 'stopped' }),
        'setRecurringExpenseStatus',
        60,
      );
      expectTooMany(
        await limitedApi.post(b, groupId, ruleBody(b, [a], { start_date: '2034-03-01' })),
        'createRecurringExpense',
        60,
      );
      expect(await api.read(b, rule.id)).toMatchObject({ status: 'paused', version: 2 });
    });
  });
}
