/** The database cannot be reached: the HTTP layer answers 503. */
export class DatabaseUnavailableError extends Error {
  constructor(cause: unknown) {
    super(`Database unavailable: ${(cause as Error)?.message ?? String(cause)}`, { cause });
    this.name = 'DatabaseUnavailableError';
  }
}

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
]);
// PostgreSQL SQLSTATEs: connection exceptions (08xxx), shutdown / starting up (57P0x), too many connections.
const SQLSTATE_UNAVAILABLE = /^(08\d{3}|57P0[1-3]|53300)$/;
const MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
  'Cannot use a pool after calling end on the pool',
  'PGlite is closed',
];

export function isUnavailable(error: unknown): boolean {
  if (error instanceof DatabaseUnavailableError) return true;
  if (!error || typeof error !== 'object') return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || SQLSTATE_UNAVAILABLE.test(code))) return true;
  return typeof message === 'string' && MESSAGES.some((m) => message.includes(m));
}

/** Rethrows connection failures as DatabaseUnavailableError, anything else unchanged. */
export function translate(error: unknown): never {
  throw isUnavailable(error) && !(error instanceof DatabaseUnavailableError)
    ? new DatabaseUnavailableError(error)
    : error;
}
