import type { Db } from '../db';

/** SQL of the invitations table: one row per invitation e-mail due to a not-registered person. */

export async function insertInvitation(
  db: Db,
  invitation: { user_id: string; email: string; invited_by: string; group_id?: string | null },
): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO invitations (user_id, email, invited_by, group_id) VALUES ($1, $2, $3, $4) RETURNING id`,
    [invitation.user_id, invitation.email, invitation.invited_by, invitation.group_id ?? null],
  );
  return rows[0]!.id;
}

/** Only after the SMTP server accepted the message. */
export async function markSent(db: Db, invitationId: string): Promise<void> {
  await db.query('UPDATE invitations SET sent_at = now() WHERE id = $1', [invitationId]);
}

/** The person registered: every open invitation of theirs is accepted. */
export async function markAccepted(db: Db, userId: string): Promise<void> {
  await db.query('UPDATE invitations SET accepted_at = now() WHERE user_id = $1 AND accepted_at IS NULL', [
    userId,
  ]);
}
