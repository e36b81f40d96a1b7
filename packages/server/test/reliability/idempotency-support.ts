// Helpers of the PostgreSQL idempotency and invariant tests: a listening server, bursts over fetch, a
// second connection that holds locks, injected faults, and the figures file.
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import type { Db } from '../../src/db';
import { REPO_ROOT } from '../../src/paths';

/** What docs/reliability/idempotency.json reports. */
export interface Figures {
  duplicatesSent: number;
  writesMade: number;
  replays: number;
  distinctAnswers: number;
  operations: Record<string, { sent: number; writes: number; replays: number; ms: number }>;
  waitingDuplicatesReplayed: number;
  staleEdits: { sent: number; saved: number; refused409: number };
  faultsInjected: number;
  partialWritesLeft: number;
  splitSumViolationsRefused: number;
}

export interface Answer {
  status: number;
  body: string;
  replayed: boolean;
}

/** Sends `count` copies of one POST at once over real HTTP and collects the answers. */
export async function burst(
  base: string,
  c: { url: string; token: string; payload: object | undefined },
  key: string,
  count: number,
): Promise<Answer[]> {
  const one = async (): Promise<Answer> => {
    const response = await fetch(`${base}${c.url}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${c.token}`,
        'idempotency-key': key,
        ...(c.payload === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: c.payload === undefined ? undefined : JSON.stringify(c.payload),
      signal: AbortSignal.timeout(30_000),
    });
    return {
      status: response.status,
      body: await response.text(),
      replayed: response.headers.get('idempotent-replayed') === 'true',
    };
  };
  return Promise.all(Array.from({ length: count }, one));
}

/** The server on a loopback port; answers its base URL. */
export async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('the server has no TCP address');
  return `http://127.0.0.1:${address.port}`;
}

/** A connection of its own (outside the app's pool), to hold locks and transactions open. */
export async function rawClient(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  await client.connect();
  return client;
}

/** Waits (bounded) until `count` backends of this database wait on a lock. */
export async function waitForLockWaiters(db: Db, count: number, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_stat_activity
        WHERE datname = current_database() AND wait_event_type = 'Lock'`,
    );
    if ((rows[0]?.n ?? 0) >= count) return;
    if (Date.now() > deadline) throw new Error(`fewer than ${count} requests ever waited on a lock`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * Test-only faults: a posting to member_balances or a new group member row of anyone listed in
 * test_faults raises, in the middle of the write's transaction.
 */
export async function installFaults(db: Db): Promise<void> {
  await db.exec(`
    CREATE TABLE test_faults (user_id uuid PRIMARY KEY);
    CREATE FUNCTION test_injected_fault() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF EXISTS (SELECT 1 FROM test_faults WHERE user_id = NEW.user_id) THEN
        RAISE EXCEPTION 'injected fault for %', NEW.user_id;
      END IF;
      RETURN NEW;
    END;
    $$;
    CREATE TRIGGER test_fault_balances BEFORE INSERT OR UPDATE ON member_balances
      FOR EACH ROW EXECUTE FUNCTION test_injected_fault();
    CREATE TRIGGER test_fault_members BEFORE INSERT ON group_members
      FOR EACH ROW EXECUTE FUNCTION test_injected_fault();
  `);
}

export const failFor = (db: Db, userId: string) =>
  db.query('INSERT INTO test_faults (user_id) VALUES ($1)', [userId]);
export const healFor = (db: Db, userId: string) =>
  db.query('DELETE FROM test_faults WHERE user_id = $1', [userId]);

/** Expenses whose live splits do not add up to their amount: always none. */
export async function unbalancedExpenses(db: Db): Promise<string[]> {
  // Its splits, and its payments (migration 0014), each add up to its amount.
  const { rows } = await db.query<{ id: string }>(
    `SELECT e.id FROM expenses e
      WHERE e.amount_minor <> (SELECT COALESCE(sum(s.amount_minor), 0) FROM expense_splits s WHERE s.expense_id = e.id)
         OR e.amount_minor <> (SELECT COALESCE(sum(p.amount_minor), 0) FROM expense_payers p WHERE p.expense_id = e.id)`,
  );
  return rows.map((r) => r.id);
}

/** docs/reliability/idempotency.json: the figures under readable names, one row per create operation. */
export function writeFigures(f: Figures): void {
  const ops = Object.entries(f.operations);
  const doubled = ops.reduce((n, [, o]) => n + Math.max(0, o.writes - 1), 0);
  const report = {
    title: 'Idempotent writes and concurrent edits (PostgreSQL)',
    proves:
      'Every create (group, expense, settlement, settle an expense, settle a debt, invite) sent 50 times at ' +
      'once with one Idempotency-Key over real HTTP writes once and answers 50 identical bodies; a duplicate ' +
      'of a request still running waits for it and replays it; stale versions are refused with 409; split ' +
      'rows that do not add up are refused by the database even by direct SQL; a write failing midway ' +
      'leaves nothing behind.',
    figures: {
      'create operations covered': `${ops.length} of 6`,
      'duplicate requests sent (50 at once per operation)': f.duplicatesSent,
      'writes made by them': f.writesMade,
      'answers marked Idempotent-Replayed': f.replays,
      'different answers to one key, worst operation': f.distinctAnswers,
      'doubled writes': doubled,
      'duplicates that waited for an unfinished first request and replayed it': f.waitingDuplicatesReplayed,
      'concurrent edits with the same version': f.staleEdits.sent,
      'of which saved': f.staleEdits.saved,
      'of which refused with 409': f.staleEdits.refused409,
      'faults injected in the middle of a write': f.faultsInjected,
      'rows left behind by the failed writes': f.partialWritesLeft,
      'unbalanced split writes refused by the database': f.splitSumViolationsRefused,
    },
    lost: doubled + f.partialWritesLeft,
    measuredAt: new Date().toISOString(),
    table: {
      caption: '50 identical requests at once, one Idempotency-Key, per operation',
      columns: ['operation', 'sent', 'writes', 'replayed', 'ms'],
      rows: ops.map(([name, o]) => [name, o.sent, o.writes, o.replays, o.ms]),
    },
  };
  const dir = resolve(REPO_ROOT, 'docs/reliability');
  mkdirSync(dir, { recursive: true });
  writeFileSync(resolve(dir, 'idempotency.json'), `${JSON.stringify(report, null, 2)}\n`);
}
