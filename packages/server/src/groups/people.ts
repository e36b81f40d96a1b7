import { hasVisibleCharacter, splitName, trimText, validateNewPersonEmail } from '@kitty/domain';
import type { Db } from '../db';
import type { FieldError } from '../http/errors';
import type { PendingInvitation } from '../users/invite';
import { insertInvitation } from '../users/invitations';
import { type CurrentUser, findByEmail, insertInvited } from '../users/repo';

/** A person named by e-mail in a group form; the names only matter when nobody has that address yet. */
export interface PersonInput {
  email: string;
  display_name?: string | null;
  first_name?: string | null;
  last_name?: string | null;
}

/** The e-mail as compared (case-insensitively) and the field to blame when it is not an address. */
export function emailProblem(email: string, field: string): FieldError | null {
  const message = validateNewPersonEmail(email.trim()).email;
  return message ? { field, message } : null;
}

/**
 * The names of a person who does not exist yet: what the form sent, else the domain's add-person rule
 * (the name split on spaces, display name defaulting to the part of the address before the @).
 */
export function newPersonNames(input: PersonInput): {
  first_name: string;
  last_name: string;
  display_name: string;
} {
  // A name that shows nothing is no name (visibleText.ts): the e-mail's rule names the person then.
  const given = (value: string | null | undefined) =>
    hasVisibleCharacter(value) ? trimText(value as string) : undefined;
  const fullName =
    given(input.display_name) ?? [given(input.first_name), given(input.last_name)].filter(Boolean).join(' ');
  const split = splitName(fullName, input.email.trim());
  return {
    first_name: given(input.first_name) ?? split.first_name,
    last_name: given(input.last_name) ?? split.last_name,
    display_name: given(input.display_name) ?? split.display_name,
  };
}

/** A person created by a group form, owed an invitation e-mail once the transaction has committed. */
export type Invited = PendingInvitation;

/**
 * The user with this e-mail, or a new not-registered person (no password, invited by `inviterId` to the
 * group, with an invitation row) when nobody has it. Safe against a concurrent creation of the same
 * address: the unique index decides, and the loser finds the winner's row.
 */
export async function findOrCreatePerson(
  tx: Db,
  input: PersonInput,
  inviterId: string,
  groupId: string,
  invited: Invited[],
): Promise<CurrentUser> {
  const email = input.email.trim();
  const existing = await findByEmail(tx, email);
  if (existing) return existing;
  const names = newPersonNames(input);
  const created = await insertInvited(tx, { email, ...names, invited_by: inviterId });
  if (!created) {
    const winner = await findByEmail(tx, email);
    if (!winner) throw new Error(`the person ${email} vanished while being added`);
    return winner;
  }
  const invitationId = await insertInvitation(tx, {
    user_id: created.id,
    email,
    invited_by: inviterId,
    group_id: groupId,
  });
  invited.push({ invitationId, email, name: names.display_name });
  return created;
}

/** Lower-cased, trimmed: the key under which two spellings of one address collapse. */
export function emailKey(email: string): string {
  return email.trim().toLowerCase();
}
