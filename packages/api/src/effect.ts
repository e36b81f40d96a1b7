// The client as Effects: the typed client as a service, each call with a time limit, retried with a
// Schedule while no response arrives, and aborted (its fetch too) when the Effect is interrupted.
import { Context, Duration, Effect, Layer, Schedule } from 'effect';
import { callEffect, type DataOf, type FetchResult } from './call';
import { type ApiClient, type ApiClientOptions, createApiClient } from './client';
import { type CallError, type DefaultMessage, NetworkError } from './errors';

/** How patient a call is with the network. */
export interface CallPolicy {
  /** The longest wait for one attempt's answer; then its request is aborted and it counts as no response. */
  readonly timeout: Duration.Input;
  /** How many more attempts a call that got no response makes (0: none). An answer, even 500, is never retried. */
  readonly retries: number;
  /** The wait before the first retry; each next wait doubles (with a little jitter). */
  readonly retryDelay: Duration.Input;
}

export const DEFAULT_CALL_POLICY: CallPolicy = {
  timeout: '15 seconds',
  retries: 3,
  retryDelay: '300 millis',
};

/** The policy in force: DEFAULT_CALL_POLICY unless provided (`Effect.provideService(CallPolicy, ...)`). */
export const CallPolicy = Context.Reference<CallPolicy>('@kitty/api/CallPolicy', {
  defaultValue: () => DEFAULT_CALL_POLICY,
});

/** The typed client (createApiClient) as a service. */
export class KittyClient extends Context.Service<KittyClient, ApiClient>()('@kitty/api/KittyClient') {
  /** A layer holding a client made with these options (give an absolute `baseUrl` outside a browser). */
  static layer(options: ApiClientOptions): Layer.Layer<KittyClient> {
    return Layer.sync(KittyClient, () => createApiClient(options));
  }
}

/** The message of an attempt that got no answer in time: "No response from server within 15s". */
export function timeoutMessage(timeout: Duration.Input): string {
  return `No response from server within ${Duration.format(Duration.fromInputUnsafe(timeout))}`;
}

/** Exponential backoff from `retryDelay`, jittered, at most `retries` times. */
export function retrySchedule(
  policy: Pick<CallPolicy, 'retries' | 'retryDelay'>,
): Schedule.Schedule<unknown> {
  return Schedule.exponential(policy.retryDelay).pipe(
    Schedule.jittered,
    Schedule.upTo({ times: Math.max(0, Math.floor(policy.retries)) }),
  );
}

/** Whether trying again may help: only when no response arrived (an HTTP answer is the server's word). */
export function isRetryable(error: CallError): boolean {
  return error._tag === 'NetworkError';
}

/**
 * `call` under the policy in force: each attempt is limited to `timeout` (then aborted, failing with a
 * NetworkError), and a NetworkError is retried on `retrySchedule`. Only what is safe to send twice should be
 * retried: reads, and creations that carry an `Idempotency-Key` (the server answers a repeat with the first
 * answer). Pass `{ retry: false }` for anything else.
 */
export function withCallPolicy<A, R>(
  call: Effect.Effect<A, CallError, R>,
  options: { readonly retry?: boolean } = {},
): Effect.Effect<A, CallError, R> {
  return CallPolicy.use((policy) => {
    const attempt = call.pipe(
      Effect.timeoutOrElse({
        duration: policy.timeout,
        orElse: () => Effect.fail(new NetworkError({ message: timeoutMessage(policy.timeout) })),
      }),
    );
    if (options.retry === false || policy.retries <= 0) return attempt;
    return attempt.pipe(Effect.retry({ schedule: retrySchedule(policy), while: isRetryable }));
  });
}

/**
 * One API call as an Effect on the KittyClient service, under the CallPolicy: the body of a 2xx answer, or an
 * HttpError (the server's status, code and message) or NetworkError (no response, also after the timeout and
 * every retry). Interrupting it aborts the request in flight.
 *
 *   const groups = yield* request((api, signal) => api.GET('/groups', { signal }), 'Failed to fetch groups');
 */
export function request<R extends FetchResult>(
  send: (api: ApiClient, signal: AbortSignal) => Promise<R>,
  defaultMessage: DefaultMessage,
  options: { readonly retry?: boolean } = {},
): Effect.Effect<DataOf<R>, CallError, KittyClient> {
  return KittyClient.use((api) =>
    withCallPolicy(
      callEffect((signal) => send(api, signal), defaultMessage),
      options,
    ),
  );
}
