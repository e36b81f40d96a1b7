import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FreshDatabase, freshDatabase } from './support/databases';
import { takeTurn } from './support/exclusive';
import { call, describeAnswer } from './support/http';
import { checkLedger, partialExpenses } from './support/invariants';
import { runLoad } from './support/load';
import { createGroup, type Person, registerMany } from './support/people';
import { writeFigures } from './support/report';
import { type ServerProcess, sleep, startServer, stopAllServers } from './support/server';
import { expenseBody, random, settlementBody } from './support/writes';

const KILLS = 3;
const CLIENTS = 24;

describe('faults: the server killed with SIGKILL during a burst of writes (PostgreSQL only)', () => {
  let release = () => {};
  let database: FreshDatabase | undefined;
  let people: Person[];
  let groups: { id: string; members: Person[] }[];
  let server: ServerProcess;

  beforeAll(async () => {
    release = await takeTurn();
    database = await freshDatabase();
    server = await startServer({ databaseUrl: database.url });
    people = await registerMany(server.url, 5, 'kill');
    groups = [
      { id: await createGroup(server.url, people.slice(0, 4), 'EUR'), members: people.slice(0, 4) },
      { id: await createGroup(server.url, people.slice(1, 5), 'CZK'), members: people.slice(1, 5) },
    ];
  }, 120_000);

  afterAll(async () => {
    await stopAllServers();
    await database?.drop();
    release();
  }, 60_000);

  it('after each restart: no partial expense, every answered write is there, balances equal a recomputation', async () => {
    const db = database?.db();
    if (!db || !database) throw new Error('no database');
    const rnd = random(7_331);
    const answered = { expenses: [] as string[], settlements: [] as string[] };
    let cut = 0;
    let partial = 0;
    let differing = 0;

    for (let kill = 0; kill < KILLS; kill++) {
      let n = 0;
      const load = runLoad(server.url, CLIENTS, (worker) => {
        const group = groups[worker % groups.length] as { id: string; members: Person[] };
        const me = group.members[worker % group.members.length] as Person;
        const currency = rnd.pick(['EUR', 'CZK']);
        if (rnd.next() < 0.25) {
          const other = rnd.pick(group.members.filter((p) => p !== me));
          const body = settlementBody(rnd, group.id, me, other, currency);
          return { method: 'POST', path: '/api/financial/settlements', token: me.token, body };
        }
        const body = expenseBody(rnd, group.id, me, group.members, currency, `Burst ${kill}-${++n}`);
        return { method: 'POST', path: '/api/expenses', token: me.token, body };
      });
      // Let the burst reach full speed, then kill the process in the middle of it.
      await sleep(rnd.int(800, 1_600));
      server.signal('SIGKILL');
      const exit = await server.exited;
      expect(exit.signal).toBe('SIGKILL');
      const samples = await load.stop();

      for (const s of samples) {
        if (s.status === 201) {
          (s.path === '/api/expenses' ? answered.expenses : answered.settlements).push(s.body.id);
        } else if (s.status === 0) {
          cut++;
        } else {
          expect.fail(`${s.method} ${s.path} before the kill: ${describeAnswer(s)}`);
        }
      }
      expect(samples.some((s) => s.status === 0)).toBe(true);

      // Restarted on the same database and port: it starts, and its data are whole; the next burst hits it.
      server = await startServer({ databaseUrl: database.url, port: server.port });
      const health = await call(server.url, 'GET', '/api/health');
      expect(health.status, describeAnswer(health)).toBe(200);
      partial += (await partialExpenses(db)).length;
      const ledger = await checkLedger(db);
      differing += ledger.mismatches.length + ledger.nonZeroSums.length;
    }

    const missing = async (table: string, ids: string[]) => {
      const { rows } = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM ${table} WHERE id = ANY($1::uuid[])`,
        [ids],
      );
      return ids.length - (rows[0]?.n ?? 0);
    };
    const lost =
      (await missing('expenses', answered.expenses)) + (await missing('settlements', answered.settlements));
    // Every expense row, including those whose answer the kill cut off, has split rows.
    const { rows } = await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM expenses e WHERE NOT EXISTS (SELECT 1 FROM expense_splits s WHERE s.expense_id = e.id)',
    );
    partial += rows[0]?.n ?? 0;

    writeFigures('faults', 'Faults', {
      'SIGKILLs during write bursts (24 clients, expenses of every split type and settlements)': KILLS,
      'writes answered 201 before the kills': answered.expenses.length + answered.settlements.length,
      'answered writes lost after the restarts': lost,
      'requests cut off by the kills': cut,
      'partial expenses found after the restarts': partial,
      'ledger scopes differing from a recomputation after the restarts': differing,
    });
    expect(lost).toBe(0);
    expect(partial).toBe(0);
    expect(differing).toBe(0);
  }, 120_000);
});
