import { escapeHtml } from './invitation';
import type { MailMessage } from './mailer';

export interface LinkMail {
  to: string;
  name: string;
  /** PUBLIC_URL + '/verify-email?token=…' or '/reset-password?token=…'. */
  url: string;
}

/** The e-mail that proves an address: sent on registration and on "Resend". */
export function verificationMessage(mail: LinkMail): MailMessage {
  return linkMessage(mail, {
    subject: 'Confirm your e-mail address for Kitty',
    lead: `Please confirm that ${mail.to} is your e-mail address. Until you do, Kitty shows you nothing that others shared with this address.`,
    action: 'Confirm my e-mail address',
    after: 'The link works for 48 hours. If you did not create a Kitty account, you can ignore this e-mail.',
  });
}

/** The e-mail of "Forgot password?". */
export function resetMessage(mail: LinkMail): MailMessage {
  return linkMessage(mail, {
    subject: 'Reset your Kitty password',
    lead: 'Someone (hopefully you) asked to reset the password of your Kitty account.',
    action: 'Choose a new password',
    after:
      'The link works for one hour and only once. If you did not ask for it, ignore this e-mail: your password stays as it is.',
  });
}

function linkMessage(
  mail: LinkMail,
  words: { subject: string; lead: string; action: string; after: string },
): MailMessage {
  const text = [
    `Hello ${mail.name},`,
    '',
    words.lead,
    '',
    `${words.action}:`,
    mail.url,
    '',
    words.after,
    '',
  ].join('\n');
  const html = [
    '<!doctype html>',
    '<html><body style="font-family: sans-serif; line-height: 1.5">',
    `<p>Hello ${escapeHtml(mail.name)},</p>`,
    `<p>${escapeHtml(words.lead)}</p>`,
    `<p><a href="${escapeHtml(mail.url)}">${escapeHtml(words.action)}</a></p>`,
    `<p>${escapeHtml(words.after)}</p>`,
    '</body></html>',
    '',
  ].join('\n');
  return { to: mail.to, subject: words.subject, text, html };
}
