import type { components } from '@kitty/api/schema';
import {
  CREATOR_CANNOT_BE_REMOVED,
  canRemoveMember,
  isKnownCurrency,
  MEMBER_HAS_BALANCE,
  optionalText,
  trimText,
  validateGroupName,
  validateGroupSettings,
} from '@kitty/domain';
import type { Db } from '../db';
import { conflict, type ErrorCode, type FieldError, forbidden, invalid, notFound } from '../http/errors';
import { scopeBalances } from '../ledger/ledger';
import type { CurrentUser } from '../users/repo';
import { netsOf } from './balances';
import { lockMoneyOf } from './locks';
import { unknownCurrency } from './create';
import { memberIds as currentMemberIds } from './membership';
import { emailKey, emailProblem, findOrCreatePerson, type Invited } from './people';
import { mayEditSettings, mayRenameGroup, NAME_CREATOR_ONLY, SETTINGS_CREATOR_ONLY } from './policy';
import type { GroupDetailJson } from './present';
import { detailOf } from './read';
import { addMembers, findGroupForMember, removeMembers, updateSettings } from './repo';
import { type DefaultSplitConfig, splitConfigProblems, stillFits } from './split-config';
import { recordChanges } from '@kitty/domain';
import { insertGroupEvent, insertMemberEvents } from '../history/repo';
import { settingsOf } from './settings-of';

type GroupSettingsUpdate = components['schemas']['GroupSettingsUpdate'];
type SettingsMember = components['schemas']['GroupSettingsMember'];

/** The code of each reason the domain gives for refusing to remove a member. */
const REMOVAL_REFUSALS: Record<typeof CREATOR_CANNOT_BE_REMOVED | typeof MEMBER_HAS_BALANCE, ErrorCode> = {
  [CREATOR_CANNOT_BE_REMOVED]: 'CREATOR_CANNOT_BE_REMOVED',
  [MEMBER_HAS_BALANCE]: 'MEMBER_HAS_BALANCE',
};

export const STALE_GROUP = 'These group settings were changed by someone else. Reload and try again.';

/**
 * Saves a group's name and description (its creator only; omitted: unchanged), currency, default split and
 * whole member list in one transaction. Group changes run one
 * at a time (group row FOR NO KEY UPDATE), and the money of the people removed is locked (lockMoneyOf)
 * before their balances are read, so no balance can appear on them after the check that allowed it.
 * Changing the currency converts nothing.
 */
export async function updateGroupSettings(
  db: Db,
  caller: CurrentUser,
  groupId: string,
  input: GroupSettingsUpdate,
): Promise<{ group: GroupDetailJson; invited: Invited[] }> {
  const problems = formProblems(input);
  if (problems.length > 0) throw invalid(...problems);
  const naming = namingOf(input);

  const invited: Invited[] = [];
  const group = await db.transaction(async (tx) => {
    const group = await findGroupForMember(tx, groupId, caller.id, 'FOR NO KEY UPDATE');
    if (!group) throw notFound();
    if (!mayEditSettings(group, caller.id)) throw forbidden('FORBIDDEN_NOT_CREATOR', SETTINGS_CREATOR_ONLY);
    if (renames(group, naming) && !mayRenameGroup(group, caller.id))
      throw forbidden('FORBIDDEN_NOT_CREATOR', NAME_CREATOR_ONLY);
    if (input.version !== undefined && input.version !== group.version)
      throw conflict('VERSION_CONFLICT', STALE_GROUP);

    const before = await currentMemberIds(tx, group.id);
    const after = await resolveMembers(tx, before, input.members, {
      callerId: caller.id,
      groupId: group.id,
      invited,
    });
    const removed = before.filter((id) => !after.includes(id));
    await lockMoneyOf(tx, group.id, removed);
    const balances = await scopeBalances(tx, group.id);
    const refusals = removed.map((memberId) =>
      canRemoveMember({ memberId, createdBy: group.created_by, balanceMinor: netsOf(balances, memberId) }),
    );
    // The creator's refusal is the one to tell first.
    const refusal =
      refusals.find((rule) => !rule.ok && rule.reason === CREATOR_CANNOT_BE_REMOVED) ??
      refusals.find((rule) => !rule.ok);
    if (refusal && !refusal.ok) throw conflict(REMOVAL_REFUSALS[refusal.reason], refusal.reason);

    const config = nextConfig(group, input, after);
    const updated = await updateSettings(tx, group.id, {
      currency: input.currency,
      default_split_type: input.default_split_type,
      default_split_config: config,
      ...naming,
    });
    await removeMembers(tx, group.id, removed);
    const added = after.filter((id) => !before.includes(id));
    await addMembers(tx, group.id, added);
    const changes = recordChanges(settingsOf(group), settingsOf(updated));
    if (Object.keys(changes).length > 0) {
      await insertGroupEvent(tx, {
        group_id: group.id,
        actor_id: caller.id,
        kind: 'settings_changed',
        details: { changes },
      });
    }
    // Taking oneself off the list is leaving.
    await insertMemberEvents(
      tx,
      group.id,
      caller.id,
      'member_removed',
      removed.filter((id) => id !== caller.id),
    );
    if (removed.includes(caller.id)) {
      await insertGroupEvent(tx, {
        group_id: group.id,
        actor_id: caller.id,
        kind: 'member_left',
        user_id: caller.id,
      });
    }
    await insertMemberEvents(tx, group.id, caller.id, 'member_joined', added);
    return updated;
  });
  // Read after the commit; the caller sees the saved group even when they took themselves off it.
  return { group: await detailOf(db, group, caller.id), invited };
}

/**
 * The name and description to store, trimmed as POST /groups keeps them (undefined: not sent, unchanged;
 * a stored name is never trimmed again by a change that does not send it).
 */
function namingOf(input: GroupSettingsUpdate): { name?: string; description?: string } {
  return {
    ...(input.name !== undefined && { name: trimText(input.name) }),
    ...(input.description !== undefined && { description: optionalText(input.description) }),
  };
}

/** Whether the change gives the group another name or description (repeating the current ones does not). */
function renames(
  group: { name: string; description: string },
  naming: { name?: string; description?: string },
): boolean {
  return (
    (naming.name !== undefined && naming.name !== group.name) ||
    (naming.description !== undefined && naming.description !== group.description)
  );
}

function formProblems(input: GroupSettingsUpdate): FieldError[] {
  const domain = validateGroupSettings(input);
  const problems: FieldError[] = Object.entries(domain).map(([field, message]) => ({
    field,
    message: message as string,
  }));
  const nameMessage = input.name === undefined ? undefined : validateGroupName(input.name).name;
  if (nameMessage) problems.push({ field: 'name', message: nameMessage });
  if (!domain.currency && !isKnownCurrency(input.currency)) {
    problems.push({ field: 'currency', message: unknownCurrency(input.currency) });
  }
  return problems;
}

/**
 * The new member list in the order given: current members by id, anyone else by e-mail (an existing
 * person, or a new not-registered one). The same person twice counts once.
 */
async function resolveMembers(
  tx: Db,
  current: readonly string[],
  members: readonly SettingsMember[],
  by: { callerId: string; groupId: string; invited: Invited[] },
): Promise<string[]> {
  const ids: string[] = [];
  const emails = new Set<string>();
  const problems: FieldError[] = [];
  for (const [index, member] of members.entries()) {
    let id: string;
    if (member.id !== undefined && current.includes(member.id)) id = member.id;
    else {
      const key = emailKey(member.email);
      if (emails.has(key)) continue;
      emails.add(key);
      const problem = emailProblem(member.email, `members.${index}.email`);
      if (problem) {
        problems.push(problem);
        continue;
      }
      id = (await findOrCreatePerson(tx, member, by.callerId, by.groupId, by.invited)).id;
    }
    if (!ids.includes(id)) ids.push(id);
  }
  if (problems.length > 0) throw invalid(...problems);
  return ids;
}

/**
 * The default split to store: the one sent (validated against the new members), or without one the stored
 * config while it still fits the split type and members, else none (the client falls back to the spec's
 * defaults).
 */
function nextConfig(
  group: { default_split_type: string; default_split_config: unknown; currency: string },
  input: GroupSettingsUpdate,
  members: readonly string[],
): DefaultSplitConfig | null {
  if (input.default_split_config !== undefined) {
    const problems = splitConfigProblems(input.default_split_config, members, input.currency);
    if (problems.length > 0) throw invalid(...problems);
    return input.default_split_config;
  }
  const stored = group.default_split_config as DefaultSplitConfig | null;
  const sameType = group.default_split_type === input.default_split_type;
  return sameType && stillFits(stored, members, input.currency) ? stored : null;
}
