import type { FastifyInstance } from 'fastify';
import { currentUser } from '../auth/authenticate';
import { tooManyRequests } from '../http/errors';
import { route } from '../http/route';
import { securityHeaders } from '../http/security';
import { LiveHub } from './hub';
import { SignInWatch } from './sign-ins';
import {
  changesFor,
  firstChangeId,
  type LiveEventJson,
  type LiveRow,
  lastChangeId,
  toLiveEventJson,
} from './repo';

/** Changes a reconnecting stream catches up at most; past that it is asked to read everything again. */
export const CATCH_UP_LIMIT = 500;
/** How long a client waits before it reconnects after the stream ends (the `retry:` field). */
const RETRY_MS = 2_000;

declare module 'fastify' {
  interface FastifyInstance {
    live: LiveHub;
  }
}

/**
 * GET /events: the changes of the caller's groups as Server-Sent Events. The stream is registered with the
 * process's hub first, then catches up from Last-Event-ID, so nothing committed in between is lost (an event
 * both read is sent once). It ends after LIVE_STREAM_SECONDS (the client reconnects and catches up, and its
 * token is checked again) or when its token expires, within seconds of its sign-in ending (SignInWatch), or
 * when the server closes.
 */
export function liveRoutes(app: FastifyInstance): void {
  const hub = new LiveHub(app.ctx.db, app.log, app.ctx.config.livePollMs);
  app.decorate('live', hub);
  const signIns = new SignInWatch(app.ctx.db, app.log);
  // Before the server stops taking connections: open streams would keep it from closing.
  app.addHook('preClose', async () => {
    await signIns.close();
    await hub.close();
  });

  route(app, 'streamEvents', async (request, reply) => {
    const user = currentUser(request);
    // Open streams per account per process (LIVE_STREAMS_PER_ACCOUNT; a browser holds one per tab).
    if (hub.streamsOf(user.id) >= app.ctx.config.liveStreamsPerAccount)
      throw tooManyRequests(RETRY_MS / 1000);
    const header = request.headers['last-event-id'];
    const lastId = typeof header === 'string' && header !== '' ? Number(header) : null;

    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      ...(reply.getHeaders() as Record<string, string>),
      ...securityHeaders("default-src 'none'; frame-ancestors 'none'", request.protocol === 'https'),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-store, no-transform',
      'x-accel-buffering': 'no',
    });
    res.write(`retry: ${RETRY_MS}\n\n`);

    let open = true;
    const sent = new Set<number>();
    // Live rows that arrive while the stream catches up wait, so ids go out in order.
    let held: LiveRow[] | null = lastId === null ? null : [];
    const write = (text: string) => {
      if (open && !res.destroyed) res.write(text);
    };
    const emit = (row: LiveRow) => {
      if (sent.has(row.id)) return;
      sent.add(row.id);
      write(`id: ${row.id}\nevent: change\ndata: ${JSON.stringify(toLiveEventJson(row))}\n\n`);
    };
    const client = {
      userId: user.id,
      send(row: LiveRow) {
        if (held) held.push(row);
        else emit(row);
      },
      ping: () => write(': keep-alive\n\n'),
      end,
    };
    let lifetime: NodeJS.Timeout | null = null;
    const unwatch = signIns.watch({ userId: user.id, tokenVersion: user.token_version, end });
    function end() {
      if (!open) return;
      open = false;
      if (lifetime) clearTimeout(lifetime);
      unwatch();
      hub.remove(client);
      app.ctx.limits.accounts.leave(request);
      res.end();
    }
    res.on('close', end);

    try {
      await hub.add(client);
      if (lastId !== null) await catchUp(lastId);
    } catch (err) {
      request.log.warn({ err }, 'live stream: catch-up failed');
      end(); // the client reconnects and tries again
      return undefined;
    }
    const waiting = held ?? [];
    held = null;
    for (const row of waiting.sort((a, b) => a.id - b.id)) emit(row);
    // Set up: an open stream only listens to the hub's one shared poll, so it no longer takes one of the
    // account's places (ACCOUNT_CONCURRENCY); LIVE_STREAMS_PER_ACCOUNT bounds open streams.
    app.ctx.limits.accounts.leave(request);
    // A stream never outlives the token that opened it.
    const tokenLeft = (request.tokenExpiresAt ?? Number.POSITIVE_INFINITY) - Date.now();
    const ms = Math.min(app.ctx.config.liveStreamSeconds * 1000, tokenLeft);
    if (ms <= 0) end();
    else lifetime = setTimeout(end, ms);
    return undefined;

    async function catchUp(after: number) {
      const db = app.ctx.db;
      const first = await firstChangeId(db);
      const rows = await changesFor(db, user.id, after, CATCH_UP_LIMIT + 1);
      // Older than what is kept (pruned), or more than a catch-up sends: read everything again.
      if (rows.length > CATCH_UP_LIMIT || (first !== null && after < first - 1)) {
        const newest = String(await lastChangeId(db));
        const resync: LiveEventJson = {
          id: newest,
          group_id: '',
          kind: 'resync',
          entity_id: null,
          actor_id: null,
          at: new Date().toISOString(),
        };
        write(`id: ${newest}\nevent: change\ndata: ${JSON.stringify(resync)}\n\n`);
        return;
      }
      for (const row of rows) emit(row);
    }
  });
}
