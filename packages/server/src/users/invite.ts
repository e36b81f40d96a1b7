import type { components } from '@kitty/api/schema';
import { splitName, validateNewPersonEmail } from '@kitty/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context';
import type { Db } from '../db';
import { invalid } from '../http/errors';
import { invitationMessage } from '../mail/invitation';
import { languageOfPerson } from '../mail/language';
import type { Mailer } from '../mail/mailer';
import { insertInvitation, markSent } from './invitations';
import { toUserJson, type UserJson } from './present';
import * as users from './repo';

type InviteRequest = components['schemas']['InviteRequest'];
type CheckEmailResult = components['schemas']['CheckEmailResult'];

/** The trimmed address, or a 400 with the domain's add-person message. */
export function requireEmail(raw: string, field = 'email'): string {
  const email = raw.trim();
  const message = validateNewPersonEmail(email).email;
  if (message) throw invalid({ field, message });
  return email;
}

export function createInviteService(ctx: AppContext, mailer: Mailer) {
  const { db } = ctx;

  /** The writes of an invitation on `on` (the caller's transaction, for Idempotency-Key), no e-mail yet. */
  async function record(
    on: Db,
    inviter: users.CurrentUser,
    input: InviteRequest,
  ): Promise<{ created: boolean; user: UserJson; mail: PendingInvitation[] }> {
    const email = requireEmail(input.email);
    const names = splitName(input.name, email);
    const outcome = await on.transaction(async (tx) => {
      const person = await users.insertInvited(tx, { email, ...names, invited_by: inviter.id });
      if (!person) {
        const existing = await users.findByEmail(tx, email);
        if (!existing) throw new Error(`the person ${email} vanished while being invited`);
        return { person: existing, invitationId: null };
      }
      const invitationId = await insertInvitation(tx, {
        user_id: person.id,
        email,
        invited_by: inviter.id,
      });
      return { person, invitationId };
    });
    return {
      created: outcome.invitationId !== null,
      user: toUserJson(outcome.person),
      mail: outcome.invitationId
        ? [{ invitationId: outcome.invitationId, email, name: names.display_name }]
        : [],
    };
  }

  /** The e-mails `record` owes, once its transaction has committed. */
  async function send(inviter: users.CurrentUser, mail: PendingInvitation[], log: FastifyBaseLogger) {
    if (mail.length > 0) await sendInvitations(ctx, mailer, inviter, mail, log);
  }

  return {
    async checkEmail(raw: string): Promise<CheckEmailResult> {
      const found = await users.findByEmail(db, requireEmail(raw));
      return { success: true, exists: found !== null, user: found ? toUserJson(found) : null };
    },

    /**
     * An address nobody has yet becomes a not-registered person invited by the caller, with an
     * invitation row and e-mail; an address somebody has is answered with that person, untouched.
     * The e-mail goes out after the commit: its failure is logged and never undoes the person.
     */
    async invite(
      inviter: users.CurrentUser,
      input: InviteRequest,
      log: FastifyBaseLogger,
    ): Promise<{ created: boolean; user: UserJson }> {
      const { mail, ...answer } = await record(db, inviter, input);
      await send(inviter, mail, log);
      return answer;
    },

    record,
    send,
  };
}

export type InviteService = ReturnType<typeof createInviteService>;

/** A not-registered person with a fresh invitations row, owed an e-mail once the transaction committed. */
export interface PendingInvitation {
  invitationId: string;
  email: string;
  /** How the inviter named them (their display name). */
  name: string;
  /** The group they were added to, named in the e-mail. */
  groupName?: string;
}

/**
 * Sends each invitation e-mail (naming the inviter, linking to PUBLIC_URL/register) in the inviter's language
 * (an invited address has no account, so nothing says what the person reads) and records sent_at
 * for those the mail server accepted. Call it after the commit that created the people, never inside
 * the transaction: a mail failure is only logged and undoes nothing. Every area that creates
 * not-registered people (invite, groups) sends through here with `app.mailer`.
 */
export async function sendInvitations(
  ctx: Pick<AppContext, 'db' | 'config'>,
  mailer: Mailer,
  inviter: users.CurrentUser,
  pending: readonly PendingInvitation[],
  log: FastifyBaseLogger,
): Promise<void> {
  const inviterName = toUserJson(inviter).name;
  const language = languageOfPerson(inviter);
  for (const invitation of pending) {
    const message = invitationMessage({
      to: invitation.email,
      inviteeName: invitation.name,
      inviterName,
      inviterEmail: inviter.email,
      registerUrl: `${ctx.config.publicUrl}/register`,
      groupName: invitation.groupName,
      language,
    });
    if (await mailer.send(message, 'invitation', log)) await markSent(ctx.db, invitation.invitationId);
  }
}
