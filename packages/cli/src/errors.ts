// Why a command failed, what it prints and the exit code it ends with (README: "Exit codes").
import type { CallError } from '@kitty/api';
import { Data } from 'effect';

/** The exit codes of `kitty`, the same for every command. */
export const EXIT = {
  /** Done. */
  ok: 0,
  /** Not done: no group or person of that name, a file that cannot be read or written, an answer of "no". */
  failure: 1,
  /** The command line is wrong, or what it asks breaks a rule (an amount, a split that does not add up). */
  usage: 2,
  /** Not signed in, or the session ended: `kitty login`. */
  notSignedIn: 3,
  /** The server answered with a refusal (its message is printed). */
  refused: 4,
  /** No answer from the server, after the retries. */
  network: 5,
  /** Interrupted (Ctrl-C). */
  interrupted: 130,
} as const;

/** A failure already put into words: `message` (and `details`, one per line) go to stderr. */
export class CliFailure extends Data.TaggedError('CliFailure')<{
  readonly message: string;
  readonly exitCode: number;
  readonly details?: readonly string[];
}> {}

export const usage = (message: string, details?: readonly string[]) =>
  new CliFailure({ message, exitCode: EXIT.usage, ...(details ? { details } : {}) });

export const failure = (message: string, details?: readonly string[]) =>
  new CliFailure({ message, exitCode: EXIT.failure, ...(details ? { details } : {}) });

export const NOT_SIGNED_IN = 'Not signed in: run `kitty login` first.';
export const SESSION_ENDED = 'Your session has ended: run `kitty login` again.';

/** The failing fields of a 400 (`errors: [{ field, message }]`), as "field: message" lines. */
function fieldErrors(data: unknown): string[] {
  const errors =
    typeof data === 'object' && data !== null ? (data as { errors?: unknown }).errors : undefined;
  if (!Array.isArray(errors)) return [];
  return errors
    .filter(
      (e): e is { field: string; message: string } =>
        typeof e === 'object' && e !== null && typeof e.field === 'string' && typeof e.message === 'string',
    )
    .map((e) => `${e.field}: ${e.message}`);
}

/**
 * A failed call in words and exit code: no response is a network failure (5), a 401 of a signed-in call
 * means the session ended (3), any other answer is the server's refusal (4) with its message and fields.
 */
export function callFailure(error: CallError, server: string, attempts: number): CliFailure {
  if (error._tag === 'NetworkError') {
    const tries = attempts > 1 ? ` (tried ${attempts} times)` : '';
    return new CliFailure({ message: `${error.message}: ${server}${tries}`, exitCode: EXIT.network });
  }
  if (error.status === 401 && error.code === 'UNAUTHENTICATED') {
    return new CliFailure({ message: SESSION_ENDED, exitCode: EXIT.notSignedIn });
  }
  // A 400 of failing fields: each field and why (the screens' "check the highlighted fields" has no highlight here).
  const fields = fieldErrors(error.data);
  const others = fields.filter((line) => !line.endsWith(`: ${error.message}`));
  const own = others.length < fields.length || fields.length === 0;
  const [first, ...rest] = own ? [error.message, ...others] : fields;
  return new CliFailure({
    message: first ?? error.message,
    exitCode: EXIT.refused,
    ...(rest.length > 0 ? { details: rest } : {}),
  });
}
