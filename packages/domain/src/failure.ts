// The one reading of a failed call for every screen and machine. A failure is the api client's normalised
// error ({ status, data, message, code }: status 0 when no response arrived) or anything else thrown.

/** What a failure says about itself. */
export interface FailureSeen {
  /** HTTP status; 0 when no response arrived; undefined when the failure is not a call's. */
  status: number | undefined;
  /** Its own non-empty message (for a call that got no response: the client's words, not the server's). */
  message: string | undefined;
}

/** A screen's words when the server gave none: fixed, or chosen from what the failure says about itself. */
export type FailureFallback = string | ((seen: FailureSeen) => string);

function field(value: unknown, name: string): unknown {
  return typeof value === 'object' && value !== null && name in value
    ? (value as Record<string, unknown>)[name]
    : undefined;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

export function failureSeen(failure: unknown): FailureSeen {
  const status = field(failure, 'status');
  return {
    status: typeof status === 'number' ? status : undefined,
    message: text(field(failure, 'message')),
  };
}

/** The server's stable error code (openapi.yaml ErrorCode) when it answered with one. */
export function failureCode(failure: unknown): string | undefined {
  return text(field(failure, 'code')) ?? text(field(field(failure, 'data'), 'code'));
}

/**
 * A client's own words for a refusal, chosen by its code (openapi.yaml: the server's `message` is English,
 * clients choose their words by `code`); undefined keeps the server's message. The web installs them for its
 * language; the server and the CLI install none and keep the server's English.
 */
export type RefusalWords = (code: string, serverMessage: string | undefined) => string | undefined;

let refusalWords: RefusalWords | undefined;

export function setRefusalWords(words: RefusalWords | undefined): void {
  refusalWords = words;
}

/**
 * The text a failed call shows: the client's words for its code when it installed some (setRefusalWords),
 * else the server's message when it answered with one (its body's `message`, or
 * the normalised error's message once a response arrived), else the screen's fallback.
 *
 *   failureMessage(error, 'Failed to record settlement')
 */
export function failureMessage(failure: unknown, fallback: FailureFallback): string {
  const seen = failureSeen(failure);
  const answered = seen.status !== undefined && seen.status > 0 ? seen.message : undefined;
  const server = text(field(field(failure, 'data'), 'message')) ?? answered;
  const code = failureCode(failure);
  const chosen = code === undefined ? undefined : refusalWords?.(code, server);
  if (chosen !== undefined) return chosen;
  if (server !== undefined) return server;
  return typeof fallback === 'function' ? fallback(seen) : fallback;
}
