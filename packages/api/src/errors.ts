import { type FailureFallback, failureMessage } from '@kitty/domain';
import type { ErrorCode } from './types';

/** Every failed call, normalised: what the screens show and log. */
export interface ApiError {
  /** HTTP status; 0 when no response arrived. */
  readonly status: number;
  /** The server's stable code (openapi.yaml ErrorCode): what a screen decides on. Undefined without one. */
  readonly code: ErrorCode | undefined;
  /** The response body (parsed JSON when it was JSON), undefined without a response. */
  readonly data: unknown;
  readonly message: string;
}

export const NO_RESPONSE_MESSAGE = 'No response from server';

// Tagged errors as plain classes: Effect's catchTag and friends need only `_tag`, and the sign-in page's
// first download then carries none of Effect's runtime (about 4.4 kB gzip).

/** No response arrived (offline, DNS, CORS, aborted): status 0. */
export class NetworkError extends Error {
  readonly _tag = 'NetworkError' as const;
  readonly status = 0 as const;
  readonly code = undefined;
  readonly data = undefined;

  constructor(args: { readonly message: string; readonly cause?: unknown }) {
    super(args.message, args.cause === undefined ? undefined : { cause: args.cause });
    this.name = 'NetworkError';
  }
}

/** The server answered with a non-2xx status. */
export class HttpError extends Error {
  readonly _tag = 'HttpError' as const;
  readonly status: number;
  readonly code: ErrorCode | undefined;
  readonly data: unknown;

  constructor(args: { readonly status: number; readonly data: unknown; readonly message: string }) {
    super(args.message);
    this.name = 'HttpError';
    this.status = args.status;
    this.code = codeIn(args.data);
    this.data = args.data;
  }
}

export type CallError = NetworkError | HttpError;

/** A caller's fallback message, fixed or chosen by status (e.g. 404 "Expense not found"). */
export type DefaultMessage = FailureFallback;

export function isApiError(value: unknown): value is CallError {
  return value instanceof NetworkError || value instanceof HttpError;
}

// The body is the server's word, but a proxy in between may answer anything: only a string is a code.
function codeIn(data: unknown): ErrorCode | undefined {
  const code = typeof data === 'object' && data !== null ? (data as { code?: unknown }).code : undefined;
  return typeof code === 'string' ? (code as ErrorCode) : undefined;
}

/** A server answer with an error status: its `message`, else the caller's default. */
export function httpError(status: number, data: unknown, defaultMessage: DefaultMessage): HttpError {
  return new HttpError({ status, data, message: failureMessage({ status, data }, defaultMessage) });
}

/**
 * A thrown or rejected value: already normalised errors pass through; a failed fetch (TypeError)
 * or anything without a message means no response; any other Error keeps its own message.
 */
export function thrownError(error: unknown): CallError {
  if (isApiError(error)) return error;
  if (error instanceof Error && !(error instanceof TypeError) && error.message !== '') {
    return new NetworkError({ message: error.message, cause: error });
  }
  return new NetworkError({ message: NO_RESPONSE_MESSAGE, cause: error });
}
