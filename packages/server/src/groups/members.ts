import { canAddMembers, canLeaveGroup } from '@kitty/domain';
import type { components } from '@kitty/api/schema';
import type { Db } from '../db';
import { conflict, invalid, notFound } from '../http/errors';
import { scopeBalances } from '../ledger/ledger';
import type { CurrentUser } from '../users/repo';
import { toUserJson, type UserJson } from '../users/present';
import { netsOf } from './balances';
import { lockMoneyOf } from './locks';
import { emailKey, emailProblem, findOrCreatePerson, type Invited, type PersonInput } from './people';
import { insertGroupEvent, insertMemberEvents } from '../history/repo';
import { addMembers, bumpVersion, findGroupForMember, membersOfGroups, removeMembers } from './repo';

type AddMemberRequest = components['schemas']['AddMemberRequest'];

export const LEFT_GROUP = 'You have left the group.';

/**
 * The caller leaves a group: never the creator, never with a nonzero balance in any currency (the
 * domain's rule and sentence, 409). Their money is locked first (lockMoneyOf) so nothing lands on them
 * between the check and the leaving.
 */
export async function leaveGroup(db: Db, caller: CurrentUser, groupId: string): Promise<{ message: string }> {
  await db.transaction(async (tx) => {
    const group = await findGroupForMember(tx, groupId, caller.id, 'FOR NO KEY UPDATE');
    if (!group) throw notFound();
    await lockMoneyOf(tx, group.id, [caller.id]);
    const rule = canLeaveGroup({
      userId: caller.id,
      createdBy: group.created_by,
      balanceMinor: netsOf(await scopeBalances(tx, group.id), caller.id),
    });
    if (!rule.ok) throw conflict('CANNOT_LEAVE_GROUP', rule.reason);
    await removeMembers(tx, group.id, [caller.id]);
    await bumpVersion(tx, group.id);
    await insertGroupEvent(tx, {
      group_id: group.id,
      actor_id: caller.id,
      kind: 'member_left',
      user_id: caller.id,
    });
  });
  return { message: LEFT_GROUP };
}

/**
 * A member adds one person by e-mail: an existing user, or a new not-registered person named from the
 * request. Someone already in the group changes nothing. Answers the members afterwards.
 */
export async function addGroupMember(
  db: Db,
  caller: CurrentUser,
  groupId: string,
  input: AddMemberRequest,
): Promise<{ members: { Members: UserJson[] }; invited: Invited[] }> {
  const invited: Invited[] = [];
  const members = await db.transaction(async (tx) => {
    const group = await findGroupForMember(tx, groupId, caller.id, 'FOR NO KEY UPDATE');
    if (!group) throw notFound();
    const problem = emailProblem(input.email, 'email');
    if (problem) throw invalid(problem);
    assertRoomFor(await membersOfGroups(tx, [group.id]), [input.email]);
    await addPersonToGroup(tx, caller, group.id, input, invited);
    return membersOfGroups(tx, [group.id]);
  });
  return { members: { Members: members.map(toUserJson) }, invited };
}

/**
 * Refuses (409 GROUP_MEMBER_LIMIT_REACHED) adding the people of `emails` to a group whose members are
 * `members` when it would then have more than the domain's GROUP_MEMBERS_MAX; addresses already in the
 * group, or given twice, count once. POST /groups/{id}/members and POST /imports count the same way.
 */
export function assertRoomFor(members: readonly { email: string }[], emails: readonly string[]): void {
  const inGroup = new Set(members.map((m) => emailKey(m.email)));
  const adding = new Set(emails.map(emailKey).filter((key) => !inGroup.has(key))).size;
  const rule = canAddMembers(members.length, adding);
  if (!rule.ok) throw conflict('GROUP_MEMBER_LIMIT_REACHED', rule.reason);
}

/**
 * The writes of adding one person (address already checked) to a group the caller holds FOR NO KEY
 * UPDATE: an existing user, or a new not-registered person owed an invitation (pushed on `invited`); a new
 * member moves the group's version on and joins its history. POST /groups/{id}/members and POST /imports.
 */
export async function addPersonToGroup(
  tx: Db,
  caller: CurrentUser,
  groupId: string,
  input: PersonInput,
  invited: Invited[],
): Promise<CurrentUser> {
  const person = await findOrCreatePerson(tx, input, caller.id, groupId, invited);
  if ((await addMembers(tx, groupId, [person.id])) > 0) {
    await bumpVersion(tx, groupId);
    await insertMemberEvents(tx, groupId, caller.id, 'member_joined', [person.id]);
  }
  return person;
}
