import type { Language } from '@kitty/domain';
import { escapeHtml } from './invitation';
import type { MailMessage } from './mailer';

export interface LinkMail {
  to: string;
  name: string;
  /** PUBLIC_URL + '/verify-email?token=…' or '/reset-password?token=…'. */
  url: string;
  /** The recipient's language (src/mail/language.ts). */
  language: Language;
}

interface LinkWords {
  subject: string;
  lead: string;
  action: string;
  after: string;
}

/** "Hello Jana,"; Czech greets without the name, whose vocative ("Jano") the server cannot make. */
const GREETING: Readonly<Record<Language, (name: string) => string>> = {
  en: (name) => `Hello ${name},`,
  cs: () => 'Dobrý den,',
};

const VERIFICATION: Readonly<Record<Language, (address: string) => LinkWords>> = {
  en: (address) => ({
    subject: 'Confirm your e-mail address for Kitty',
    lead: `Please confirm that ${address} is your e-mail address. Until you do, Kitty shows you nothing that others shared with this address.`,
    action: 'Confirm my e-mail address',
    after: 'The link works for 48 hours. If you did not create a Kitty account, you can ignore this e-mail.',
  }),
  cs: (address) => ({
    subject: 'Potvrďte svou e-mailovou adresu pro Kitty',
    lead: `Potvrďte prosím, že ${address} je vaše e-mailová adresa. Dokud ji nepotvrdíte, Kitty vám neukáže nic, co s touto adresou sdíleli ostatní.`,
    action: 'Potvrdit e-mailovou adresu',
    after: 'Odkaz platí 48 hodin. Pokud jste si účet v Kitty nezakládali, můžete tento e-mail ignorovat.',
  }),
};

const RESET: Readonly<Record<Language, LinkWords>> = {
  en: {
    subject: 'Reset your Kitty password',
    lead: 'Someone (hopefully you) asked to reset the password of your Kitty account.',
    action: 'Choose a new password',
    after:
      'The link works for one hour and only once. If you did not ask for it, ignore this e-mail: your password stays as it is.',
  },
  cs: {
    subject: 'Obnovení hesla do Kitty',
    lead: 'Někdo (doufejme, že vy) požádal o obnovení hesla k vašemu účtu v Kitty.',
    action: 'Zvolit nové heslo',
    after:
      'Odkaz platí jednu hodinu a jen jednou. Pokud jste o obnovení nežádali, tento e-mail ignorujte: vaše heslo zůstane beze změny.',
  },
};

/** The e-mail that proves an address: sent on registration and on "Resend". */
export function verificationMessage(mail: LinkMail): MailMessage {
  return linkMessage(mail, VERIFICATION[mail.language](mail.to));
}

/** The e-mail of "Forgot password?". */
export function resetMessage(mail: LinkMail): MailMessage {
  return linkMessage(mail, RESET[mail.language]);
}

function linkMessage(mail: LinkMail, words: LinkWords): MailMessage {
  const greeting = GREETING[mail.language];
  const text = [
    greeting(mail.name),
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
    `<html lang="${mail.language}"><body style="font-family: sans-serif; line-height: 1.5">`,
    `<p>${greeting(escapeHtml(mail.name))}</p>`,
    `<p>${escapeHtml(words.lead)}</p>`,
    `<p><a href="${escapeHtml(mail.url)}">${escapeHtml(words.action)}</a></p>`,
    `<p>${escapeHtml(words.after)}</p>`,
    '</body></html>',
    '',
  ].join('\n');
  return { to: mail.to, subject: words.subject, text, html, language: mail.language };
}
