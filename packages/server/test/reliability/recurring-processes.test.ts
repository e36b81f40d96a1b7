import { addDays, dayInZone, dueOccurrences, type RecurrenceFrequency } from '@kitty/domain';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { testConfig } from '../support/context';
import { expenseBody } from '../support/expenses';
import { groupOf, type Person } from '../support/groups';
import { bearer } from '../support/users';
import { type FreshDatabase, freshDatabase } from './support/databases';
import { takeTurn } from './support/exclusive';
import { checkLedger } from './support/invariants';
import { type ServerProcess, sleep, startServer, stopAllServers } from './support/server';

const RULES = 36;
const FREQUENCIES: RecurrenceFrequency[] = ['weekly', 'biweekly', 'monthly'];
const ZONES = ['UTC', 'Europe/Prague', 'America/New_York', 'Pacific/Auckland'];
const DOWNTIME_DAYS = 150;

interface Rule {
  id: string;
  schedule: {
    frequency: RecurrenceFrequency;
    start_date: string;
    end_date: string | null;
    occurrences: number | null;
    time_zone: string;
  };
}

/** The days each rule should have by now: the domain's schedule from its start, up to today in its zone. */
function expectedDays(rule: Rule, now: Date): string[] {
  const today = dayInZone(now, rule.schedule.time_zone);
  return dueOccurrences(rule.schedule, { next_index: 0, occurrences_created: 0 }, today).map((o) => o.day);
}

describe('recurring expenses: two server processes after downtime create every missed occurrence exactly once (PostgreSQL only)', () => {
  let release = () => {};
  let database: FreshDatabase | undefined;
  const rules: Rule[] = [];
  let atCreation = 0;
  let servers: ServerProcess[] = [];

  beforeAll(async () => {
    release = await takeTurn();
    database = await freshDatabase();
    // The rules were set up 150 days ago (a server with that day's clock), and no server ran since.
    const then = new Date(Date.now() - DOWNTIME_DAYS * 86_400_000);
    const app: FastifyInstance = await buildApp(
      testConfig({ DATABASE_URL: database.url, RECURRING_INTERVAL_MS: 'off' }),
      { now: () => then },
    );
    try {
      const groups = [await groupOf(app, 3), await groupOf(app, 4)];
      for (let i = 0; i < RULES; i++) {
        const { group, people } = groups[i % 2] as { group: { id: string }; people: Person[] };
        const payer = people[i % people.length] as Person;
        const zone = ZONES[i % ZONES.length] as string;
        const schedule = {
          frequency: FREQUENCIES[i % FREQUENCIES.length] as RecurrenceFrequency,
          start_date: addDays(dayInZone(then, zone), -(i % 40)),
          end_date: i % 5 === 0 ? addDays(dayInZone(then, zone), 90) : null,
          occurrences: i % 7 === 0 ? 6 : null,
          time_zone: zone,
        };
        const response = await app.inject({
          method: 'POST',
          url: `/api/groups/${group.id}/recurring-expenses`,
          headers: bearer(payer.token),
          payload: {
            expense: expenseBody(
              payer.user.id,
              people.filter((p) => p !== payer).map((p) => p.user.id),
              { description: `Rule ${i}`, amount: 10 + i / 100 },
            ),
            schedule,
          },
        });
        expect(response.statusCode, response.body).toBe(201);
        const created = response.json();
        atCreation += created.expenses.length;
        rules.push({ id: created.recurring_expense.id, schedule });
      }
    } finally {
      await app.close();
    }
  }, 180_000);

  afterAll(async () => {
    await stopAllServers();
    await database?.drop();
    release();
  }, 60_000);

  it('both runners race over the same due rules; each occurrence exists once, with its own day; the ledger adds up', async () => {
    const db = database?.db();
    if (!db || !database) throw new Error('no database');
    const url = database.url;
    // Both start at once: each runs the due rules at start, then every second.
    servers = await Promise.all(
      [0, 1].map(() =>
        startServer({ databaseUrl: url, logLevel: 'info', env: { RECURRING_INTERVAL_MS: '1000' } }),
      ),
    );
    const expectedTotal = () => rules.reduce((n, r) => n + expectedDays(r, new Date()).length, 0);
    const made = async () =>
      Number(
        (
          await db.query<{ n: number }>(
            'SELECT count(*)::int AS n FROM expenses WHERE recurring_expense_id IS NOT NULL',
          )
        ).rows[0]?.n,
      );
    const due = async () =>
      Number(
        (
          await db.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM recurring_expenses WHERE status = 'active' AND next_at <= now()`,
          )
        ).rows[0]?.n,
      );
    const deadline = Date.now() + 120_000;
    while ((await due()) > 0 || (await made()) < expectedTotal()) {
      if (Date.now() > deadline)
        throw new Error(`Still due after 2 minutes: ${await due()} rules, ${await made()} made`);
      await sleep(250);
    }
    // A few more passes of both: nothing more is made.
    await sleep(2_500);

    const now = new Date();
    for (const rule of rules) {
      const { rows } = await db.query<{ day: string; date: Date; n: number }>(
        `SELECT occurrence_date AS day, min(date) AS date, count(*)::int AS n FROM expenses
          WHERE recurring_expense_id = $1 GROUP BY occurrence_date ORDER BY occurrence_date`,
        [rule.id],
      );
      expect(
        rows.map((r) => r.day),
        `rule ${rule.id}`,
      ).toEqual(expectedDays(rule, now));
      expect(rows.every((r) => r.n === 1)).toBe(true);
    }
    const total = await made();
    expect(total).toBe(expectedTotal());
    expect(total - atCreation).toBeGreaterThan(RULES * 5);

    // What the two processes say they created adds up to what was missing: none created one twice.
    const createdBy = servers.map((server) =>
      server
        .output()
        .split('\n')
        .filter((line) => line.includes('"recurring expense: occurrences created"'))
        .reduce((n, line) => n + (JSON.parse(line) as { created: number }).created, 0),
    );
    console.log(`occurrences created by each process: ${createdBy.join(' + ')} (${atCreation} at set-up)`);
    expect(createdBy.reduce((a, b) => a + b, 0)).toBe(total - atCreation);

    const finished = await db.query<{ status: string; n: number }>(
      'SELECT status, count(*)::int AS n FROM recurring_expenses GROUP BY status ORDER BY status',
    );
    expect(finished.rows.find((r) => r.status === 'finished')?.n ?? 0).toBeGreaterThan(0);
    const events = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM group_events WHERE kind = 'expense_created' AND details ? 'recurring_expense_id'
          AND details->>'recurring_expense_id' IS NOT NULL`,
    );
    expect(events.rows[0]?.n).toBe(total);
    const ledger = await checkLedger(db);
    expect(ledger.mismatches).toEqual([]);
    expect(ledger.nonZeroSums).toEqual([]);

    // SIGTERM: each stops its runner and drains, then exits cleanly.
    for (const server of servers) server.signal('SIGTERM');
    for (const server of servers) expect(await server.exited).toMatchObject({ code: 0 });
  }, 240_000);
});
