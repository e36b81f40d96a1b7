import type pg from 'pg';
import type { ChangeListener } from './types';

/** The channel migration 0008's triggers notify at commit. */
export const CHANGES_CHANNEL = 'kitty_changes';
/** The application_name of the feed's own connection (pg_stat_activity). */
export const CHANGES_APPLICATION = 'kitty changes';
/** How long the feed waits before opening its connection again after it broke or could not open. */
export const RECONNECT_MS = 1_000;

export interface ChangeFeed {
  subscribe(listener: ChangeListener): () => void;
  /** Makes a pooled connection listen too (see below), before it is handed out. */
  attach(client: pg.ClientBase): Promise<void>;
  close(): Promise<void>;
}

/**
 * The notifications of CHANGES_CHANNEL, to every subscriber.
 *
 * Two kinds of connections listen:
 * - One connection of its own, opened with the first subscriber and again whenever it breaks, hears
 *   every process's commits. Subscribers are told `hearing(false)` while it is down and `hearing(true)`
 *   once it listens again: they cannot know what they missed meanwhile.
 * - Every pooled connection, for the notifications of its own transactions: PostgreSQL hands them to it
 *   before its COMMIT (or a lone statement) returns, so this process's writes are heard before the
 *   request that made them answers, not merely soon after.
 * This process's changes are heard twice (the feed's connection hears them a moment later); subscribers
 * treat a change as often as it comes.
 */
export function changeFeed(open: () => pg.Client): ChangeFeed {
  const listeners = new Set<ChangeListener>();
  let live = false;
  let closed = false;
  let current: pg.Client | null = null;
  let loop: Promise<void> | null = null;
  let wake = () => {};

  const dispatch = (message: pg.Notification) => {
    if (message.channel !== CHANGES_CHANNEL) return;
    for (const listener of listeners) listener.change(message.payload ?? '');
  };
  const setLive = (value: boolean) => {
    if (live === value) return;
    live = value;
    for (const listener of listeners) listener.hearing(value);
  };

  async function keepListening(): Promise<void> {
    while (!closed) {
      const client = open();
      current = client;
      const ended = new Promise<void>((resolve) => client.once('end', resolve));
      // A broken connection emits 'error', then 'end'.
      client.on('error', () => {});
      client.on('notification', dispatch);
      try {
        await client.connect();
        await client.query(`LISTEN ${CHANGES_CHANNEL}`);
        if (!closed) setLive(true);
        await ended;
      } catch {
        // Could not open or listen: try again below.
      }
      setLive(false);
      current = null;
      await client.end().catch(() => {});
      if (closed) return;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, RECONNECT_MS);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  }

  return {
    subscribe(listener) {
      listeners.add(listener);
      if (live) listener.hearing(true);
      loop ??= keepListening();
      return () => {
        listeners.delete(listener);
      };
    },
    async attach(client) {
      // Only its own: the others' reach this process through the feed's connection (once, not once per
      // pooled connection).
      const own = client as pg.ClientBase & { processID: number | null };
      client.on('notification', (message) => {
        if (message.processId === own.processID) dispatch(message);
      });
      // A connection that cannot listen is not handed out: the checkout fails instead.
      await client.query(`LISTEN ${CHANGES_CHANNEL}`);
    },
    async close() {
      closed = true;
      wake();
      await current?.end().catch(() => {});
      // The loop tells the subscribers it no longer hears, on its way out.
      await loop;
    },
  };
}
