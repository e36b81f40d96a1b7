import type { components } from '@kitty/api/schema';

/** The stable code of an error answer (openapi.yaml, ErrorCode): what a client decides on. */
export type ErrorCode = components['schemas']['ErrorCode'];

export interface FieldError {
  field: string;
  message: string;
}

/** The JSON of every error response. */
export interface ErrorBody {
  code: ErrorCode;
  message: string;
  errors?: FieldError[];
}

export const INVALID_FIELDS_MESSAGE = 'Please check the highlighted fields.';
export const UNAVAILABLE_MESSAGE = 'The service is temporarily unavailable. Please try again shortly.';
export const INTERNAL_MESSAGE = 'An unexpected error occurred. Please try again.';
export const NOT_FOUND_MESSAGE = 'Not found';
export const SIGN_IN_AGAIN_MESSAGE = 'Please sign in again.';

/**
 * An expected failure with the status, code and message the caller sees. Services throw it (or one of the
 * helpers below); the error handler answers `{ code, message, errors? }`. Anything else thrown is a 500: a bug.
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly errors?: FieldError[],
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }

  toJSON(): ErrorBody {
    const body: ErrorBody = { code: this.code, message: this.message };
    return this.errors ? { ...body, errors: this.errors } : body;
  }
}

/** 400 with the failing fields: `invalid({ field: 'amount', message: 'amount must be greater than 0' })`. */
export const invalid = (...errors: FieldError[]) =>
  new HttpError(400, 'VALIDATION_FAILED', INVALID_FIELDS_MESSAGE, errors);
/** 400 for one failing field whose own sentence is the message (screens that show only the message). */
export const invalidField = (field: string, message: string, code: ErrorCode = 'VALIDATION_FAILED') =>
  new HttpError(400, code, message, [{ field, message }]);
export const badRequest = (code: ErrorCode, message: string) => new HttpError(400, code, message);
export const unauthorized = (code: ErrorCode = 'UNAUTHENTICATED', message = SIGN_IN_AGAIN_MESSAGE) =>
  new HttpError(401, code, message);
export const forbidden = (code: ErrorCode, message: string) => new HttpError(403, code, message);
export const notFound = () => new HttpError(404, 'NOT_FOUND', NOT_FOUND_MESSAGE);
export const conflict = (code: ErrorCode, message: string) => new HttpError(409, code, message);
export const unprocessable = (code: ErrorCode, message: string) => new HttpError(422, code, message);
/** 429 "Too many attempts. Please try again in N minutes." with Retry-After in whole seconds. */
export const tooManyRequests = (retryAfterSeconds: number) => {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return new HttpError(429, 'RATE_LIMITED', tooManyAttemptsMessage(seconds), undefined, {
    'retry-after': String(seconds),
  });
};

export function tooManyAttemptsMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many attempts. Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;
}
