import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db';
import { changesAfter, type LiveRow, lastChangeId, membershipsOf, pruneChanges } from './repo';

/** How often a process reads the new changes while it has open streams. */
export const POLL_MS = 300;
/**
 * Ids are taken when a row is written but seen when it commits, so a lower id can appear after a higher one.
 * A missing id is read again for this long before it is taken for a rolled-back write and passed over.
 */
export const GAP_MS = 5_000;
/** Rows read at most per poll. */
const BATCH = 1_000;
/** How often a process prunes, and the age of the rows it deletes. */
const PRUNE_MS = 60_000;
export const KEEP_SECONDS = 3_600;
/** A comment line to every stream this often, so proxies and browsers keep it open. */
export const KEEP_ALIVE_MS = 20_000;

/** One open stream. */
export interface LiveClient {
  readonly userId: string;
  /** Sends one row (the hub has checked the person may see it). */
  send(row: LiveRow): void;
  /** Sends a comment line. */
  ping(): void;
  /** Ends the stream (the server is closing). */
  end(): void;
}

/**
 * The live changes of one server process: while any stream is open, reads the rows past the last id it has
 * seen every POLL_MS (one query for the whole process, never one per stream) and hands each to the open
 * streams of the people who may see it: the group's members at the time it is read, and its audience.
 * Ids that commit out of order are caught by reading again from the lowest id not seen yet, for GAP_MS.
 */
export class LiveHub {
  private readonly clients = new Set<LiveClient>();
  /** Every id up to this one has been handled (sent or passed over); null: not started. */
  private cursor: number | null = null;
  /** Ids above the cursor already sent. */
  private readonly seen = new Set<number>();
  /** Since when the id after the cursor is missing while higher ones were seen. */
  private gapSince: number | null = null;
  private timer: NodeJS.Timeout | null = null;
  private keepAlive: NodeJS.Timeout | null = null;
  private polling: Promise<void> | null = null;
  private lastPrune = 0;
  private closed = false;

  constructor(
    private readonly db: Db,
    private readonly log: Pick<FastifyBaseLogger, 'warn'>,
    private readonly pollMs = POLL_MS,
  ) {}

  /** Open streams of a person in this process. */
  streamsOf(userId: string): number {
    let n = 0;
    for (const client of this.clients) if (client.userId === userId) n++;
    return n;
  }

  get size(): number {
    return this.clients.size;
  }

  /** Adds a stream; resolves once the hub reads changes for it (its catch-up may start then). */
  async add(client: LiveClient): Promise<void> {
    if (this.closed) throw new Error('The live hub is closed');
    this.clients.add(client);
    if (this.cursor === null) {
      const last = await lastChangeId(this.db);
      // A stream that arrived meanwhile may have started the hub already.
      if (this.cursor === null) this.cursor = last;
    }
    this.schedule();
  }

  remove(client: LiveClient): void {
    this.clients.delete(client);
    if (this.clients.size > 0) return;
    // Nobody listens: stop reading; the next stream starts from the newest row again.
    this.stopTimers();
    this.cursor = null;
    this.seen.clear();
    this.gapSince = null;
  }

  /** Ends every stream and stops reading (the server is closing). */
  async close(): Promise<void> {
    this.closed = true;
    this.stopTimers();
    for (const client of [...this.clients]) client.end();
    this.clients.clear();
    await this.polling?.catch(() => undefined);
  }

  private stopTimers(): void {
    if (this.timer) clearTimeout(this.timer);
    if (this.keepAlive) clearInterval(this.keepAlive);
    this.timer = null;
    this.keepAlive = null;
  }

  private schedule(): void {
    if (this.closed || this.clients.size === 0) return;
    if (!this.keepAlive) {
      this.keepAlive = setInterval(() => {
        for (const client of this.clients) client.ping();
      }, KEEP_ALIVE_MS);
      this.keepAlive.unref();
    }
    if (this.timer || this.polling) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.polling = this.poll()
        .catch((err: unknown) => this.log.warn({ err }, 'live changes: reading failed (trying again)'))
        .finally(() => {
          this.polling = null;
          this.schedule();
        });
    }, this.pollMs);
    this.timer.unref();
  }

  /** One read: the rows past the cursor, sent to who may see them; the cursor moved on. */
  async poll(now = Date.now()): Promise<void> {
    const cursor = this.cursor;
    if (cursor === null || this.clients.size === 0) return;
    const rows = (await changesAfter(this.db, cursor, BATCH)).filter((row) => !this.seen.has(row.id));
    if (this.cursor !== cursor) return; // restarted meanwhile
    if (rows.length > 0) await this.deliver(rows);
    for (const row of rows) this.seen.add(row.id);
    this.advance(now);
    if (now - this.lastPrune >= PRUNE_MS) {
      this.lastPrune = now;
      await pruneChanges(this.db, KEEP_SECONDS);
    }
  }

  private advance(now: number): void {
    if (this.cursor === null) return;
    for (;;) {
      while (this.seen.has(this.cursor + 1)) {
        this.cursor++;
        this.seen.delete(this.cursor);
      }
      if (this.seen.size === 0) {
        this.gapSince = null;
        return;
      }
      // A gap below ids already seen: wait for it, then pass over it.
      if (this.gapSince === null) this.gapSince = now;
      if (now - this.gapSince < GAP_MS) return;
      this.cursor = Math.min(...this.seen) - 1;
      this.gapSince = null;
    }
  }

  private async deliver(rows: readonly LiveRow[]): Promise<void> {
    const people = [...new Set([...this.clients].map((c) => c.userId))];
    const groups = [...new Set(rows.map((r) => r.group_id))];
    const members = new Set(
      (await membershipsOf(this.db, groups, people)).map((m) => `${m.group_id} ${m.user_id}`),
    );
    for (const row of rows) {
      for (const client of this.clients) {
        if (members.has(`${row.group_id} ${client.userId}`) || row.audience.includes(client.userId))
          client.send(row);
      }
    }
  }
}
