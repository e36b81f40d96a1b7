import type { FastifyInstance } from 'fastify';
import { currentUser } from '../auth/authenticate';
import { idempotent } from '../http/idempotency';
import { route } from '../http/route';
import { sendInvitations } from '../users/invite';
import { importFile } from './service';

/**
 * A file of up to 10 MiB characters (the contract's maxLength), JSON-escaped in the body: a quote or a
 * backslash doubles, a control character other than a line break becomes six. 24 MiB holds any real export
 * (mostly text, quotes and line breaks); beyond it the app answers 413 PAYLOAD_TOO_LARGE as everywhere.
 */
export const IMPORT_BODY_LIMIT = 24 * 1024 * 1024;

export function importRoutes(app: FastifyInstance): void {
  route(
    app,
    'importFile',
    // Bulk work: it shares DATABASE_BULK_CONNECTIONS with receipts and recurring backfills.
    async (request, reply) =>
      app.ctx.bulk.run(() =>
        idempotent(request, reply, async (db) => {
          const caller = currentUser(request);
          const outcome = await importFile(db, caller, request.body, {
            contract: app.ctx.contract,
            now: app.ctx.now(),
          });
          return {
            status: outcome.status,
            body: outcome.body,
            afterCommit: () => sendInvitations(app.ctx, app.mailer, caller, outcome.invited, request.log),
          };
        }),
      ),
    { bodyLimit: IMPORT_BODY_LIMIT },
  );
}
