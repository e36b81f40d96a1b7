import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isUnavailable } from '../db';
import {
  type ErrorBody,
  type ErrorCode,
  HttpError,
  INTERNAL_MESSAGE,
  invalid,
  UNAVAILABLE_MESSAGE,
} from './errors';
import { fieldErrors } from './validation';

const NOT_JSON = 'The request body is not valid JSON';
// A database outage or restart usually passes within seconds.
const RETRY_AFTER_SECONDS = 5;

/** Turns every thrown error into `{ code, message, errors? }` with the right status. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.code(error.status).headers(error.headers).send(error.toJSON());
    }
    if (error.validation) return sendValidationError(error, reply);
    if (isUnavailable(error)) {
      // One short line per request: an outage answers many, and the stack says nothing more.
      request.log.warn({ reason: error.message }, 'database unavailable: answered 503');
      return reply
        .code(503)
        .header('retry-after', String(RETRY_AFTER_SECONDS))
        .send({ code: 'SERVICE_UNAVAILABLE', message: UNAVAILABLE_MESSAGE } satisfies ErrorBody);
    }
    const known = clientError(error);
    if (known)
      return reply.code(known.status).send({ code: known.code, message: known.message } satisfies ErrorBody);
    return sendInternalError(error, request, reply);
  });
}

function sendValidationError(error: FastifyError, reply: FastifyReply) {
  const errors = fieldErrors(error.validation ?? [], error.validationContext);
  const wholeBody = errors.length === 1 && errors[0]?.field === 'body';
  if (wholeBody) {
    const body: ErrorBody = { code: 'MALFORMED_REQUEST', message: 'The request body must be a JSON object.' };
    return reply.code(400).send(body);
  }
  return reply.code(400).send(invalid(...errors).toJSON());
}

/** Fastify's own 4xx errors (body parsing, content type), with messages a person understands. */
function clientError(error: FastifyError): { status: number; code: ErrorCode; message: string } | undefined {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 413, code: 'PAYLOAD_TOO_LARGE', message: 'The request body is too large.' };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return {
        status: 415,
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message: 'Send the request body as JSON (Content-Type: application/json).',
      };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return { status: 400, code: 'INVALID_JSON', message: NOT_JSON };
  }
  if (error instanceof SyntaxError && error.statusCode === 400) {
    return { status: 400, code: 'INVALID_JSON', message: NOT_JSON };
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    return { status, code: 'MALFORMED_REQUEST', message: 'The request could not be understood.' };
  }
  return undefined;
}

function sendInternalError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  request.log.error({ err: error, reqId: request.id }, 'unexpected error (a bug): answered 500');
  return reply.code(500).send({ code: 'INTERNAL_ERROR', message: INTERNAL_MESSAGE } satisfies ErrorBody);
}
