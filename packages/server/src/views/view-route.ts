import type { FastifyInstance, FastifyReply } from 'fastify';
import { authenticateFor } from '../auth/authenticate';
import { acceptedEncoding, COMPRESS_FROM, varyOnEncoding } from '../http/encoding';
import { type OperationHandler, type OperationId, type OperationRequest, route } from '../http/route';

export interface ViewSpec<O extends OperationId> {
  /**
   * What the answer shows: one group (`group` names it from the request's path; members only), or the
   * caller across all their groups and outside groups (`'person'`).
   */
  shows: { group: (request: OperationRequest<O>) => string } | 'person';
  /**
   * Everything besides the versions that decides the answer: the path's ids, the query, and the caller's
   * id whenever the answer differs by caller. Two requests with the same key and versions get the same bytes.
   */
  key: (request: OperationRequest<O>) => string;
  /** Builds the answer, exactly as a route handler would (its errors are answered, never remembered). */
  answer: OperationHandler<O>;
}

/**
 * A read whose answer is remembered (src/views/cache.ts) while nothing it shows changes. The onRequest
 * check that authenticates the caller also reads, in the same statement, whether they are a member and
 * the versions of what the answer shows (src/auth/access.ts). The answer is given again only at exactly
 * those versions; a non-member, or anything without a version, gets the answer built as usual. So a
 * remembered answer is never older than the request: every write committed before it arrived, on any
 * server process, has moved a version the check reads.
 */
export function viewRoute<O extends OperationId>(
  app: FastifyInstance,
  operationId: O,
  spec: ViewSpec<O>,
): void {
  const { ctx } = app;
  if (!ctx.contract.operation(operationId).secured) {
    throw new Error(`${operationId} is public: only a read that authenticates its caller can be remembered`);
  }
  const shows = spec.shows;
  route(
    app,
    operationId,
    async (request, reply: FastifyReply) => {
      const version = request.viewVersion;
      // Null also with VIEW_CACHE_MB=0: every request builds its own answer, nothing is remembered or shared.
      if (version === null) return spec.answer(request, reply);
      const key = `${operationId} ${spec.key(request)}`;
      const body = await ctx.views.answer(key, version, () => spec.answer(request, reply));
      reply.type('application/json; charset=utf-8');
      varyOnEncoding(reply);
      const encoding = acceptedEncoding(request.headers['accept-encoding']);
      if (encoding === 'identity' || body.length < COMPRESS_FROM) return body as never;
      // Compressed once per version (src/views/cache.ts): a browser gets the group page in a twelfth of the bytes.
      reply.header('content-encoding', encoding);
      return ctx.views.packed(key, version, body, encoding) as never;
    },
    {
      authenticate: async (request) => {
        if (ctx.views.maxBytes === 0) {
          await authenticateFor(ctx, request);
          return;
        }
        request.viewVersion = await authenticateFor(
          ctx,
          request,
          shows === 'person' ? { person: true } : { groupId: shows.group(request as OperationRequest<O>) },
        );
      },
    },
  );
}
