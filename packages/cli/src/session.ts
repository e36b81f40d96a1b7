// The connection to a Kitty server: the typed client of @kitty/api as an Effect service, under the call
// policy (timeout, retries) of the environment, with failures turned into words and exit codes.
import {
  type ApiClient,
  CallPolicy,
  type DataOf,
  type DefaultMessage,
  type FetchResult,
  KittyClient,
  request,
  TOKEN_KEY,
} from '@kitty/api';
import { Context, Effect, Layer } from 'effect';
import { readConfig, type StoredConfig } from './config';
import { callPolicyFromEnv } from './env';
import { type CliFailure, EXIT, CliFailure as Failure, NOT_SIGNED_IN, callFailure, usage } from './errors';

/** The server calls go to, and how many attempts a call makes (for the message when none is answered). */
export class Connection extends Context.Service<
  Connection,
  { readonly server: string; readonly attempts: number }
>()('kitty/Connection') {}

/** "https://kitty.example.com/api/" -> "https://kitty.example.com"; a usage error unless it is http(s). */
export function normalizeServer(input: string): Effect.Effect<string, CliFailure> {
  const text = input.trim();
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return Effect.fail(usage(`"${text}" is not a server address: give one like https://kitty.example.com`));
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return Effect.fail(usage(`"${text}" is not a server address: it must start with http:// or https://`));
  }
  const path = url.pathname.replace(/\/+$/, '').replace(/\/api$/, '');
  return Effect.succeed(`${url.origin}${path}`);
}

/** The client, the call policy and the connection for `server`, sending `token` when there is one. */
export function connect(
  server: string,
  token: string | null,
): Effect.Effect<Layer.Layer<KittyClient | Connection>, CliFailure> {
  return Effect.map(callPolicyFromEnv, (policy) =>
    Layer.mergeAll(
      KittyClient.layer({
        baseUrl: `${server}/api`,
        storage: { getItem: (key) => (key === TOKEN_KEY ? token : null), removeItem: () => {} },
        // A 401 is handled where the call fails (exit code 3); errors are printed once, by main (and each
        // failed call as it happens with KITTY_DEBUG=1).
        onUnauthorized: () => {},
        log:
          process.env.KITTY_DEBUG === '1' ? (message, details) => console.error(message, details) : () => {},
      }),
      Layer.succeed(Connection, { server, attempts: policy.retries + 1 }),
      Layer.succeed(CallPolicy, policy),
    ),
  );
}

export interface Session {
  readonly server: string;
  readonly config: StoredConfig;
}

/** Runs `program` as the signed-in person of the config file; not signed in: exit 3. */
export function signedIn<A, E, R>(
  program: (session: Session) => Effect.Effect<A, E, R>,
): Effect.Effect<A, E | CliFailure, Exclude<R, KittyClient | Connection>> {
  return Effect.gen(function* () {
    const config = yield* readConfig;
    if (!config.server || !config.token) {
      return yield* Effect.fail(new Failure({ message: NOT_SIGNED_IN, exitCode: EXIT.notSignedIn }));
    }
    const layer = yield* connect(config.server, config.token);
    return yield* program({ server: config.server, config }).pipe(Effect.provide(layer));
  });
}

/**
 * One call through @kitty/api's `request` (its timeout and retries), failing with a CliFailure: no response
 * (exit 5), the session ended (3) or the server's refusal (4).
 */
export function api<R extends FetchResult>(
  send: (client: ApiClient, signal: AbortSignal) => Promise<R>,
  defaultMessage: DefaultMessage,
  options: { readonly retry?: boolean } = {},
): Effect.Effect<DataOf<R>, CliFailure, KittyClient | Connection> {
  return Connection.use((connection) =>
    request(send, defaultMessage, options).pipe(
      Effect.mapError((error) =>
        callFailure(error, connection.server, options.retry === false ? 1 : connection.attempts),
      ),
    ),
  );
}
