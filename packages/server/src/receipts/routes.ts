import { createHash } from 'node:crypto';
import multipart from '@fastify/multipart';
import { RECEIPT_REMOVED } from '@kitty/domain';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../auth/authenticate';
import { HttpError } from '../http/errors';
import { IDEMPOTENCY_HEADER, idempotent } from '../http/idempotency';
import { route } from '../http/route';
import { inspectReceipt } from './inspect';
import { sendReceiptFile } from './serve';
import { attachReceipt, checkAttachable, deleteReceipt, listReceipts, receiptFile } from './service';
import { MULTIPART_ONLY, readUpload, UPLOAD_LIMITS } from './upload';

export function receiptRoutes(app: FastifyInstance): void {
  const { db } = app.ctx;

  route(app, 'listReceipts', async (request) => listReceipts(db, request.params.id, currentUser(request).id));

  route(app, 'getReceiptFile', async (request, reply) => {
    const { id, receiptId } = request.params;
    const file = await receiptFile(db, id, receiptId, currentUser(request).id, 'original');
    return sendReceiptFile(reply, file) as unknown as undefined;
  });

  route(app, 'getReceiptThumbnail', async (request, reply) => {
    const { id, receiptId } = request.params;
    const file = await receiptFile(db, id, receiptId, currentUser(request).id, 'thumbnail');
    return sendReceiptFile(reply, { ...file, content_type: 'image/webp' }) as unknown as undefined;
  });

  route(app, 'deleteReceipt', async (request) => {
    await deleteReceipt(db, currentUser(request).id, request.params.id, request.params.receiptId);
    return { message: RECEIPT_REMOVED };
  });

  // The one route that reads multipart/form-data, in a context of its own: every other route keeps
  // answering 415 to anything but JSON, and this one to anything but multipart.
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) =>
      done(new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', MULTIPART_ONLY), undefined),
    );
    await scope.register(multipart, { limits: UPLOAD_LIMITS, throwFileSizeLimit: true });

    route(scope, 'attachReceipt', async (request, reply) => {
      const callerId = currentUser(request).id;
      const expenseId = request.params.id;
      // A repeat with an Idempotency-Key replays its answer even once the expense is full: it is checked
      // only inside the write then.
      if (request.headers[IDEMPOTENCY_HEADER] === undefined) await checkAttachable(db, expenseId, callerId);
      const upload = await readUpload(request);
      const inspected = await inspectReceipt(upload.bytes);
      const sha256 = createHash('sha256').update(upload.bytes).digest('hex');
      // Only now, the file received and checked, is a connection taken: one of the few bulk work may hold.
      return app.ctx.bulk.run(() =>
        idempotent(
          request,
          reply,
          async (tx) => ({
            status: 201,
            body: await attachReceipt(tx, callerId, expenseId, { ...upload, inspected }),
          }),
          { body: { file: sha256, filename: upload.filename } },
        ),
      );
    });
  });
}
