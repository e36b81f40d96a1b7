import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueEmailToken } from '../../src/auth/email-tokens';
import { createTokens } from '../../src/auth/tokens';
import type { Db } from '../../src/db';
import { SIGN_IN_CHECK_MS } from '../../src/live/sign-ins';
import { TEST_JWT_SECRET, type TestContext } from '../support/context';
import { createExpense, expenseBody } from '../support/expenses';
import { groupOf } from '../support/groups';
import { type LiveStream, listenOn, openStream } from '../support/live';
import { bearer } from '../support/users';

/** The bound openapi.yaml's /events gives: a stream ends within this long of its sign-in ending. */
const ENDS_WITHIN_MS = 5_000;

/** How long a stream took to end, or null when it was still open after `ms`. */
async function endedWithin(stream: LiveStream, ms: number): Promise<number | null> {
  const started = Date.now();
  const ended = await Promise.race([
    stream.ended.then(() => true),
    new Promise<false>((done) => setTimeout(() => done(false), ms)),
  ]);
  return ended ? Date.now() - started : null;
}

/** The database as it is, counting the statements that read people's sign-ins. */
function countingSignInReads(db: Db): { db: Db; reads(): number } {
  let reads = 0;
  const counted: Db = {
    engine: db.engine,
    query(sql, params) {
      if (/FROM users WHERE id = ANY/.test(sql)) reads++;
      return db.query(sql, params);
    },
    exec: (sql) => db.exec(sql),
    transaction: (fn) => db.transaction(fn),
    close: () => db.close(),
  };
  return { db: counted, reads: () => reads };
}

/**
 * A live stream is opened with a token checked once; when that sign-in ends (a password change or reset
 * ends every token issued before) the stream ends within seconds, on whichever process it is open, and the
 * token's reconnect is refused. Checking costs one query per process, whatever the number of streams.
 */
export function liveSignOutSuite(ctx: TestContext): void {
  describe('live streams end with their sign-in', () => {
    let writer: FastifyInstance;
    let reader: FastifyInstance;
    let base: string;
    const streams: LiveStream[] = [];
    const open = async (token: string) => {
      const stream = await openStream(base, token);
      streams.push(stream);
      expect(stream.status).toBe(200);
      return stream;
    };

    beforeAll(async () => {
      // Two processes on one database: the sign-in ends on one, the stream is open on the other.
      writer = await ctx.buildApp({ LIVE_STREAM_SECONDS: '120' });
      reader = await ctx.buildApp({ LIVE_STREAM_SECONDS: '120' });
      base = await listen(reader);
    });
    // A stream the server ended leaves its connection kept alive in this process's fetch pool (for the
    // server's Keep-Alive timeout, 72 s), and the pool opens connections it sends no request on, even after
    // the streams are aborted: closing the apps would wait for them, so once the tests are done every
    // connection is cut, those still to come included.
    const sockets = new Set<Socket>();
    let done = false;
    const listen = async (app: FastifyInstance) => {
      app.server.on('connection', (socket: Socket) => {
        if (done) socket.destroy();
        else sockets.add(socket);
      });
      return listenOn(app);
    };
    afterAll(() => {
      done = true;
      for (const s of streams) s.close();
      for (const socket of sockets) socket.destroy();
    });

    it("a password change ends the old token's streams within 5 s; the new token's and others' stay open", async () => {
      const { group, owner, people } = await groupOf(writer, 2);
      const other = people[1] as (typeof people)[number];
      const old = [await open(owner.token), await open(owner.token)];
      const theirs = await open(other.token);

      const changed = await writer.inject({
        method: 'PUT',
        url: '/api/account-settings/password',
        headers: bearer(owner.token),
        payload: { currentPassword: owner.password, newPassword: 'a-new-password-1' },
      });
      expect(changed.statusCode, changed.body).toBe(200);
      const fresh = await open((changed.json() as { token: string }).token);

      for (const stream of old) {
        const took = await endedWithin(stream, ENDS_WITHIN_MS);
        expect(took, 'the stream of the old token was still open').not.toBeNull();
      }
      const again = await fetch(`${base}/api/events`, { headers: bearer(owner.token) });
      expect(again.status).toBe(401);
      expect(((await again.json()) as { code: string }).code).toBe('UNAUTHENTICATED');

      // The new sign-in's stream and another person's stream were left alone, and still hear the group.
      const expense = await createExpense(writer, other, {
        ...expenseBody(other.user.id, [owner.user.id]),
        group_id: group.id,
      });
      await fresh.next((e) => e.entity_id === expense.id, 3_000);
      await theirs.next((e) => e.entity_id === expense.id, 3_000);
      expect(old.flatMap((s) => s.events).filter((e) => e.entity_id === expense.id)).toEqual([]);
    });

    it('a password reset by e-mail link ends the streams of every token issued before', async () => {
      const { owner } = await groupOf(writer, 1);
      const stream = await open(owner.token);
      const link = await issueEmailToken(ctx.db, { id: owner.user.id, email: owner.email }, 'reset');
      const reset = await writer.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { token: link, password: 'a-reset-password-1' },
      });
      expect(reset.statusCode, reset.body).toBe(204);
      expect(await endedWithin(stream, ENDS_WITHIN_MS)).not.toBeNull();
    });

    it('a stream ends when the token that opened it expires', async () => {
      const { owner } = await groupOf(writer, 1);
      const { rows } = await ctx.db.query<{ token_version: number }>(
        'SELECT token_version FROM users WHERE id = $1',
        [owner.user.id],
      );
      // A token of the shortest lifetime (60 s) made 57 s ago: 3 s left.
      const issuedEarlier = createTokens(TEST_JWT_SECRET, 60, () => Date.now() - 57_000);
      const token = await issuedEarlier.sign({ id: owner.user.id, token_version: rows[0]!.token_version });
      const stream = await open(token);
      const took = await endedWithin(stream, 6_000);
      expect(took).not.toBeNull();
      expect(took).toBeGreaterThan(1_500);
      expect((await fetch(`${base}/api/events`, { headers: bearer(token) })).status).toBe(401);
    });

    it("one process checks all its streams' sign-ins with one query at a time, whatever their number", async () => {
      const counting = countingSignInReads(ctx.db);
      const app = await ctx.buildApp({ LIVE_STREAM_SECONDS: '120' }, { db: counting.db });
      const address = await listen(app);
      const { people } = await groupOf(writer, 3);
      const opened: LiveStream[] = [];
      for (const person of people)
        for (let i = 0; i < app.ctx.config.liveStreamsPerAccount; i++) {
          const stream = await openStream(address, person.token);
          streams.push(stream);
          opened.push(stream);
          expect(stream.status).toBe(200);
        }
      const before = counting.reads();
      const started = Date.now();
      await new Promise((done) => setTimeout(done, 3 * SIGN_IN_CHECK_MS + 500));
      const checks = counting.reads() - before;
      const ticks = Math.floor((Date.now() - started) / SIGN_IN_CHECK_MS);
      // 30 streams of 3 people: one read per check of the process (not 30, nor 3).
      expect(checks).toBeGreaterThanOrEqual(ticks - 1);
      expect(checks).toBeLessThanOrEqual(ticks + 1);
      for (const stream of opened) expect(await endedWithin(stream, 0)).toBeNull();
    });
  });
}
