import type { FastifyRequest } from 'fastify';

/** What a log line shows instead of a credential. */
export const CENSOR = '[redacted]';

/**
 * Never written to the logs, wherever they appear (pino redaction paths). Headers are not logged at all
 * (see requestForLog); these catch a line that logs them, or a body, all the same.
 */
export const REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  '*.headers.authorization',
  '*.headers.cookie',
  '*.authorization',
  '*.cookie',
  '*.password',
  '*.passphrase',
  '*.token',
  '*.currentPassword',
  '*.newPassword',
  '*.recaptchaToken',
  '*.password_hash',
];

/** A query parameter whose value is a credential, by its name (`token`, `access_token`, `api_key`, ...). */
const SECRET_PARAMETER = /token|passw|passphrase|secret|key|auth|code|sig|session|jwt|bearer|credential/i;
/** A JSON Web Token (a base64url JSON header, `eyJ`), wherever it appears. */
const JWT = /eyJ[A-Za-z0-9_-]*\.[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]*)?/;
/** An opaque random value (an e-mail link token is 43 base64url characters); ids are UUIDs. */
const OPAQUE = /^[A-Za-z0-9_-]{32,}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The address of a request as a log line shows it: the values of credential-like query parameters, any
 * JSON Web Token and any opaque token-like path segment or value replaced by CENSOR. A client that puts
 * its token in the address (GET /events?token=..., an e-mail link opened as /verify-email?token=...) must
 * not leave it in the logs, where whoever reads them could sign in as that person.
 */
export function urlForLog(url: string): string {
  const cut = url.indexOf('?');
  const path = (cut < 0 ? url : url.slice(0, cut))
    .split('/')
    .map((segment) => censorValue(segment))
    .join('/');
  if (cut < 0) return path;
  const query = url
    .slice(cut + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq < 0) return censorValue(pair);
      const name = pair.slice(0, eq);
      return SECRET_PARAMETER.test(decoded(name))
        ? `${name}=${CENSOR}`
        : `${name}=${censorValue(pair.slice(eq + 1))}`;
    })
    .join('&');
  return `${path}?${query}`;
}

function censorValue(value: string): string {
  const plain = decoded(value);
  if (OPAQUE.test(plain) && !UUID.test(plain)) return CENSOR;
  return JWT.test(plain) ? CENSOR : value;
}

function decoded(text: string): string {
  try {
    return decodeURIComponent(text.replaceAll('+', ' '));
  } catch {
    return text;
  }
}

/**
 * The `req` of Fastify's request log lines ("incoming request"): Fastify's own fields, with the address
 * through urlForLog. No header and no body is ever part of it.
 */
export function requestForLog(request: FastifyRequest) {
  return {
    method: request.method,
    url: urlForLog(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
