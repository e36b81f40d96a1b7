// The environment variables `kitty` reads besides its config file (README: "Environment").
import { type CallPolicy, DEFAULT_CALL_POLICY } from '@kitty/api';
import { Duration, Effect } from 'effect';
import { type CliFailure, usage } from './errors';

export const ENV = {
  /** The password for `kitty login` (scripts); else --password-stdin, else a prompt. */
  password: 'KITTY_PASSWORD',
  /** The server `kitty login` uses when --server is not given. */
  server: 'KITTY_SERVER',
  /** Milliseconds one attempt of a call may take. */
  timeout: 'KITTY_TIMEOUT_MS',
  /** How many more attempts a call that got no response makes. */
  retries: 'KITTY_RETRIES',
  /** Milliseconds before the first retry (each next one waits twice as long). */
  retryDelay: 'KITTY_RETRY_DELAY_MS',
} as const;

function whole(name: string, min: number, max: number): Effect.Effect<number | undefined, CliFailure> {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return Effect.succeed(undefined);
  const value = /^\d+$/.test(raw.trim()) ? Number(raw.trim()) : Number.NaN;
  return Number.isSafeInteger(value) && value >= min && value <= max
    ? Effect.succeed(value)
    : Effect.fail(usage(`${name} must be a whole number from ${min} to ${max} (it is "${raw}").`));
}

/** The call policy: DEFAULT_CALL_POLICY of @kitty/api, each part replaced by its variable when set. */
export const callPolicyFromEnv: Effect.Effect<CallPolicy, CliFailure> = Effect.gen(function* () {
  const timeout = yield* whole(ENV.timeout, 1, 3_600_000);
  const retries = yield* whole(ENV.retries, 0, 100);
  const retryDelay = yield* whole(ENV.retryDelay, 0, 600_000);
  return {
    timeout: timeout === undefined ? DEFAULT_CALL_POLICY.timeout : Duration.millis(timeout),
    retries: retries ?? DEFAULT_CALL_POLICY.retries,
    retryDelay: retryDelay === undefined ? DEFAULT_CALL_POLICY.retryDelay : Duration.millis(retryDelay),
  };
});
