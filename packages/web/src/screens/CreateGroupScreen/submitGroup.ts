import { call } from '@kitty/api';
import { failureMessage, type SplitDetails } from '@kitty/domain';
import { api } from '../../api';
import { callGroup } from '../../flows/groupCall';
import type { IdempotencyKeys } from '../../flows/idempotency';
import { type GroupDraft, isTempMember, newGroupPayload, renameSplitIds } from './newGroup';
import catalog from '../../i18n/catalog/en/createGroup.json';
import { messages } from '../../i18n/messages';

const t = messages(catalog);

export type SubmitResult =
  | { ok: true; groupId: string }
  | { ok: false; message: string; fieldErrors: Record<string, string> };

/**
 * A default split that is not equal names members by id, and a person added by e-mail has none until the
 * server creates them: those people are invited first (POST /users/invite answers their id, or the existing
 * person's), then the group is created. With an equal split the group creation invites them itself.
 */
async function resolveTempMembers(draft: GroupDraft, keys: IdempotencyKeys): Promise<GroupDraft> {
  if (draft.splitType === 'equal' || !draft.members.some(isTempMember)) return draft;
  const renamed = new Map<string, string>();
  const members = [];
  for (const member of draft.members) {
    if (!isTempMember(member)) {
      members.push(member);
      continue;
    }
    const name = [member.first_name, member.last_name].filter(Boolean).join(' ') || null;
    const body = { email: member.email, name };
    const user = await call(
      api.POST('/users/invite', {
        params: { header: { 'Idempotency-Key': keys.keyFor('invite', body) } },
        body,
      }),
      t('inviteFailed'),
    );
    renamed.set(member.id, user.id);
    members.push({ ...member, id: user.id, registered: user.registered });
  }
  const splitDetails: SplitDetails = renameSplitIds(draft.splitDetails, renamed);
  return { ...draft, members, splitDetails };
}

function fieldErrorsOf(data: unknown): Record<string, string> {
  const errors = (data as { errors?: unknown } | undefined)?.errors;
  if (!Array.isArray(errors)) return {};
  const result: Record<string, string> = {};
  for (const item of errors) {
    const { field, message } = (item ?? {}) as { field?: unknown; message?: unknown };
    if (typeof field === 'string' && typeof message === 'string' && !(field in result))
      result[field] = message;
  }
  return result;
}

/** POST /groups (with an Idempotency-Key per body): the new group's id, or the message to show. */
export async function submitGroup(draft: GroupDraft, keys: IdempotencyKeys): Promise<SubmitResult> {
  try {
    const resolved = await resolveTempMembers(draft, keys);
    const body = newGroupPayload(resolved);
    const group = await callGroup(
      api.POST('/groups', {
        params: { header: { 'Idempotency-Key': keys.keyFor('group', body) } },
        body,
      }),
      t('createFailed'),
    );
    return { ok: true, groupId: group.id };
  } catch (error) {
    if (typeof error === 'object' && error !== null && 'status' in error) {
      const data = (error as { data?: unknown }).data;
      return {
        ok: false,
        message: failureMessage(error, t('createFailed')),
        fieldErrors: fieldErrorsOf(data),
      };
    }
    console.error('Creating the group failed', error);
    return { ok: false, message: t('unexpected'), fieldErrors: {} };
  }
}
