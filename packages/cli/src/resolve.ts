// Groups and people as a person names them on the command line: by id, by name (any case), or by the start of
// one name when only one matches. The lists come from the server; nothing is guessed when two could match.
import type { GroupSummary, User } from '@kitty/api';
import { memberName } from '@kitty/domain';
import { Effect } from 'effect';
import { type CliFailure, failure, usage } from './errors';
import { api } from './session';

/** Every group of the caller (every page of GET /groups). */
export const listGroups = Effect.gen(function* () {
  const groups: GroupSummary[] = [];
  let cursor: string | undefined;
  do {
    const page = yield* api(
      (client, signal) =>
        client.GET('/groups', { params: { query: { limit: 100, ...(cursor ? { cursor } : {}) } }, signal }),
      'Failed to fetch groups',
    );
    groups.push(...page.groups);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return groups;
});

const fold = (text: string) => text.trim().toLocaleLowerCase();

/** The one item `ref` names: its id, its name in any case, or the only name starting with it. */
function pick<T>(
  items: readonly T[],
  ref: string,
  keys: (item: T) => { id: string; names: readonly string[] },
): { found: T } | { candidates: T[] } {
  const wanted = fold(ref);
  const byId = items.filter((item) => keys(item).id === ref.trim());
  if (byId.length === 1) return { found: byId[0]! };
  const exact = items.filter((item) => keys(item).names.some((name) => fold(name) === wanted));
  if (exact.length === 1) return { found: exact[0]! };
  if (exact.length > 1) return { candidates: exact };
  const prefix = items.filter((item) => keys(item).names.some((name) => fold(name).startsWith(wanted)));
  if (prefix.length === 1 && wanted !== '') return { found: prefix[0]! };
  return { candidates: wanted === '' ? [] : prefix };
}

/** The caller's group that `ref` names; none (exit 1) or several (exit 2) say which there are. */
export function findGroup(ref: string) {
  return Effect.flatMap(listGroups, (groups): Effect.Effect<GroupSummary, CliFailure> => {
    const result = pick(groups, ref, (g) => ({ id: g.id, names: [g.name] }));
    if ('found' in result) return Effect.succeed(result.found);
    if (result.candidates.length > 1) {
      return Effect.fail(
        usage(
          `"${ref}" could be any of ${result.candidates.length} groups: give more of the name, or its id.`,
          result.candidates.map((g) => `${g.name}\t${g.id}`),
        ),
      );
    }
    const names = groups.map((g) => g.name);
    return Effect.fail(
      failure(
        `You have no group "${ref}".`,
        names.length > 0 ? [`Your groups: ${names.join(', ')}`] : ['You are in no group yet.'],
      ),
    );
  });
}

/** The names a person can be given by: "me" for the caller, their name, first name, display name, e-mail. */
function personNames(user: User, me: string): string[] {
  return [
    ...(user.id === me ? ['me'] : []),
    memberName(user),
    user.name,
    user.display_name,
    user.first_name,
    `${user.first_name} ${user.last_name}`,
    user.email,
  ].filter((name): name is string => typeof name === 'string' && name.trim() !== '');
}

/** The member of `groupName` that `ref` names (a usage error, exit 2, unless exactly one). */
export function findMember(
  members: readonly User[],
  ref: string,
  me: string,
  groupName: string,
): Effect.Effect<User, CliFailure> {
  const result = pick(members, ref, (u) => ({ id: u.id, names: personNames(u, me) }));
  if ('found' in result) return Effect.succeed(result.found);
  const list = (users: readonly User[]) => users.map((u) => `${memberName(u)} <${u.email}>`).join(', ');
  return Effect.fail(
    result.candidates.length > 1
      ? usage(`"${ref}" could be ${list(result.candidates)}: give the e-mail address.`)
      : usage(`Nobody called "${ref}" is in ${groupName}.`, [`Members: ${list(members)}`]),
  );
}
