import type { MailMessage } from './mailer';

export interface InvitationMail {
  /** The invited address. */
  to: string;
  /** The invited person's name as the inviter gave it, or the part of the address before the @. */
  inviteeName: string;
  inviterName: string;
  inviterEmail: string;
  /** Where the invited person creates their account: PUBLIC_URL + '/register'. */
  registerUrl: string;
  /** The group they were added to, when a group form invited them. */
  groupName?: string;
}

/** The invitation e-mail in plain text and simple HTML; every name is escaped in the HTML. */
export function invitationMessage(mail: InvitationMail): MailMessage {
  const { inviteeName, inviterName, inviterEmail, registerUrl, groupName } = mail;
  const subject = `${inviterName} invited you to Kitty`;
  const where = (name: string) => (groupName ? `to the group "${name}" on Kitty` : 'to Kitty');
  const text = [
    `Hello ${inviteeName},`,
    '',
    `${inviterName} (${inviterEmail}) added you ${where(groupName ?? '')}, the app where friends keep track of shared expenses and settle up.`,
    '',
    `Create your account with this e-mail address (${mail.to}) to see what you share:`,
    registerUrl,
    '',
    `If you do not know ${inviterName}, you can ignore this e-mail.`,
    '',
  ].join('\n');
  const html = [
    '<!doctype html>',
    '<html><body style="font-family: sans-serif; line-height: 1.5">',
    `<p>Hello ${escapeHtml(inviteeName)},</p>`,
    `<p><strong>${escapeHtml(inviterName)}</strong> (${escapeHtml(inviterEmail)}) added you ${where(escapeHtml(groupName ?? ''))}, the app where friends keep track of shared expenses and settle up.</p>`,
    `<p>Create your account with this e-mail address (${escapeHtml(mail.to)}) to see what you share:</p>`,
    `<p><a href="${escapeHtml(registerUrl)}">Create your Kitty account</a></p>`,
    `<p>If you do not know ${escapeHtml(inviterName)}, you can ignore this e-mail.</p>`,
    '</body></html>',
    '',
  ].join('\n');
  return { to: mail.to, subject, text, html };
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}
