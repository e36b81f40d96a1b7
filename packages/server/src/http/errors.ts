export interface FieldError {
  field: string;
  message: string;
}

/** The JSON of every error response. */
export interface ErrorBody {
  message: string;
  errors?: FieldError[];
}

export const INVALID_FIELDS_MESSAGE = 'Please check the highlighted fields.';
export const UNAVAILABLE_MESSAGE = 'The service is temporarily unavailable. Please try again shortly.';
export const INTERNAL_MESSAGE = 'An unexpected error occurred. Please try again.';
export const NOT_FOUND_MESSAGE = 'Not found';
export const SIGN_IN_AGAIN_MESSAGE = 'Please sign in again.';

/**
 * An expected failure with the status and message the caller sees. Services throw it (or one of the
 * helpers below); the error handler answers `{ message, errors? }`. Anything else thrown is a 500: a bug.
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: FieldError[],
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }

  toJSON(): ErrorBody {
    return this.errors ? { message: this.message, errors: this.errors } : { message: this.message };
  }
}

/** 400 with the failing fields: `invalid({ field: 'amount', message: 'amount must be greater than 0' })`. */
export const invalid = (...errors: FieldError[]) => new HttpError(400, INVALID_FIELDS_MESSAGE, errors);
export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message = SIGN_IN_AGAIN_MESSAGE) => new HttpError(401, message);
export const forbidden = (message: string) => new HttpError(403, message);
export const notFound = (message = NOT_FOUND_MESSAGE) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const unprocessable = (message: string) => new HttpError(422, message);
/** 429 "Too many attempts. Please try again in N minutes." with Retry-After in whole seconds. */
export const tooManyRequests = (retryAfterSeconds: number) => {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return new HttpError(429, tooManyAttemptsMessage(seconds), undefined, { 'retry-after': String(seconds) });
};

export function tooManyAttemptsMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many attempts. Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;
}
