import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db';
import { invitationMessage } from '../mail/invitation';
import type { Mailer } from '../mail/mailer';
import { markSent } from '../users/invitations';
import { toUserJson } from '../users/present';
import type { CurrentUser } from '../users/repo';
import type { Invited } from './people';

export interface InviteMail {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  log: FastifyBaseLogger;
}

/**
 * The invitation e-mails of the people a group form created, after the commit (the users area's message).
 * A mail failure is logged by the mailer and never undoes the group; sent ones are marked.
 */
export async function sendInvitations(mail: InviteMail, inviter: CurrentUser, invited: readonly Invited[]) {
  const inviterName = toUserJson(inviter).name;
  for (const person of invited) {
    const message = invitationMessage({
      to: person.email,
      inviteeName: person.name,
      inviterName,
      inviterEmail: inviter.email,
      registerUrl: `${mail.publicUrl}/register`,
    });
    if (await mail.mailer.send(message, 'invitation', mail.log)) await markSent(mail.db, person.invitationId);
  }
}
