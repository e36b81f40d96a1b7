// Answers made before a request reaches our routes and hooks: Fastify's router refusing the address
// (frameworkErrors) and Node's HTTP parser refusing the request (clientError). They get the JSON error
// shape, the security headers and a request id, like every other answer.
import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorBody, ErrorCode } from './errors';
import { securityHeaders } from './security';

export const URL_TOO_LONG_MESSAGE = 'The address is too long.';
export const BAD_URL_MESSAGE = 'The address is not valid.';
export const HEADERS_TOO_LARGE_MESSAGE = 'The request headers are too large.';
export const TIMEOUT_MESSAGE = 'The request took too long to arrive.';
export const NOT_UNDERSTOOD_MESSAGE = 'The request could not be understood.';

/** Fastify's `frameworkErrors`: a bad or over-long address, answered with our shape and headers. */
export function frameworkErrorHandler(policy: string) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const [status, code, message]: [number, ErrorCode, string] =
      error.code === 'FST_ERR_MAX_PARAM_LENGTH'
        ? [414, 'URL_TOO_LONG', URL_TOO_LONG_MESSAGE]
        : error.code === 'FST_ERR_BAD_URL'
          ? [400, 'MALFORMED_REQUEST', BAD_URL_MESSAGE]
          : [
              error.statusCode && error.statusCode < 500 ? error.statusCode : 400,
              'MALFORMED_REQUEST',
              NOT_UNDERSTOOD_MESSAGE,
            ];
    request.log.info({ code: error.code }, `refused by the router: answered ${status}`);
    return reply
      .code(status)
      .headers(securityHeaders(policy, request.protocol === 'https'))
      .header('x-request-id', request.id)
      .send({ code, message } satisfies ErrorBody);
  };
}

/**
 * Fastify's `clientErrorHandler`, for what Node's parser refuses before there is a request (headers or
 * address over the size limit, a malformed request line, a timeout): the answer written on the socket,
 * then the connection closed, as Fastify's own handler does.
 */
export function clientErrorHandler(policy: string) {
  return (error: NodeJS.ErrnoException, socket: Socket) => {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const [status, code, message]: [number, ErrorCode, string] =
      error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'HEADERS_TOO_LARGE', HEADERS_TOO_LARGE_MESSAGE]
        : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? [408, 'REQUEST_TIMEOUT', TIMEOUT_MESSAGE]
          : [400, 'MALFORMED_REQUEST', NOT_UNDERSTOOD_MESSAGE];
    if (socket.writable) {
      const body = JSON.stringify({ code, message } satisfies ErrorBody);
      const https = (socket as Socket & { encrypted?: boolean }).encrypted === true;
      const headers = {
        'content-type': 'application/json; charset=utf-8',
        'content-length': String(Buffer.byteLength(body)),
        'x-request-id': randomUUID(),
        ...securityHeaders(policy, https),
        connection: 'close',
      };
      const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}`);
      socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${lines.join('\r\n')}\r\n\r\n${body}`);
    }
    socket.destroy(error);
  };
}
