import { DECLINED_CANNOT_CHANGE, mayDeleteExpense, type PaidExpense } from '@kitty/domain';
import { checkNotBlocked } from '../blocks/service';
import type { Db } from '../db';
import { conflict, type FieldError, forbidden, invalid, notFound } from '../http/errors';
import { lockedGroupPeople } from '../groups/membership';
import { unknownUsers } from './repo';

export const MEMBERS_ONLY = 'Everyone in the expense must be a member of the group.';
export const UNKNOWN_PAYER = 'The payer is not a known person.';
export const UNKNOWN_PARTICIPANT = 'Every participant must be a known person.';
export const CALLER_NOT_INVOLVED = 'You must be the payer or one of the participants.';
export const GROUP_CANNOT_CHANGE = 'The group of an expense cannot be changed.';
export const ONLY_PAYER_DELETES = 'Only the person who paid can delete this expense';
export const STALE_EXPENSE = 'This expense was changed by someone else. Reload and try again.';

export interface People {
  callerId: string;
  groupId: string | null;
  paidBy: string;
  /** Everyone who paid (paid_by among them), in the order the request listed them. */
  payers: readonly string[];
  /** Whether the request sent `payers`: a failing payer is then named `payers.<i>.user_id`, else `paid_by`. */
  payersSent: boolean;
  participants: readonly string[];
}

/**
 * The people rules of a create or update, inside its transaction, in one statement: in a group the caller
 * is a current member (404 otherwise, exactly as for an unknown group); everyone named exists; in a group
 * every payer and every participant are members (the member rows of all of them stay locked until commit);
 * outside a group the caller pays (any part) or takes part, and then nobody else named blocked the caller
 * (403). Throws a 400 naming the field.
 */
export async function checkPeople(tx: Db, p: People): Promise<void> {
  if (p.groupId !== null) return checkGroupPeople(tx, { ...p, groupId: p.groupId });
  const unknown = new Set(await unknownUsers(tx, [...p.payers, ...p.participants]));
  const errors: FieldError[] = payerErrors(p, (id) => !unknown.has(id), UNKNOWN_PAYER);
  if (p.participants.some((id) => unknown.has(id))) {
    errors.push({ field: 'participants', message: UNKNOWN_PARTICIPANT });
  }
  if (errors.length > 0) throw invalid(...errors);

  if (!p.payers.includes(p.callerId) && !p.participants.includes(p.callerId)) {
    throw invalid({ field: 'participants', message: CALLER_NOT_INVOLVED });
  }
  await checkNotBlocked(tx, null, [...p.payers, ...p.participants], p.callerId);
}

async function checkGroupPeople(tx: Db, p: People & { groupId: string }): Promise<void> {
  const { known, members } = await lockedGroupPeople(tx, p.groupId, [
    p.callerId,
    ...p.payers,
    ...p.participants,
  ]);
  if (!members.has(p.callerId)) throw notFound();
  const errors = payerErrors(p, (id) => known.has(id), UNKNOWN_PAYER);
  if (p.participants.some((id) => !known.has(id))) {
    errors.push({ field: 'participants', message: UNKNOWN_PARTICIPANT });
  }
  if (errors.length > 0) throw invalid(...errors);
  errors.push(...payerErrors(p, (id) => members.has(id), MEMBERS_ONLY));
  if (p.participants.some((id) => !members.has(id)))
    errors.push({ field: 'participants', message: MEMBERS_ONLY });
  if (errors.length > 0) throw invalid(...errors);
}

/** The payers that fail `ok`, named as the request named them: each list item, or `paid_by`. */
function payerErrors(p: People, ok: (id: string) => boolean, message: string): FieldError[] {
  if (!p.payersSent) return ok(p.paidBy) ? [] : [{ field: 'paid_by', message }];
  return p.payers.flatMap((id, i) => (ok(id) ? [] : [{ field: `payers.${i}.user_id`, message }]));
}

/** An update may name the expense's own group (or none, meaning "unchanged"), never another. */
export function checkSameGroup(current: string | null, requested: string | null | undefined): void {
  if (requested !== undefined && requested !== current) {
    throw invalid({ field: 'group_id', message: GROUP_CANNOT_CHANGE });
  }
}

/** A version given with a change must still be the current one. */
export function checkVersion(current: number, expected: number | undefined): void {
  if (expected !== undefined && expected !== current) throw conflict('VERSION_CONFLICT', STALE_EXPENSE);
}

/** Any of its payers may delete an expense (the domain's mayDeleteExpense); anyone else: 403. */
export function checkPayerDeletes(expense: Pick<PaidExpense, 'paid_by' | 'payers'>, callerId: string): void {
  if (!mayDeleteExpense(expense, callerId)) throw forbidden('FORBIDDEN_NOT_PAYER', ONLY_PAYER_DELETES);
}

/** Nobody changes a declined expense: an edit would put the declined debt back. */
export function checkNotDeclined(declinedAt: Date | null): void {
  if (declinedAt !== null) throw conflict('EXPENSE_DECLINED', DECLINED_CANNOT_CHANGE);
}
