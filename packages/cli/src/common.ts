// Flags and helpers several commands share.
import { memberName, type NamedUser } from '@kitty/domain';
import { Effect } from 'effect';
import { Flag, TerminalCapabilities } from 'effect/cli';
import { api, type Session } from './session';

/** --json: the listing as JSON, for scripts (the server's own fields, amounts as its decimals). */
export const jsonFlag = Flag.Boolean('json').pipe(
  Flag.withDefault(false),
  Flag.withDescription('Print JSON instead of a table (for scripts)'),
);

/** Whether a question can be asked: stdin and stdout are both a terminal (and TERM is not dumb). */
export const canPrompt = TerminalCapabilities.TerminalCapabilities.useSync((c) => c.canPrompt);

/** The signed-in person's id: kept by `kitty login`, else asked of the server. */
export function currentUserId(session: Session) {
  if (session.config.user?.id) return Effect.succeed(session.config.user.id);
  return api((client, signal) => client.GET('/users/profile', { signal }), 'Failed to fetch profile').pipe(
    Effect.map((profile) => profile.data.id),
  );
}

/** "Ada Lovelace" for a member, by the domain's rule (display name, else first and last name, else e-mail). */
export const nameOf = (user: NamedUser) => memberName(user);
