import type { components } from '@kitty/api/schema';
import {
  DEFAULT_SPLIT_TYPE,
  isKnownCurrency,
  optionalText,
  trimText,
  validateGroupName,
} from '@kitty/domain';
import type { Db } from '../db';
import { type FieldError, invalid } from '../http/errors';
import type { CurrentUser } from '../users/repo';
import { emailKey, emailProblem, findOrCreatePerson, type Invited } from './people';
import type { GroupDetailJson } from './present';
import { detailOf } from './read';
import { addMembers, insertGroup } from './repo';
import { splitConfigProblems } from './split-config';
import { insertGroupEvent, insertMemberEvents } from '../history/repo';
import { settingsOf } from './settings-of';

type NewGroup = components['schemas']['NewGroup'];

export const unknownCurrency = (code: string) => `Unknown currency ${code}`;

/**
 * Creates a group with its members in one transaction. The creator is always a member; members are given
 * by e-mail (existing people are added, unknown addresses become not-registered people); the same address
 * twice, in any case, is one member. Any invalid input refuses the whole request and writes nothing.
 * Answers the group and the people to send an invitation e-mail to once committed.
 */
export async function createGroup(
  db: Db,
  caller: CurrentUser,
  input: NewGroup,
): Promise<{ group: GroupDetailJson; invited: Invited[] }> {
  const name = trimText(input.name ?? '');
  // Without a currency the group takes the creator's own default (their account settings).
  const currency = input.currency ?? caller.currency;
  const problems: FieldError[] = [];
  const nameMessage = validateGroupName(name).name;
  if (nameMessage) problems.push({ field: 'name', message: nameMessage });
  if (!isKnownCurrency(currency)) problems.push({ field: 'currency', message: unknownCurrency(currency) });
  const people = uniqueByEmail(input.members ?? [], caller.email);
  people.forEach(({ person, index }) => {
    const problem = emailProblem(person.email, `members.${index}.email`);
    if (problem) problems.push(problem);
  });
  if (problems.length > 0) throw invalid(...problems);

  const invited: Invited[] = [];
  const group = await db.transaction(async (tx) => {
    const created = await insertGroup(tx, {
      name,
      description: optionalText(input.description),
      currency,
      created_by: caller.id,
      default_split_type: input.default_split_type ?? DEFAULT_SPLIT_TYPE,
      default_split_config: input.default_split_config ?? null,
    });
    const memberIds = [caller.id];
    for (const { person } of people) {
      const user = await findOrCreatePerson(tx, person, caller.id, created.id, invited);
      if (!memberIds.includes(user.id)) memberIds.push(user.id);
    }
    const configProblems = splitConfigProblems(input.default_split_config, memberIds, currency);
    if (configProblems.length > 0) throw invalid(...configProblems);
    await addMembers(tx, created.id, memberIds);
    await insertGroupEvent(tx, {
      group_id: created.id,
      actor_id: caller.id,
      kind: 'group_created',
      details: { ...settingsOf(created), members: memberIds },
    });
    await insertMemberEvents(tx, created.id, caller.id, 'member_joined', memberIds);
    return created;
  });
  return { group: await detailOf(db, group, caller.id), invited };
}

/** The listed people once each (first spelling wins), without the caller, with their position in the list. */
function uniqueByEmail<P extends { email: string }>(
  people: readonly P[],
  callerEmail: string,
): { person: P; index: number }[] {
  const seen = new Set([emailKey(callerEmail)]);
  const result: { person: P; index: number }[] = [];
  people.forEach((person, index) => {
    const key = emailKey(person.email);
    if (seen.has(key)) return;
    seen.add(key);
    result.push({ person, index });
  });
  return result;
}
