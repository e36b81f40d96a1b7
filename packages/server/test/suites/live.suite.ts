import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertLiveChange } from '../../src/live/repo';
import { CATCH_UP_LIMIT } from '../../src/live/routes';
import { expectContract } from '../contract';
import type { TestContext } from '../support/context';
import { createExpense, expenseBody } from '../support/expenses';
import { groupOf } from '../support/groups';
import { type LiveStream, listenOn, openStream } from '../support/live';
import { bearer } from '../support/users';

/**
 * GET /events: every change of a group reaches the open streams of its members within 2 s, whichever app
 * (server process) made it; nobody else hears it; a person who left stops hearing; a reconnect catches up.
 */
export function liveSuite(ctx: TestContext): void {
  describe('live changes (GET /events)', () => {
    // Two apps on one database, each with its own hub: as two server processes.
    let writer: FastifyInstance;
    let reader: FastifyInstance;
    let base: string;
    const streams: LiveStream[] = [];
    const open = async (token: string | null, last?: string) => {
      const stream = await openStream(base, token, last);
      streams.push(stream);
      return stream;
    };

    beforeAll(async () => {
      writer = await ctx.buildApp({ LIVE_STREAM_SECONDS: '120' });
      reader = await ctx.buildApp({ LIVE_STREAM_SECONDS: '120' });
      base = await listenOn(reader);
    });
    afterAll(() => {
      for (const s of streams) s.close();
    });

    it('an expense and a comment made on another process reach every member within 2 s, and nobody else', async () => {
      const { group, owner, people } = await groupOf(writer, 2);
      const member = people[1] as (typeof people)[number];
      const strangers = await groupOf(writer, 1);
      const stranger = strangers.owner;
      const mine = await open(member.token);
      const theirs = await open(stranger.token);
      expect(mine.status).toBe(200);
      expect(mine.contentType).toMatch(/^text\/event-stream/);

      const started = Date.now();
      const expense = await createExpense(writer, owner, {
        ...expenseBody(owner.user.id, [member.user.id]),
        group_id: group.id,
      });
      const created = await mine.next((e) => e.kind === 'expense_created');
      expect(Date.now() - started).toBeLessThan(2_000);
      expect(created).toMatchObject({
        group_id: group.id,
        entity_id: expense.id,
        actor_id: owner.user.id,
      });
      expect(created.id).toMatch(/^\d+$/);

      const comment = await writer.inject({
        method: 'POST',
        url: `/api/expenses/${expense.id}/comments`,
        headers: bearer(owner.token),
        payload: { text: 'Paid in cash' },
      });
      expect(comment.statusCode, comment.body).toBe(201);
      const commented = await mine.next((e) => e.kind === 'comment_added');
      expect(commented).toMatchObject({ group_id: group.id, entity_id: expense.id });
      expect(Number(commented.id)).toBeGreaterThan(Number(created.id));

      // The stranger's own group's change arrives; the other group's never did.
      const own = await createExpense(writer, stranger, {
        ...expenseBody(stranger.user.id),
        group_id: strangers.group.id,
      });
      await theirs.next((e) => e.entity_id === own.id);
      expect(theirs.events.filter((e) => e.group_id === group.id)).toEqual([]);
      expect(mine.events.filter((e) => e.group_id === strangers.group.id)).toEqual([]);
    });

    it('a person who leaves hears that, then nothing more of the group', async () => {
      const { group, owner, people } = await groupOf(writer, 3);
      const leaver = people[2] as (typeof people)[number];
      const stream = await open(leaver.token);
      const left = await writer.inject({
        method: 'POST',
        url: `/api/groups/${group.id}/leave`,
        headers: bearer(leaver.token),
      });
      expect(left.statusCode, left.body).toBe(200);
      expect(await stream.next((e) => e.kind === 'member_left')).toMatchObject({
        group_id: group.id,
        entity_id: leaver.user.id,
      });
      const ownerStream = await open(owner.token);
      const expense = await createExpense(writer, owner, {
        ...expenseBody(owner.user.id, [people[1]?.user.id as string]),
        group_id: group.id,
      });
      await ownerStream.next((e) => e.entity_id === expense.id);
      await new Promise((done) => setTimeout(done, 700));
      expect(stream.events.filter((e) => e.entity_id === expense.id)).toEqual([]);
    });

    it('a reconnect with Last-Event-ID receives what it missed, in order, once; too much asks for a resync', async () => {
      const { group, owner, people } = await groupOf(writer, 2);
      const member = people[1] as (typeof people)[number];
      const first = await open(member.token);
      const a = await createExpense(writer, owner, {
        ...expenseBody(owner.user.id, [member.user.id]),
        group_id: group.id,
      });
      const seen = await first.next((e) => e.entity_id === a.id);
      first.close();

      const b = await createExpense(writer, owner, {
        ...expenseBody(owner.user.id, [member.user.id], { description: 'Taxi' }),
        group_id: group.id,
      });
      const c = await createExpense(writer, owner, {
        ...expenseBody(owner.user.id, [member.user.id], { description: 'Museum' }),
        group_id: group.id,
      });
      const again = await open(member.token, seen.id);
      await again.next((e) => e.entity_id === c.id);
      const created = again.events.filter((e) => e.kind === 'expense_created').map((e) => e.entity_id);
      expect(created).toEqual([b.id, c.id]);

      // More than a catch-up sends: one resync, then the stream goes on.
      await ctx.db.transaction(async (tx) => {
        for (let i = 0; i <= CATCH_UP_LIMIT; i++)
          await insertLiveChange(tx, { group_id: group.id, kind: 'group_changed', actor_id: owner.user.id });
      });
      const behind = await open(member.token, seen.id);
      const resync = await behind.next(() => true);
      expect(resync.kind).toBe('resync');
      expect(behind.events.filter((e) => e.kind !== 'resync')).toEqual([]);
      const d = await createExpense(writer, owner, {
        ...expenseBody(owner.user.id, [member.user.id], { description: 'Boat' }),
        group_id: group.id,
      });
      await behind.next((e) => e.entity_id === d.id);
    });

    it('a change whose id commits after a higher one still arrives (PostgreSQL: transactions side by side)', async () => {
      const { group, owner, people } = await groupOf(writer, 2);
      const stream = await open((people[1] as (typeof people)[number]).token);
      if (ctx.engine === 'pglite') {
        // One transaction at a time: ids commit in order; the stream sees both.
        await insertLiveChange(ctx.db, {
          group_id: group.id,
          kind: 'group_changed',
          actor_id: owner.user.id,
        });
        await insertLiveChange(ctx.db, {
          group_id: group.id,
          kind: 'recurrence_changed',
          actor_id: owner.user.id,
        });
        await stream.next((e) => e.kind === 'group_changed');
        await stream.next((e) => e.kind === 'recurrence_changed');
        return;
      }
      let commit = () => {};
      const held = new Promise<void>((done) => {
        commit = done;
      });
      let written = () => {};
      const wrote = new Promise<void>((done) => {
        written = done;
      });
      const slow = ctx.db.transaction(async (tx) => {
        await insertLiveChange(tx, { group_id: group.id, kind: 'group_changed', actor_id: owner.user.id });
        written();
        await held;
      });
      await wrote;
      await insertLiveChange(ctx.db, {
        group_id: group.id,
        kind: 'recurrence_changed',
        actor_id: owner.user.id,
      });
      const later = await stream.next((e) => e.kind === 'recurrence_changed');
      await new Promise((done) => setTimeout(done, 1_000));
      commit();
      await slow;
      const earlier = await stream.next((e) => e.kind === 'group_changed');
      expect(Number(earlier.id)).toBeLessThan(Number(later.id));
    });

    it('refuses a stream without a valid token (401) and past the open streams a person may have (429)', async () => {
      const none = await fetch(`${base}/api/events`);
      expect(none.status).toBe(401);
      expect(((await none.json()) as { code: string }).code).toBe('UNAUTHENTICATED');
      const { owner } = await groupOf(writer, 1);
      const allowed = reader.ctx.config.liveStreamsPerAccount;
      expect(allowed).toBe(10);
      for (let i = 0; i < allowed; i++) expect((await open(owner.token)).status).toBe(200);
      const tooMany = await fetch(`${base}/api/events`, { headers: bearer(owner.token) });
      expect(tooMany.status).toBe(429);
      expect(tooMany.headers.get('retry-after')).toBeTruthy();
      expect(((await tooMany.json()) as { code: string }).code).toBe('RATE_LIMITED');
    });

    it('injected, with LIVE_STREAM_SECONDS=0: the missed changes, then the stream ends (nothing hangs)', async () => {
      const { group, owner } = await groupOf(ctx.app, 1);
      const response = await ctx.app.inject({
        method: 'GET',
        url: '/api/events',
        headers: { ...bearer(owner.token), 'last-event-id': '0' },
      });
      expectContract(response, 'streamEvents');
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain(`"group_id":"${group.id}"`);
      expect(response.body).toMatch(/^retry: \d+\n\n/);
      const bad = await ctx.app.inject({
        method: 'GET',
        url: '/api/events',
        headers: { ...bearer(owner.token), 'last-event-id': 'abc' },
      });
      expect(bad.statusCode).toBe(400);
    });
  });
}
