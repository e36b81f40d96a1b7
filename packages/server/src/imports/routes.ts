import type { FastifyInstance, FastifyRequest } from 'fastify';
import { currentUser } from '../auth/authenticate';
import { idempotent } from '../http/idempotency';
import { countLookups } from '../http/rate-limit';
import { route } from '../http/route';
import { sendInvitations } from '../users/invite';
import { type ImportLease, takeImportLease } from './one-at-a-time';
import { ParsePool } from './parse-pool';
import { PARSE_TIME_LIMIT_MS, readOffThread } from './read';
import { importFile } from './service';

/**
 * A file of up to 10 MiB characters (the contract's maxLength), JSON-escaped in the body: a quote or a
 * backslash doubles, a control character other than a line break becomes six. 24 MiB holds any real export
 * (mostly text, quotes and line breaks); beyond it the app answers 413 PAYLOAD_TOO_LARGE as everywhere.
 */
export const IMPORT_BODY_LIMIT = 24 * 1024 * 1024;

export function importRoutes(app: FastifyInstance): void {
  const { imports } = app.ctx.config;
  const pool = new ParsePool({
    workers: imports.workers,
    queue: imports.queue,
    memoryMb: imports.workerMemoryMb,
    timeLimitMs: PARSE_TIME_LIMIT_MS,
  });
  app.addHook('onClose', () => pool.close());
  const leases = new WeakMap<FastifyRequest, ImportLease>();
  route(
    app,
    'importFile',
    async (request, reply) => {
      const caller = currentUser(request);
      // One at a time per account (409 at once), then the file is read on a thread of its own, with no
      // connection held; only then the import's transaction (the Idempotency-Key's included) begins.
      const lease = await takeImportLease(app.ctx.db, caller.id, request.log);
      leases.set(request, lease);
      try {
        const read = await readOffThread(app.ctx.db, pool, caller, request.body, request.log);
        // Bulk work: the transaction shares DATABASE_BULK_CONNECTIONS with receipts and recurring backfills.
        return await app.ctx.bulk.run(() =>
          idempotent(request, reply, async (db) => {
            const outcome = await importFile(db, caller, request.body, {
              contract: app.ctx.contract,
              now: app.ctx.now(),
              parse: () => read,
              lookups: (count) =>
                countLookups(app.ctx.limits.requests, app.ctx.config.rateLimits, caller.id, count),
            });
            return {
              status: outcome.status,
              body: outcome.body,
              afterCommit: () => sendInvitations(app.ctx, app.mailer, caller, outcome.invited, request.log),
            };
          }),
        );
      } finally {
        await lease.release();
      }
    },
    {
      bodyLimit: IMPORT_BODY_LIMIT,
      // idempotent() sends a keyed answer itself: the lease must be gone before the caller can ask again.
      onSend: async (request) => {
        await leases.get(request)?.release();
      },
    },
  );
}
