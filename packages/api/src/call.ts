import { Effect } from 'effect';
import { type CallError, type DefaultMessage, httpError, thrownError } from './errors';

/** What every openapi-fetch call resolves to. */
export interface FetchResult {
  readonly data?: unknown;
  readonly error?: unknown;
  readonly response: Response;
}

/** The success body of an openapi-fetch result. */
export type DataOf<R extends FetchResult> = Exclude<R['data'], undefined>;

function settle<R extends FetchResult>(result: R, defaultMessage: DefaultMessage): DataOf<R> {
  if (!result.response.ok) throw httpError(result.response.status, result.error, defaultMessage);
  return result.data as DataOf<R>;
}

/**
 * Resolves to the body of a successful call; rejects with a normalised error
 * (`HttpError` with the server's status and message or `defaultMessage`, or `NetworkError`, status 0).
 *
 *   const { users } = await call(api.GET('/users/search', { params: { query: { term } } }), 'Failed to search users');
 */
export async function call<R extends FetchResult>(
  request: Promise<R>,
  defaultMessage: DefaultMessage,
): Promise<DataOf<R>> {
  let result: R;
  try {
    result = await request;
  } catch (error) {
    throw thrownError(error);
  }
  return settle(result, defaultMessage);
}

/**
 * The same call as an Effect with tagged errors (`HttpError` | `NetworkError`).
 * The thunk receives an AbortSignal that fires when the Effect is interrupted: pass it on as `signal`.
 *
 *   callEffect((signal) => api.GET('/groups', { signal }), 'Failed to fetch groups')
 */
export function callEffect<R extends FetchResult>(
  request: (signal: AbortSignal) => Promise<R>,
  defaultMessage: DefaultMessage,
): Effect.Effect<DataOf<R>, CallError> {
  return Effect.flatMap(
    Effect.tryPromise({ try: (signal: AbortSignal) => request(signal), catch: thrownError }),
    (result) =>
      result.response.ok
        ? Effect.succeed(result.data as DataOf<R>)
        : Effect.fail(httpError(result.response.status, result.error, defaultMessage)),
  );
}
