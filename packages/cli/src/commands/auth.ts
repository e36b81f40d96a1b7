// kitty login, logout, whoami.
import { text } from 'node:stream/consumers';
import { memberName } from '@kitty/domain';
import { Console, Effect, Option, Redacted } from 'effect';
import { Command, Flag, Prompt } from 'effect/cli';
import { canPrompt, jsonFlag } from '../common';
import { readConfig, writeConfig } from '../config';
import { ENV } from '../env';
import { failure, usage } from '../errors';
import { printJson } from '../output';
import { api, connect, normalizeServer, signedIn } from '../session';

/** `value`, else what the person types at the prompt, else a usage error saying how to give it. */
function given(value: Option.Option<string>, prompt: Prompt.Prompt<string>, missing: string) {
  return Effect.gen(function* () {
    if (Option.isSome(value) && value.value.trim() !== '') return value.value.trim();
    if (!(yield* canPrompt)) return yield* Effect.fail(usage(missing));
    return (yield* Prompt.run(prompt)).trim();
  });
}

/** KITTY_PASSWORD, else stdin's first line (--password-stdin), else a prompt that does not echo. */
function password(fromStdin: boolean) {
  return Effect.gen(function* () {
    const fromEnv = process.env[ENV.password];
    if (fromEnv !== undefined && fromEnv !== '') return fromEnv;
    if (fromStdin) {
      const input = yield* Effect.tryPromise({
        try: () => text(process.stdin),
        catch: (error) => failure(`Cannot read the password from stdin: ${(error as Error).message}`),
      });
      const line = input.split(/\r?\n/)[0] ?? '';
      if (line === '') return yield* Effect.fail(usage('--password-stdin: stdin held no password.'));
      return line;
    }
    if (!(yield* canPrompt)) {
      return yield* Effect.fail(
        usage(`No terminal to ask the password in: set ${ENV.password} or pass --password-stdin.`),
      );
    }
    return Redacted.value(yield* Prompt.run(Prompt.Password({ message: 'Password' })));
  });
}

export const login = Command.make(
  'login',
  {
    server: Flag.String('server').pipe(
      Flag.withDescription(
        `The server's address, e.g. https://kitty.example.com (default: ${ENV.server}, else the last one)`,
      ),
      Flag.optional,
    ),
    email: Flag.String('email').pipe(Flag.withDescription('Your e-mail address'), Flag.optional),
    passwordStdin: Flag.Boolean('password-stdin').pipe(
      Flag.withDefault(false),
      Flag.withDescription(
        `Read the password from stdin (or set ${ENV.password}); else it is asked without echo`,
      ),
    ),
    json: jsonFlag,
  },
  (input) =>
    Effect.gen(function* () {
      const stored = yield* readConfig;
      // --server, else KITTY_SERVER, else the server of the last login, else asked.
      const known = Option.fromUndefinedOr(process.env[ENV.server] || stored.server);
      const serverText = yield* given(
        Option.orElse(input.server, () => known),
        Prompt.String({ message: 'Server', default: 'http://localhost:3000' }),
        'Which server? Pass --server https://kitty.example.com',
      );
      const server = yield* normalizeServer(serverText);
      const email = yield* given(
        input.email,
        Prompt.String({ message: 'E-mail', ...(stored.email ? { default: stored.email } : {}) }),
        'Which account? Pass --email you@example.com',
      );
      const secret = yield* password(input.passwordStdin);
      const layer = yield* connect(server, null);
      const { data: user } = yield* api(
        (client, signal) => client.POST('/users/login', { body: { email, password: secret }, signal }),
        'Login failed',
      ).pipe(Effect.provide(layer));
      const file = yield* writeConfig({
        server,
        email,
        token: user.token,
        user: { id: user.id, name: memberName(user), email: user.email },
      });
      if (input.json) {
        const { token: _token, ...profile } = user;
        return yield* printJson({ server, user: profile, config: file });
      }
      yield* Console.log(`Signed in to ${server} as ${memberName(user)} <${user.email}>.`);
      yield* Console.error(`Your session is kept in ${file} (readable only by you).`);
      if (user.email_verified === false) {
        yield* Console.error(
          'Your e-mail address is not confirmed yet: open the link Kitty sent you to see what others share with you.',
        );
      }
    }),
).pipe(
  Command.withDescription('Sign in to a Kitty server; the session is kept in your config directory'),
  Command.withExamples([
    {
      command: 'kitty login --server https://kitty.example.com --email ada@example.com',
      description: 'asks the password',
    },
    {
      command:
        'printf %s "$PASS" | kitty login --server http://localhost:3000 --email ada@example.com --password-stdin',
      description: 'in a script',
    },
  ]),
);

export const logout = Command.make('logout', {}, () =>
  Effect.gen(function* () {
    const stored = yield* readConfig;
    if (!stored.token) return yield* Console.log('You were not signed in.');
    const { token: _token, user: _user, ...rest } = stored;
    const file = yield* writeConfig(rest);
    yield* Console.log(`Signed out of ${stored.server ?? 'Kitty'}: the session was removed from ${file}.`);
  }),
).pipe(Command.withDescription('Sign out: forget the session kept by `kitty login`'));

export const whoami = Command.make('whoami', { json: jsonFlag }, (input) =>
  signedIn(({ server }) =>
    Effect.gen(function* () {
      const { data: user } = yield* api(
        (client, signal) => client.GET('/users/profile', { signal }),
        'Failed to fetch profile',
      );
      if (input.json) return yield* printJson({ server, user });
      yield* Console.log(`${memberName(user)} <${user.email}> on ${server}`);
    }),
  ),
).pipe(Command.withDescription('Who you are signed in as, and where'));
