import { connect } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FreshDatabase, freshDatabase } from './support/databases';
import { takeTurn } from './support/exclusive';
import { type Answer, call, describeAnswer } from './support/http';
import { createGroup, type Person, registerMany } from './support/people';
import { accepts } from './support/ports';
import { writeFigures } from './support/report';
import { type ServerProcess, sleep, startServer, stopAllServers } from './support/server';
import { expenseBody, random } from './support/writes';

// src/main.ts: how long requests in flight may take to finish after SIGTERM.
const DRAIN_LIMIT_MS = 10_000;
const IN_FLIGHT = 8;

describe('faults: SIGTERM drains the requests in flight (PostgreSQL only)', () => {
  let release = () => {};
  let database: FreshDatabase | undefined;
  let people: Person[];
  let groupId: string;
  let blocker: pg.Client | undefined;

  beforeAll(async () => {
    release = await takeTurn();
    database = await freshDatabase();
    const server = await startServer({ databaseUrl: database.url });
    people = await registerMany(server.url, 3, 'drain');
    groupId = await createGroup(server.url, people);
    await server.stop();
  }, 120_000);

  afterAll(async () => {
    await blocker?.end().catch(() => undefined);
    await stopAllServers();
    await database?.drop();
    release();
  }, 60_000);

  /**
   * Holds every expense write of the database behind a table lock taken by the test, so requests stay
   * in flight as long as the test wants (the server itself is unchanged); `unblock` lets them finish.
   */
  async function block(): Promise<{ unblock: () => Promise<void> }> {
    blocker = new pg.Client({ connectionString: database?.url });
    blocker.on('error', () => undefined);
    await blocker.connect();
    await blocker.query('BEGIN');
    await blocker.query('LOCK TABLE member_balances IN EXCLUSIVE MODE');
    const client = blocker;
    return {
      unblock: async () => {
        await client.query('COMMIT');
        await client.end();
        blocker = undefined;
      },
    };
  }

  /** Sends `count` expense writes and resolves once all of them wait on the lock inside PostgreSQL. */
  async function writesInFlight(server: ServerProcess, count: number, tag: string) {
    const rnd = random(count);
    const settled: Answer[] = [];
    const requests = Array.from({ length: count }, (_, i) => {
      const me = people[i % people.length] as Person;
      const body = expenseBody(rnd, groupId, me, people, 'EUR', `${tag} ${i}`);
      return call(server.url, 'POST', '/api/expenses', { token: me.token, body, timeoutMs: 30_000 }).then(
        (answer) => {
          settled.push(answer);
          return answer;
        },
      );
    });
    const deadline = Date.now() + 15_000;
    for (;;) {
      // Asked on another connection: inside the blocker's transaction the statistics would not move.
      const { rows } = await (database as FreshDatabase)
        .db()
        .query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND wait_event_type = 'Lock'`,
          [database?.name],
        );
      if (rows[0]?.n === count) break;
      if (Date.now() > deadline) {
        throw new Error(
          `only ${rows[0]?.n} of ${count} writes reached the lock; answered: ${settled.map(describeAnswer).join(', ')}`,
        );
      }
      await sleep(50);
    }
    expect(settled).toEqual([]);
    return { requests, settled };
  }

  it('answers every request in flight normally, refuses new connections at once, and exits 0', async () => {
    const server = await startServer({ databaseUrl: database?.url as string, logLevel: 'info' });
    const { unblock } = await block();
    const { requests, settled } = await writesInFlight(server, IN_FLIGHT, 'Drained');

    server.signal('SIGTERM');
    const signalledAt = Date.now();
    // The listening socket closes at once: new connections are refused while the writes still wait.
    while (await accepts(server.port)) {
      expect(Date.now() - signalledAt).toBeLessThan(2_000);
      await sleep(20);
    }
    const refusedAfterMs = Date.now() - signalledAt;
    const late = await call(server.url, 'GET', '/api/health');
    expect(late.status, describeAnswer(late)).toBe(0);
    // Held a little longer (well within the 5 s statement timeout) before the writes may finish.
    await sleep(500);
    expect(settled).toEqual([]);
    expect(server.running()).toBe(true);

    await unblock();
    const answers = await Promise.all(requests);
    const exit = await server.exited;
    const exitedAfterMs = Date.now() - signalledAt;
    const db = database?.db();
    const { rows } = await (db as NonNullable<typeof db>).query<{ n: number }>(
      'SELECT count(*)::int AS n FROM expenses WHERE id = ANY($1::uuid[])',
      [answers.filter((a) => a.status === 201).map((a) => a.body.id)],
    );
    const drained = answers.filter((a) => a.status === 201).length;
    writeFigures('faults', 'Faults', {
      'writes in flight at SIGTERM': IN_FLIGHT,
      'of them answered 201 during the drain (and stored)': rows[0]?.n ?? 0,
      'in-flight requests unanswered at SIGTERM': IN_FLIGHT - drained,
      'new connections refused after SIGTERM within (ms)': refusedAfterMs,
      'SIGTERM to exit 0, the writes held 0.5 s more by a lock (ms)': exitedAfterMs,
    });

    for (const answer of answers) expect(answer.status, describeAnswer(answer)).toBe(201);
    expect(rows[0]?.n).toBe(IN_FLIGHT);
    expect(exit.code, server.output().slice(-3000)).toBe(0);
    expect(exitedAfterMs).toBeLessThan(DRAIN_LIMIT_MS);
    expect(server.output()).toContain(`"inFlight":${IN_FLIGHT}`);
    expect(server.output()).toContain('stopped: every request in flight was answered');
  }, 60_000);

  it('cuts a request still unfinished at the drain limit (a client that stops sending), logs it and exits 1', async () => {
    const server = await startServer({ databaseUrl: database?.url as string, logLevel: 'info' });
    // Headers of a registration announcing a body that never comes: the request stays in flight.
    const socket = connect({ host: '127.0.0.1', port: server.port });
    await new Promise<void>((done) => socket.once('connect', () => done()));
    let closedAfterMs = -1;
    socket.on('error', () => undefined);
    socket.write(
      `POST /api/users/register HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"desc`,
    );
    await sleep(300);

    server.signal('SIGTERM');
    const signalledAt = Date.now();
    socket.once('close', () => {
      closedAfterMs = Date.now() - signalledAt;
    });
    const exit = await server.exited;
    const exitedAfterMs = Date.now() - signalledAt;
    expect(exit.code, server.output().slice(-3000)).toBe(1);
    expect(exitedAfterMs).toBeGreaterThanOrEqual(DRAIN_LIMIT_MS - 100);
    expect(exitedAfterMs).toBeLessThan(DRAIN_LIMIT_MS + 3_000);
    expect(server.output()).toContain('requests unfinished at the drain limit: cut off');
    expect(server.output()).toContain('"inFlight":1');
    // The request cut off is named as the request log lines name it.
    expect(server.output()).toContain('"inFlight":["POST /api/users/register"]');
    await sleep(100);
    expect(closedAfterMs).toBeGreaterThanOrEqual(DRAIN_LIMIT_MS - 100);
    socket.destroy();

    writeFigures('faults', 'Faults', {
      'drain limit (ms)': DRAIN_LIMIT_MS,
      'SIGTERM to exit when a request never finishes (ms)': exitedAfterMs,
    });
  }, 60_000);
});
