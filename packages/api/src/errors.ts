import { Data } from 'effect';

/** Every failed call, normalised: what the screens show and log. */
export interface ApiError {
  /** HTTP status; 0 when no response arrived. */
  readonly status: number;
  /** The response body (parsed JSON when it was JSON), undefined without a response. */
  readonly data: unknown;
  readonly message: string;
}

export const NO_RESPONSE_MESSAGE = 'No response from server';

/** No response arrived (offline, DNS, CORS, aborted): status 0. */
export class NetworkError extends Data.TaggedError('NetworkError')<{
  readonly message: string;
  readonly cause?: unknown;
}> {
  readonly status = 0 as const;
  readonly data = undefined;
}

/** The server answered with a non-2xx status. */
export class HttpError extends Data.TaggedError('HttpError')<{
  readonly status: number;
  readonly data: unknown;
  readonly message: string;
}> {}

export type CallError = NetworkError | HttpError;

/** A caller's fallback message, fixed or chosen by status (e.g. 404 "Expense not found"). */
export type DefaultMessage = string | ((status: number) => string);

export function isApiError(value: unknown): value is CallError {
  return value instanceof NetworkError || value instanceof HttpError;
}

/** The server's `message` field when it sent a non-empty one. */
export function serverMessage(data: unknown): string | undefined {
  if (typeof data === 'object' && data !== null && 'message' in data) {
    const { message } = data as { message: unknown };
    if (typeof message === 'string' && message.trim() !== '') return message;
  }
  return undefined;
}

function fallback(defaultMessage: DefaultMessage, status: number): string {
  return typeof defaultMessage === 'function' ? defaultMessage(status) : defaultMessage;
}

/** A server answer with an error status: its `message`, else the caller's default. */
export function httpError(status: number, data: unknown, defaultMessage: DefaultMessage): HttpError {
  return new HttpError({ status, data, message: serverMessage(data) ?? fallback(defaultMessage, status) });
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
