import type { Language } from '@kitty/domain';
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
  /** The language to write in: the invited person's when known, else the inviter's. */
  language: Language;
}

/** The sentences of the invitation; `strong` and `group` wrap names (escaped first in the HTML part). */
interface InvitationWords {
  subject: (inviter: string) => string;
  greeting: (invitee: string) => string;
  added: (inviter: string, inviterEmail: string, group: string | null) => string;
  create: (address: string) => string;
  action: string;
  ignore: (inviter: string) => string;
}

const WORDS: Readonly<Record<Language, InvitationWords>> = {
  en: {
    subject: (inviter) => `${inviter} invited you to Kitty`,
    greeting: (invitee) => `Hello ${invitee},`,
    added: (inviter, inviterEmail, group) =>
      `${inviter} (${inviterEmail}) added you ${group === null ? 'to Kitty' : `to the group "${group}" on Kitty`}, the app where friends keep track of shared expenses and settle up.`,
    create: (address) => `Create your account with this e-mail address (${address}) to see what you share:`,
    action: 'Create your Kitty account',
    ignore: (inviter) => `If you do not know ${inviter}, you can ignore this e-mail.`,
  },
  // "Zve" and "Pozvánku posílá" say who invited without the past tense, which in Czech would need the
  // inviter's gender; "Dobrý den," needs no vocative of a name the inviter typed.
  cs: {
    subject: (inviter) => `${inviter} vás zve do Kitty`,
    greeting: () => 'Dobrý den,',
    added: (inviter, inviterEmail, group) =>
      `${inviter} (${inviterEmail}) vás zve ${group === null ? 'do aplikace Kitty' : `do skupiny „${group}“ v aplikaci Kitty`}, ve které si přátelé zapisují společné výdaje a vyrovnávají se.`,
    create: (address) =>
      `Založte si účet s touto e-mailovou adresou (${address}) a uvidíte, co spolu sdílíte:`,
    action: 'Založit účet v Kitty',
    ignore: (inviter) => `Pokud uživatele ${inviter} neznáte, můžete tento e-mail ignorovat.`,
  },
};

/** The invitation e-mail in plain text and simple HTML, in `mail.language`; every name is escaped in the HTML. */
export function invitationMessage(mail: InvitationMail): MailMessage {
  const { inviteeName, inviterName, inviterEmail, registerUrl, groupName, language } = mail;
  const words = WORDS[language];
  const group = groupName ? groupName : null;
  const text = [
    words.greeting(inviteeName),
    '',
    words.added(inviterName, inviterEmail, group),
    '',
    words.create(mail.to),
    registerUrl,
    '',
    words.ignore(inviterName),
    '',
  ].join('\n');
  const html = [
    '<!doctype html>',
    `<html lang="${language}"><body style="font-family: sans-serif; line-height: 1.5">`,
    `<p>${words.greeting(escapeHtml(inviteeName))}</p>`,
    `<p>${words.added(`<strong>${escapeHtml(inviterName)}</strong>`, escapeHtml(inviterEmail), group === null ? null : escapeHtml(group))}</p>`,
    `<p>${words.create(escapeHtml(mail.to))}</p>`,
    `<p><a href="${escapeHtml(registerUrl)}">${escapeHtml(words.action)}</a></p>`,
    `<p>${words.ignore(escapeHtml(inviterName))}</p>`,
    '</body></html>',
    '',
  ].join('\n');
  return { to: mail.to, subject: words.subject(inviterName), text, html, language };
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
