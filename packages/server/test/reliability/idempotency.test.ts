// PostgreSQL only: real concurrency needs several connections (PGlite is one). A real server listens on
// 127.0.0.1 and is driven with fetch. The figures go to docs/reliability/idempotency.json.
import { toDecimal } from '@kitty/domain';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { reserveKey } from '../../src/http/idempotency-store';
import { expectLedgerMatchesRecompute } from '../support/expenses';
import { testConfig } from '../support/context';
import { createTestDatabase, type TestDatabase } from '../support/databases';
import { groupOf, groupState } from '../support/groups';
import { bearer } from '../support/users';
import { KEYED_CREATES, prepareCreate } from '../suites/idempotency-fixtures';
import {
  burst,
  type Figures,
  listen,
  rawClient,
  waitForLockWaiters,
  writeFigures,
} from './idempotency-support';
import { invariantTests } from './idempotency-invariants';

const DUPLICATES = 50;

describe('idempotency: concurrent requests on PostgreSQL (real server on 127.0.0.1)', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let base: string;
  const figures: Figures = {
    duplicatesSent: 0,
    writesMade: 0,
    replays: 0,
    distinctAnswers: 0,
    operations: {},
    waitingDuplicatesReplayed: 0,
    staleEdits: { sent: 0, saved: 0, refused409: 0 },
    faultsInjected: 0,
    partialWritesLeft: 0,
    splitSumViolationsRefused: 0,
  };

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    app = await buildApp(testConfig(), { db: database.db });
    base = await listen(app);
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
    // Only a run of every burst reports (a run filtered with -t would give partial figures).
    if (Object.keys(figures.operations).length === KEYED_CREATES.length) writeFigures(figures);
  });

  for (const operationId of KEYED_CREATES) {
    it(`${operationId}: ${DUPLICATES} identical requests at once write once and get ${DUPLICATES} identical answers (PostgreSQL)`, async () => {
      const c = await prepareCreate(app, operationId);
      const started = Date.now();
      const answers = await burst(base, c, crypto.randomUUID(), DUPLICATES);
      const ms = Date.now() - started;
      const writes = await c.writes(database.db);
      const replays = answers.filter((a) => a.replayed).length;
      const distinct = new Set(answers.map((a) => `${a.status} ${a.body}`)).size;
      figures.duplicatesSent += answers.length;
      figures.writesMade += writes;
      figures.replays += replays;
      figures.distinctAnswers = Math.max(figures.distinctAnswers, distinct);
      figures.operations[operationId] = { sent: answers.length, writes, replays, ms };

      expect(answers[0]!.status, answers[0]!.body).toBeLessThan(300);
      expect(distinct).toBe(1);
      expect(writes).toBe(1);
      expect(replays).toBe(DUPLICATES - 1);
    });
  }

  it('a duplicate sent while the first is still writing waits for it, then replays its answer (PostgreSQL)', async () => {
    const c = await prepareCreate(app, 'createExpense');
    const groupId = (c.payload as { group_id: string }).group_id;
    const key = crypto.randomUUID();
    const raw = await rawClient(database.url);
    try {
      // Hold the member rows the expense must lock: the first request stops inside its transaction.
      await raw.query('BEGIN');
      await raw.query('SELECT 1 FROM group_members WHERE group_id = $1 FOR UPDATE', [groupId]);
      const first = burst(base, c, key, 1);
      await waitForLockWaiters(database.db, 1);
      const second = burst(base, c, key, 1);
      await waitForLockWaiters(database.db, 2);
      expect(await c.writes(database.db)).toBe(0);
      await raw.query('COMMIT');
      const [[a], [b]] = await Promise.all([first, second]);
      expect(a!.status, a!.body).toBe(201);
      expect([a!.replayed, b!.replayed]).toEqual([false, true]);
      expect(b!.body).toBe(a!.body);
      expect(await c.writes(database.db)).toBe(1);
      figures.waitingDuplicatesReplayed += 1;
    } finally {
      await raw.end();
    }
  });

  it('when the first request with a key rolls back, the waiting duplicate does the write itself (PostgreSQL)', async () => {
    const c = await prepareCreate(app, 'createGroup');
    const key = crypto.randomUUID();
    const raw = await rawClient(database.url);
    try {
      await raw.query('BEGIN');
      await raw.query(
        `INSERT INTO idempotency_keys (user_id, key, method, path, request_hash)
         VALUES ($1, $2, 'POST', '/api/groups', 'a first attempt that will fail')`,
        [c.userId, key],
      );
      const waiting = burst(base, c, key, 1);
      await waitForLockWaiters(database.db, 1);
      await raw.query('ROLLBACK');
      const [answer] = await waiting;
      expect(answer!.status, answer!.body).toBe(201);
      expect(answer!.replayed).toBe(false);
      expect(await c.writes(database.db)).toBe(1);
    } finally {
      await raw.end();
    }
  });

  it('a duplicate waits only so long: past the limit it is told the first is still in progress (PostgreSQL)', async () => {
    const c = await prepareCreate(app, 'createGroup');
    const keyed = {
      userId: c.userId,
      key: crypto.randomUUID(),
      method: 'POST',
      path: '/api/groups',
      hash: 'h',
    };
    const raw = await rawClient(database.url);
    try {
      await raw.query('BEGIN');
      await raw.query(
        `INSERT INTO idempotency_keys (user_id, key, method, path, request_hash) VALUES ($1, $2, 'POST', '/api/groups', 'h')`,
        [keyed.userId, keyed.key],
      );
      const started = Date.now();
      const outcome = await database.db.transaction((tx) => reserveKey(tx, keyed, 300));
      const waited = Date.now() - started;
      expect(outcome).toEqual({ kind: 'busy' });
      expect(waited).toBeGreaterThanOrEqual(250);
      expect(waited).toBeLessThan(5_000);
      await raw.query('ROLLBACK');
      // Free again: the same call now takes the key (and this test's transaction rolls it back).
      await expect(
        database.db.transaction(async (tx) => {
          expect(await reserveKey(tx, keyed, 300)).toEqual({ kind: 'reserved' });
          throw new Error('roll back');
        }),
      ).rejects.toThrow('roll back');
    } finally {
      await raw.end();
    }
  });

  it('ten edits of one expense based on the same version at once: one is saved, nine get 409 (PostgreSQL)', async () => {
    const made = await groupOf(app, 2);
    const [a, b] = made.ids as [string, string];
    // Both pay: b 10.00, a the rest (more, so a stays paid_by).
    const body = (amount: number) => ({
      description: 'Concurrent edit',
      amount,
      currency: 'EUR',
      category: 'dining',
      split_type: 'equal',
      paid_by: a,
      payers: [
        { user_id: a, amount: amount - 10 },
        { user_id: b, amount: 10 },
      ],
      participants: [a, b],
      split_with: [b],
      split_details: {},
    });
    const created = await app.inject({
      method: 'POST',
      url: '/api/expenses',
      headers: bearer(made.owner.token),
      payload: { ...body(30), group_id: made.group.id },
    });
    const id = created.json().id as string;
    const edits = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        fetch(`${base}/api/expenses/${id}`, {
          method: 'PUT',
          headers: { ...bearer(made.people[i % 2]!.token), 'content-type': 'application/json' },
          body: JSON.stringify({ ...body(31 + i), version: 1 }),
        }).then(async (r) => ({
          status: r.status,
          body: (await r.json()) as { amount: number; currency: string },
        })),
      ),
    );
    const saved = edits.filter((e) => e.status === 200);
    const refused = edits.filter((e) => e.status === 409);
    figures.staleEdits.sent += edits.length;
    figures.staleEdits.saved += saved.length;
    figures.staleEdits.refused409 += refused.length;
    expect(saved).toHaveLength(1);
    expect(refused).toHaveLength(9);
    for (const r of refused) {
      expect(r.body).toEqual({
        code: 'VERSION_CONFLICT',
        message: 'This expense was changed by someone else. Reload and try again.',
      });
    }
    const { rows } = await database.db.query<{ version: number; amount_minor: number }>(
      'SELECT version, amount_minor FROM expenses WHERE id = $1',
      [id],
    );
    expect(rows[0]!.version).toBe(2);
    expect(toDecimal(rows[0]!.amount_minor, 'EUR')).toBe(saved[0]!.body.amount);
    // The saved edit's payments alone, none of the refused ones'.
    const { rows: paid } = await database.db.query(
      'SELECT user_id, amount_minor FROM expense_payers WHERE expense_id = $1 ORDER BY amount_minor DESC',
      [id],
    );
    expect(paid).toEqual([
      { user_id: a, amount_minor: rows[0]!.amount_minor - 1000 },
      { user_id: b, amount_minor: 1000 },
    ]);
    await expectLedgerMatchesRecompute(database.db, made.group.id);
  });

  it('five saves of group settings based on the same version at once: one is saved, four get 409 (PostgreSQL)', async () => {
    const made = await groupOf(app, 2);
    const currencies = ['CZK', 'USD', 'GBP', 'PLN', 'CHF'];
    const saves = await Promise.all(
      currencies.map((currency, i) =>
        fetch(`${base}/api/groups/${made.group.id}/settings`, {
          method: 'PUT',
          headers: { ...bearer(made.people[i % 2]!.token), 'content-type': 'application/json' },
          body: JSON.stringify({
            currency,
            default_split_type: 'equal',
            members: made.ids.map((id) => ({ id, email: 'kept@example.com' })),
            version: made.group.version,
          }),
        }).then(async (r) => ({
          status: r.status,
          body: (await r.json()) as { amount: number; currency: string },
        })),
      ),
    );
    const saved = saves.filter((s) => s.status === 200);
    figures.staleEdits.sent += saves.length;
    figures.staleEdits.saved += saved.length;
    figures.staleEdits.refused409 += saves.filter((s) => s.status === 409).length;
    expect(saved).toHaveLength(1);
    expect(saves.filter((s) => s.status === 409)).toHaveLength(4);
    const state = await groupState(database.db, made.group.id);
    expect(state.group[0]).toMatchObject({
      version: made.group.version + 1,
      currency: saved[0]!.body.currency,
    });
  });

  invariantTests(() => ({ db: database.db, url: database.url, app, figures }));
});
