// Invariants held by the database transaction, proven on PostgreSQL: an expense's split rows add up to its
// amount whatever SQL tries, even from two transactions at once; a multi-row write that fails midway
// leaves nothing behind (and does not burn its Idempotency-Key).
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db';
import { INTERNAL_MESSAGE } from '../../src/http/errors';
import { expectLedgerMatchesRecompute } from '../support/expenses';
import { groupOf, groupState } from '../support/groups';
import { bearer, registerUser, uniqueEmail } from '../support/users';
import {
  type Figures,
  failFor,
  healFor,
  installFaults,
  rawClient,
  unbalancedExpenses,
} from './idempotency-support';

interface Env {
  db: Db;
  url: string;
  app: FastifyInstance;
  figures: Figures;
}

const CHECK_VIOLATION = { code: '23514' };

/** Everything an expense or settlement write could touch in a group, to prove nothing changed. */
async function scopeSnapshot(db: Db, groupId: string) {
  const rows = async (sql: string) => (await db.query(sql, [groupId])).rows;
  return {
    ...(await groupState(db, groupId)),
    splits: await rows(
      'SELECT s.expense_id, s.user_id, s.amount_minor FROM expense_splits s JOIN expenses e ON e.id = s.expense_id WHERE e.group_id = $1 ORDER BY 1, 2',
    ),
    pairs: await rows('SELECT * FROM pair_balances WHERE scope_id = $1 ORDER BY 1, 2, 3, 4'),
    stats: await rows('SELECT * FROM scope_expense_stats WHERE scope_id = $1 ORDER BY 1, 2'),
    events: await rows(
      'SELECT ev.* FROM settlement_events ev JOIN settlements s ON s.id = ev.settlement_id WHERE s.group_id = $1',
    ),
  };
}

const keyCount = async (db: Db, key: string) =>
  (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM idempotency_keys WHERE key = $1', [key]))
    .rows[0]!.n;

export function invariantTests(env: () => Env): void {
  describe('idempotency: invariants held by the transaction (PostgreSQL)', () => {
    beforeAll(async () => installFaults(env().db));

    async function expenseOf(people = 3) {
      const { app } = env();
      const made = await groupOf(app, people);
      const [a, b] = made.ids as [string, string];
      const response = await app.inject({
        method: 'POST',
        url: '/api/expenses',
        headers: bearer(made.owner.token),
        payload: {
          description: 'Whole',
          amount: 30,
          currency: 'EUR',
          category: 'dining',
          group_id: made.group.id,
          split_type: 'equal',
          paid_by: a,
          participants: [a, b],
          split_with: [b],
          split_details: {},
        },
      });
      expect(response.statusCode, response.body).toBe(201);
      return { ...made, expenseId: response.json().id as string };
    }

    it('split rows that do not add up to the amount are never committed by direct SQL, whichever row changes (PostgreSQL)', async () => {
      const { db, figures } = env();
      const { expenseId, ids, owner } = await expenseOf(3);
      const [a, b, c] = ids as [string, string, string];
      const before = (
        await db.query('SELECT * FROM expense_splits WHERE expense_id = $1 ORDER BY user_id', [expenseId])
      ).rows;
      const attempts: [string, unknown[]][] = [
        [
          'UPDATE expense_splits SET amount_minor = amount_minor + 1 WHERE expense_id = $1 AND user_id = $2',
          [expenseId, a],
        ],
        ['DELETE FROM expense_splits WHERE expense_id = $1 AND user_id = $2', [expenseId, b]],
        ['INSERT INTO expense_splits (expense_id, user_id, amount_minor) VALUES ($1, $2, 1)', [expenseId, c]],
        ['UPDATE expenses SET amount_minor = amount_minor + 1 WHERE id = $1', [expenseId]],
        // Its payments too (migration 0014): one payer row for the whole amount.
        ['UPDATE expense_payers SET amount_minor = amount_minor - 1 WHERE expense_id = $1', [expenseId]],
        ['DELETE FROM expense_payers WHERE expense_id = $1', [expenseId]],
        ['INSERT INTO expense_payers (expense_id, user_id, amount_minor) VALUES ($1, $2, 1)', [expenseId, b]],
        [
          `INSERT INTO expenses (description, amount_minor, currency, paid_by, split_type, created_by)
           VALUES ('No splits at all', 1000, 'EUR', $1, 'equal', $1)`,
          [owner.user.id],
        ],
      ];
      for (const [sql, params] of attempts) {
        await expect(db.query(sql, params), sql).rejects.toMatchObject(CHECK_VIOLATION);
        figures.splitSumViolationsRefused += 1;
      }
      // Several statements in one transaction: refused at COMMIT, all of them undone.
      await expect(
        db.transaction(async (tx) => {
          await tx.query(
            'UPDATE expense_splits SET amount_minor = 0 WHERE expense_id = $1 AND user_id = $2',
            [expenseId, a],
          );
          await tx.query('UPDATE expenses SET description = $2 WHERE id = $1', [expenseId, 'Half gone']);
        }),
      ).rejects.toMatchObject(CHECK_VIOLATION);
      figures.splitSumViolationsRefused += 1;

      const after = await db.query('SELECT * FROM expense_splits WHERE expense_id = $1 ORDER BY user_id', [
        expenseId,
      ]);
      expect(after.rows).toEqual(before);
      const described = await db.query(
        "SELECT 1 FROM expenses WHERE description IN ('No splits at all', 'Half gone')",
      );
      expect(described.rows).toEqual([]);
    });

    it('two transactions that each keep an expense whole, but not together: the later commit is refused (PostgreSQL)', async () => {
      const { db, url, figures } = env();
      const { expenseId, ids } = await expenseOf(4);
      const [, , c, d] = ids as [string, string, string, string];
      const first = await rawClient(url);
      const second = await rawClient(url);
      try {
        // Each adds a participant and sets the amount it computed from what it read (3000 + its share),
        // and the single payment to match.
        const paid = 'UPDATE expense_payers SET amount_minor = $2 WHERE expense_id = $1';
        await first.query('BEGIN');
        await second.query('BEGIN');
        await first.query(
          'INSERT INTO expense_splits (expense_id, user_id, amount_minor) VALUES ($1, $2, 100)',
          [expenseId, c],
        );
        await first.query('UPDATE expenses SET amount_minor = 3100 WHERE id = $1', [expenseId]);
        await first.query(paid, [expenseId, 3100]);
        await second.query(
          'INSERT INTO expense_splits (expense_id, user_id, amount_minor) VALUES ($1, $2, 200)',
          [expenseId, d],
        );
        const blocked = second.query('UPDATE expenses SET amount_minor = 3200 WHERE id = $1', [expenseId]);
        await first.query('COMMIT');
        await blocked;
        await second.query(paid, [expenseId, 3200]);
        await expect(second.query('COMMIT')).rejects.toMatchObject(CHECK_VIOLATION);
        figures.splitSumViolationsRefused += 1;
      } finally {
        await first.end();
        await second.end();
      }
      const { rows } = await db.query<{ amount_minor: number; owed: number }>(
        `SELECT e.amount_minor, (SELECT sum(amount_minor)::bigint FROM expense_splits WHERE expense_id = e.id) AS owed
           FROM expenses e WHERE e.id = $1`,
        [expenseId],
      );
      expect(rows[0]).toEqual({ amount_minor: 3100, owed: 3100 });
    });

    it('recording an expense that fails at its ledger posting leaves no expense, split, balance or key; the retry works (PostgreSQL)', async () => {
      const { db, app, figures } = env();
      const made = await groupOf(app, 3);
      const [a, b, c] = made.ids as [string, string, string];
      const description = `Fails midway ${crypto.randomUUID().slice(0, 8)}`;
      const payload = {
        description,
        amount: 30,
        currency: 'EUR',
        category: 'dining',
        group_id: made.group.id,
        split_type: 'equal',
        paid_by: a,
        participants: [a, b, c],
        split_with: [b, c],
        split_details: {},
      };
      const key = crypto.randomUUID();
      const post = (headers: Record<string, string>) =>
        app.inject({
          method: 'POST',
          url: '/api/expenses',
          headers: { ...bearer(made.owner.token), ...headers },
          payload,
        });
      const before = await scopeSnapshot(db, made.group.id);
      await failFor(db, c);
      try {
        for (const headers of [{ 'idempotency-key': key }, {}] as Record<string, string>[]) {
          const failed = await post(headers);
          figures.faultsInjected += 1;
          expect(failed.statusCode, failed.body).toBe(500);
          expect(failed.json()).toEqual({ code: 'INTERNAL_ERROR', message: INTERNAL_MESSAGE });
          const left = await db.query('SELECT id FROM expenses WHERE description = $1', [description]);
          figures.partialWritesLeft += left.rows.length;
          expect(left.rows).toEqual([]);
          expect(await scopeSnapshot(db, made.group.id)).toEqual(before);
          expect(await keyCount(db, key)).toBe(0);
        }
      } finally {
        await healFor(db, c);
      }
      const retried = await post({ 'idempotency-key': key });
      expect(retried.statusCode, retried.body).toBe(201);
      expect(retried.headers['idempotent-replayed']).toBeUndefined();
      const saved = await db.query('SELECT id FROM expenses WHERE description = $1', [description]);
      expect(saved.rows).toHaveLength(1);
      await expectLedgerMatchesRecompute(db, made.group.id);
    });

    it('settling an expense that fails after its first settlement leaves no settlement and the expense unsettled (PostgreSQL)', async () => {
      const { db, app, figures } = env();
      const made = await groupOf(app, 3);
      const [a, b, c] = made.ids as [string, string, string];
      const created = await app.inject({
        method: 'POST',
        url: '/api/expenses',
        headers: bearer(made.owner.token),
        payload: {
          description: 'Settled in two payments',
          amount: 30,
          currency: 'EUR',
          category: 'dining',
          group_id: made.group.id,
          split_type: 'equal',
          paid_by: a,
          participants: [a, b, c],
          split_with: [b, c],
          split_details: {},
        },
      });
      const expenseId = created.json().id as string;
      // Settlements are written in the order of the participants' ids: the later one fails.
      const later = [b, c].sort()[1] as string;
      const key = crypto.randomUUID();
      const settle = () =>
        app.inject({
          method: 'POST',
          url: `/api/financial/settle/${expenseId}`,
          headers: { ...bearer(made.owner.token), 'idempotency-key': key },
          payload: { expense_id: expenseId },
        });
      const before = await scopeSnapshot(db, made.group.id);
      await failFor(db, later);
      try {
        const failed = await settle();
        figures.faultsInjected += 1;
        expect(failed.statusCode, failed.body).toBe(500);
        const left = await db.query('SELECT id FROM settlements WHERE group_id = $1', [made.group.id]);
        figures.partialWritesLeft += left.rows.length;
        expect(left.rows).toEqual([]);
        expect(await scopeSnapshot(db, made.group.id)).toEqual(before);
        const expense = await db.query('SELECT is_settled, version FROM expenses WHERE id = $1', [expenseId]);
        expect(expense.rows[0]).toEqual({ is_settled: false, version: 1 });
        expect(await keyCount(db, key)).toBe(0);
      } finally {
        await healFor(db, later);
      }
      const retried = await settle();
      expect(retried.statusCode, retried.body).toBe(201);
      expect(retried.json().settlements).toHaveLength(2);
      await expectLedgerMatchesRecompute(db, made.group.id);
    });

    it('creating a group that fails at its member rows leaves no group, no new person and no invitation (PostgreSQL)', async () => {
      const { db, app, figures } = env();
      const owner = await registerUser(app, { email: uniqueEmail('owner') });
      const victim = await registerUser(app, { email: uniqueEmail('victim') });
      const newcomer = uniqueEmail('newcomer');
      const name = `Fails midway ${crypto.randomUUID().slice(0, 8)}`;
      const key = crypto.randomUUID();
      const create = () =>
        app.inject({
          method: 'POST',
          url: '/api/groups',
          headers: { ...bearer(owner.token), 'idempotency-key': key },
          payload: { name, members: [{ email: newcomer }, { email: victim.email }] },
        });
      const traces = async () => ({
        groups: (await db.query('SELECT id FROM groups WHERE name = $1', [name])).rows.length,
        people: (await db.query('SELECT id FROM users WHERE email = $1', [newcomer])).rows.length,
        invitations: (await db.query('SELECT id FROM invitations WHERE email = $1', [newcomer])).rows.length,
        keys: await keyCount(db, key),
      });
      await failFor(db, victim.user.id);
      try {
        const failed = await create();
        figures.faultsInjected += 1;
        expect(failed.statusCode, failed.body).toBe(500);
        const left = await traces();
        figures.partialWritesLeft += left.groups + left.people + left.invitations;
        expect(left).toEqual({ groups: 0, people: 0, invitations: 0, keys: 0 });
      } finally {
        await healFor(db, victim.user.id);
      }
      const retried = await create();
      expect(retried.statusCode, retried.body).toBe(201);
      expect(await traces()).toEqual({ groups: 1, people: 1, invitations: 1, keys: 1 });
    });

    it('after everything above, every expense in the database adds up to its amount (PostgreSQL)', async () => {
      expect(await unbalancedExpenses(env().db)).toEqual([]);
    });
  });
}
