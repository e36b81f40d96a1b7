import type { operations } from '@kitty/api/schema';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onSendHookHandler,
  RouteHandlerMethod,
} from 'fastify';
import { guardInput } from './input-guard';
import { routeSchema } from './validation';

export type OperationId = keyof operations;
type Op<O extends OperationId> = operations[O];
type JsonOf<T> = T extends { content: { 'application/json': infer B } } ? B : undefined;
type Responses<O extends OperationId> = Op<O>['responses'];
type SuccessStatus<O extends OperationId> = Extract<keyof Responses<O>, 200 | 201 | 202 | 204>;

export type RequestBody<O extends OperationId> = JsonOf<NonNullable<Op<O>['requestBody']>>;
export type QueryOf<O extends OperationId> = NonNullable<Op<O>['parameters']['query']>;
export type ParamsOf<O extends OperationId> = NonNullable<Op<O>['parameters']['path']>;
/** The JSON a successful answer carries (the union when there are several 2xx answers). */
export type SuccessBody<O extends OperationId> = {
  [S in SuccessStatus<O>]: JsonOf<Responses<O>[S]>;
}[SuccessStatus<O>];

export type OperationRequest<O extends OperationId> = FastifyRequest<{
  Body: RequestBody<O>;
  Querystring: QueryOf<O>;
  Params: ParamsOf<O>;
}>;

export type OperationHandler<O extends OperationId> = (
  request: OperationRequest<O>,
  reply: FastifyReply,
) => Promise<SuccessBody<O>>;

/**
 * Registers the handler of one operation of openapi.yaml. Method, URL, request validation (body,
 * query, path, headers: the contract's own schemas) and authentication (unless the operation says
 * `security: []`) all come from the contract, so nothing is typed twice. The handler returns the
 * success body, typed from the generated `operations`; set another 2xx status with `reply.code(201)`.
 */
export function route<O extends OperationId>(
  app: FastifyInstance,
  operationId: O,
  handler: OperationHandler<O>,
  /**
   * `bodyLimit`: the bytes this operation's body may have, when not the app's 1 MiB (an imported file).
   * `onSend`: runs before any answer of this operation is sent, whoever sends it (an import's lease ends).
   */
  options: { bodyLimit?: number; onSend?: onSendHookHandler } = {},
): void {
  const operation = app.ctx.contract.operation(operationId);
  app.route({
    method: operation.method,
    url: operation.url,
    schema: routeSchema(operation),
    // onRequest runs before the body is read: a caller without a valid token learns nothing else.
    onRequest: operation.secured ? app.authenticate : undefined,
    preHandler: guardInput,
    handler: handler as unknown as RouteHandlerMethod,
    ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
    ...(options.onSend ? { onSend: options.onSend } : {}),
  });
}
